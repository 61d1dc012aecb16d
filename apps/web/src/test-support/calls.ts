import { vi } from 'vitest';
import { jsonResponse } from './metadata';

/**
 * The server as a component meets it: each call answered by `answer` from its path (JSON), or
 * `[]` when it gives nothing. Every call's path, query and JSON body is kept, in order.
 */
export const serveCalls = (answer: (path: string) => { status: number; body: unknown } | undefined) => {
  const calls: { path: string; query: URLSearchParams; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname;
      calls.push({
        path,
        query: url.searchParams,
        body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      });
      const given = answer(path);
      return jsonResponse(given?.body ?? [], given?.status ?? 200);
    }),
  );
  return calls;
};

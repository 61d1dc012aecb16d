import {
  type BodyOf,
  CALLS,
  COOKIES,
  type CallName,
  type ErrorCode,
  type QueryOf,
  type ResponseOf,
  isErrorCode,
} from '@gatekeeper/contract/lite';

/** A call that answered with an HTTP error; `body` holds its parsed answer (error codes or a key). */
export class CallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`call failed with HTTP ${status}`);
  }
}

/**
 * The error codes (translation keys) of a failed call: a refusal (4xx) or a 503 "try again in a
 * minute" lists them; other faults, and bodies that are not codes (a proxy's page), give none.
 */
export const errorCodesOf = (error: unknown): ErrorCode[] => {
  if (!(error instanceof CallError)) return [];
  if (!((error.status >= 400 && error.status < 500) || error.status === 503)) return [];
  const body: unknown[] = Array.isArray(error.body) ? error.body : [error.body];
  return body.filter(isErrorCode);
};

/**
 * The anti-forgery cookie's names: `__Host-XSRF-TOKEN` on https, `XSRF-TOKEN` on plain http. The
 * prefixed one comes first: on https the server compares the header with it alone, and an
 * unprefixed cookie beside it (one a sibling subdomain planted, or left from before) is not ours.
 */
const CSRF_NAMES = [`__Host-${COOKIES.csrf.name}`, COOKIES.csrf.name];

/** The anti-forgery token the server set, read from whichever of its cookies the browser holds. */
const csrfToken = (): string | undefined => {
  const entries = document.cookie.split('; ');
  for (const name of CSRF_NAMES) {
    const entry = entries.find((candidate) => candidate.startsWith(`${name}=`));
    if (entry) return entry.slice(name.length + 1);
  }
  return undefined;
};

export type CallOptions<N extends CallName> = {
  signal?: AbortSignal;
  /** Lets the call finish when the page navigates away (a record made just before leaving). */
  keepalive?: boolean;
} & ([BodyOf<N>] extends [never] ? { body?: undefined } : { body: BodyOf<N> }) &
  ([QueryOf<N>] extends [never] ? { query?: undefined } : { query: QueryOf<N> });

type OptionalIfEmpty<N extends CallName> = [BodyOf<N>] extends [never]
  ? [QueryOf<N>] extends [never]
    ? [options?: CallOptions<N>]
    : [options: CallOptions<N>]
  : [options: CallOptions<N>];

const readAnswer = async (response: Response, answer: 'json' | 'text'): Promise<unknown> => {
  const text = await response.text();
  if (answer === 'text' && response.ok) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * The one way the page calls the site: method and path from the contract's call table, JSON in,
 * and the anti-forgery header on every call (the server asks it of writes and of console reads). The server validates every
 * request with the contract's schemas; the answer types come from the same schemas.
 */
export const callApi = async <N extends CallName>(
  name: N,
  ...[options]: OptionalIfEmpty<N>
): Promise<ResponseOf<N>> => {
  const call = CALLS[name];
  const query = options?.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const headers: Record<string, string> = { accept: call.answer === 'text' ? 'text/plain' : 'application/json' };
  // Every call carries it, GETs too: a console read is audited and keeps the step-up alive.
  const token = csrfToken();
  if (token) headers[COOKIES.csrf.header] = token;
  let body: string | undefined;
  if (options?.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(call.path + query, {
    method: call.method,
    headers,
    body,
    credentials: 'same-origin',
    signal: options?.signal,
    keepalive: options?.keepalive,
  });
  const answer = await readAnswer(response, call.answer);
  if (!response.ok) throw new CallError(response.status, answer);
  return answer as ResponseOf<N>;
};

import type { CallName, PageRead } from '@gatekeeper/contract';

/**
 * The public reads a server answers from memory, for the pre-rendered pages (decision 040): a
 * feature whose cache holds a call's answer provides it here, and says when its cache has been
 * read again; the pre-rendered pages put those answers into the pages that show them and render
 * a page again when an answer it was rendered with has changed.
 */
export interface PageAnswers {
  /**
   * `call` is answered from memory: `json` gives the exact JSON the call sends for a query, or
   * undefined while the feature has not read it yet (a page then leaves it to the browser).
   */
  provide(call: CallName, json: (query: Readonly<Record<string, string>> | undefined) => string | undefined): void;
  /** The answer of a read as the call sends it; undefined when not provided or not read yet. */
  json(read: PageRead): string | undefined;
  /** A feature's cache was read again: its answers may have changed. */
  changed(): void;
  onChange(listener: () => void): void;
}

export const pageAnswers = (): PageAnswers => {
  const providers = new Map<CallName, (query: Readonly<Record<string, string>> | undefined) => string | undefined>();
  const listeners: (() => void)[] = [];
  return {
    provide: (call, json) => {
      providers.set(call, json);
    },
    json: (read) => providers.get(read.call)?.(read.query),
    changed: () => {
      for (const listener of listeners) listener();
    },
    onChange: (listener) => {
      listeners.push(listener);
    },
  };
};

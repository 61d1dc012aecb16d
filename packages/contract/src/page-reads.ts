import type { CallName } from './calls';

/**
 * A public read a page shows (decision 040): the call and its query. A pre-rendered page carries
 * the answers of the reads its route declares, so its rows are in the HTML and the browser
 * hydrates with them instead of asking first.
 */
export interface PageRead {
  call: CallName;
  query?: Readonly<Record<string, string>>;
}

/**
 * The key a read's answer has in a page's data: the call's name, and its query in key order
 * (`getNews?language=ru`), so the server that writes and the page that reads agree.
 */
export const pageReadKey = (call: CallName, query?: Readonly<Record<string, string>>): string => {
  const entries = Object.entries(query ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length === 0 ? call : `${call}?${new URLSearchParams(entries).toString()}`;
};

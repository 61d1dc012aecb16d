/**
 * Texts that cost the browser to compute but not the server to send: the server's pre-rendered
 * page carries the ones its render wrote (page data), and the browser adopts them, so that
 * hydration does not pay for work the server already did (Intl's first date format costs about
 * 20 ms on a desktop CPU, four times that on a phone). Keys start with the page's language.
 */
const written = new Map<string, string>();

/** The text of a key, computed once (or adopted from the server's page). */
export const writtenOnce = (key: string, write: () => string): string => {
  const known = written.get(key);
  if (known !== undefined) return known;
  const text = write();
  written.set(key, text);
  return text;
};

/** The texts written so far in a language, for the page data of a pre-rendered page. */
export const writtenTextsIn = (language: string): Record<string, string> =>
  Object.fromEntries([...written].filter(([key]) => key.startsWith(`${language} `)));

/** Texts the server wrote into the page: the same text, without computing it again. */
export const adoptWrittenTexts = (texts: Record<string, string>): void => {
  for (const [key, text] of Object.entries(texts)) written.set(key, text);
};

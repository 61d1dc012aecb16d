/**
 * One GET of an external JSON API (YouTube Data API, Facebook Graph API) with a timeout. The body
 * is the parsed JSON, or undefined when the answer was not JSON; each client turns a refusal into
 * its own error from the status, the body and the raw text.
 */
export interface JsonAnswer {
  ok: boolean;
  status: number;
  body: unknown;
  text: string;
}

export const fetchJson = async (url: URL, timeoutMs = 10_000): Promise<JsonAnswer> => {
  const response = await fetch(url, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { ok: response.ok, status: response.status, body, text };
};

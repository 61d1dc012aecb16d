import type { IncomingMessage } from 'node:http';

/**
 * One request header read from the raw list. Node builds `request.headers` on first access, an
 * object of every header; the front door reads one or two of them per answer, and that object was
 * a few percent of a small answer's time. Repeated headers are joined as Node joins them: cookies
 * by "; ", the others read here by ", ".
 */
export const headerOf = (request: IncomingMessage, name: string): string | undefined => {
  const raw = request.rawHeaders;
  const separator = name === 'cookie' ? '; ' : ', ';
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const field = raw[i] as string;
    if (field.length === name.length && field.toLowerCase() === name) {
      const found = raw[i + 1] as string;
      value = value === undefined ? found : `${value}${separator}${found}`;
    }
  }
  return value;
};

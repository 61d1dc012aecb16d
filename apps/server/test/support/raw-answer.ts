import { request } from 'node:http';

export type RawAnswer = { status: number; headers: Record<string, unknown>; body: Buffer };

/** A request over the socket, its answer as sent: status, headers and the body not decompressed. */
export const rawAnswer = (url: string, method: string, headers: Record<string, string> = {}) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const req = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });

/** Headers that depend on the connection or the moment, not on the answer. */
const TRANSPORT = ['date', 'connection', 'keep-alive'];

/** The answer's own headers: without the transport's, nor the others named. */
export const answerHeaders = (headers: Record<string, unknown>, alsoLeftOut: string[] = []) => {
  const leftOut = new Set([...TRANSPORT, ...alsoLeftOut]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !leftOut.has(name)));
};

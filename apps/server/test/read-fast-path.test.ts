import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, startApp } from './app-under-test';
import { type TestDatabases, createTestDatabases } from './databases';

/** Headers that depend on the connection or the moment, not on the answer. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive']);
const answerHeaders = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSPORT.has(name)));

/** A request over the socket, its body as sent (no decompression). */
const raw = (url: string, method: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
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

/**
 * The hot read calls are answered before Fastify (infra/read-fast-path.ts) when asked with a plain
 * GET, and by their Fastify route otherwise: both must give the very same answer.
 */
describe('the read fast path', () => {
  let databases: TestDatabases;
  let site: AppUnderTest;
  beforeAll(async () => {
    databases = await createTestDatabases('sqlite');
    site = await startApp(databases);
  });
  afterAll(async () => {
    await site?.close();
    await databases?.drop();
  });

  describe.each(['/sdk/getmetadata', '/sdk/getserverstatus', '/sdk/getscorestatistics', '/sdk/getclassstatistics'])(
    '%s',
    (path) => {
      it.each<Record<string, string>>([{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'gzip, deflate, br' }])(
        'answers a GET with %j over the socket exactly as its Fastify route does',
        async (headers: Record<string, string>) => {
          const fast = await raw(`${site.url}${path}`, 'GET', headers);
          const routed = await site.app.inject({ method: 'GET', url: path, headers });
          expect(fast.status).toBe(200);
          expect(routed.statusCode).toBe(200);
          expect(fast.body.equals(routed.rawPayload)).toBe(true);
          expect(answerHeaders(fast.headers)).toEqual(answerHeaders(routed.headers));
          expect(fast.headers['x-content-type-options']).toBe('nosniff');
          expect(fast.headers['content-type']).toBe('application/json; charset=utf-8');
        },
      );

      it('leaves a GET with a query string and a HEAD to Fastify, with the same answer', async () => {
        const plain = await raw(`${site.url}${path}`, 'GET', {});
        const withQuery = await raw(`${site.url}${path}?utm_source=forum`, 'GET', {});
        expect(withQuery.status).toBe(200);
        expect(withQuery.body.equals(plain.body)).toBe(true);
        const head = await raw(`${site.url}${path}`, 'HEAD', {});
        expect(head.status).toBe(200);
        expect(head.body.length).toBe(0);
        expect(head.headers['content-length']).toBe(plain.headers['content-length']);
      });
    },
  );

  it('compresses a long ranking for a client that accepts it, and not a short answer', async () => {
    const ranking = await raw(`${site.url}/sdk/getscorestatistics`, 'GET', { 'accept-encoding': 'br' });
    expect(ranking.headers['content-encoding']).toBe('br');
    expect(ranking.headers.vary).toBe('accept-encoding');
    const metadata = await raw(`${site.url}/sdk/getmetadata`, 'GET', { 'accept-encoding': 'br' });
    expect(metadata.headers['content-encoding']).toBeUndefined();
  });

  it('answers anything else, and other methods on these paths, through Fastify', async () => {
    expect((await raw(`${site.url}/sdk/getmetadata`, 'POST', {})).status).toBe(404);
    expect((await raw(`${site.url}/sdk/nosuchcall`, 'GET', {})).status).toBe(404);
    expect((await raw(`${site.url}/healthz`, 'GET', {})).status).toBe(200);
  });
});

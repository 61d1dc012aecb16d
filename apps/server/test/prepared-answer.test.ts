import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { useSite } from './support/use-site';
import { answerHeaders, rawAnswer } from './support/raw-answer';

/**
 * The hot read calls answer prepared bytes (infra/prepared-answer.ts, decision 023), at the front
 * door and on their Fastify routes alike: the same bytes and headers whatever else the request
 * carries.
 */
describe('the prepared answers of the hot reads', () => {
  const site = useSite('sqlite');

  describe.each(['/sdk/getmetadata', '/sdk/getserverstatus', '/sdk/getscorestatistics', '/sdk/getclassstatistics'])(
    '%s',
    (path) => {
      it.each<Record<string, string>>([{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'gzip, deflate, br' }])(
        'answers a GET with %j with its length, type and the API headers',
        async (headers: Record<string, string>) => {
          const answer = await rawAnswer(`${site.url}${path}`, 'GET', headers);
          expect(answer.status).toBe(200);
          expect(answer.headers['content-length']).toBe(String(answer.body.length));
          expect(answer.headers['x-content-type-options']).toBe('nosniff');
          expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
          const again = await site.app.inject({ method: 'GET', url: path, headers });
          expect(again.rawPayload.equals(answer.body)).toBe(true);
          expect(answerHeaders(again.headers)).toEqual(answerHeaders(answer.headers));
        },
      );

      it('answers a GET with a query string and a HEAD with the same answer', async () => {
        const plain = await rawAnswer(`${site.url}${path}`, 'GET', {});
        const withQuery = await rawAnswer(`${site.url}${path}?utm_source=forum`, 'GET', {});
        expect(withQuery.status).toBe(200);
        expect(withQuery.body.equals(plain.body)).toBe(true);
        const head = await rawAnswer(`${site.url}${path}`, 'HEAD', {});
        expect(head.status).toBe(200);
        expect(head.body.length).toBe(0);
        expect(head.headers['content-length']).toBe(plain.headers['content-length']);
      });
    },
  );

  it('compresses a long ranking for a client that accepts it, and not a short answer', async () => {
    const ranking = await rawAnswer(`${site.url}/sdk/getscorestatistics`, 'GET', { 'accept-encoding': 'br' });
    expect(ranking.headers['content-encoding']).toBe('br');
    expect(ranking.headers.vary).toBe('accept-encoding');
    const metadata = await rawAnswer(`${site.url}/sdk/getmetadata`, 'GET', { 'accept-encoding': 'br' });
    expect(metadata.headers['content-encoding']).toBeUndefined();
  });

  it('answers other methods on these paths, and unknown paths, 404', async () => {
    expect((await rawAnswer(`${site.url}/sdk/getmetadata`, 'POST', {})).status).toBe(404);
    expect((await rawAnswer(`${site.url}/sdk/nosuchcall`, 'GET', {})).status).toBe(404);
    expect((await rawAnswer(`${site.url}/healthz`, 'GET', {})).status).toBe(200);
  });
});

/** Opens a connection, sends one keep-alive request on it, and tells when the server closes it. */
const idleConnection = (url: string) =>
  new Promise<{ closed: Promise<number> }>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname);
    socket.once('error', reject);
    socket.once('connect', () => socket.write(`GET /sdk/getmetadata HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`));
    socket.once('data', () => {
      const answeredAt = Date.now();
      resolve({ closed: new Promise((done) => socket.once('close', () => done(Date.now() - answeredAt))) });
    });
  });

describe('the HTTP timeouts', () => {
  const site = useSite('sqlite', {
    app: { env: { HTTP_KEEP_ALIVE_SECONDS: '7', HTTP_REQUEST_TIMEOUT_SECONDS: '12' } },
  });

  it('keeps an idle keep-alive connection open for the configured time, past the 5 s of Node itself', async () => {
    // The request is one the front door answers: it runs on Fastify's server, with its timeouts.
    const frontDoor = site.app.frontDoor;
    if (!frontDoor) throw new Error('the site has no front door');
    const answered = vi.spyOn(frontDoor, 'answer');
    const connection = await idleConnection(site.url);
    expect(answered.mock.results.map((result) => result.value as boolean)).toEqual([true]);
    const outcome = await Promise.race([
      connection.closed.then((ms) => `closed after ${ms} ms`),
      new Promise((done) => setTimeout(() => done('open at 5.8 s'), 5_800)),
    ]);
    expect(outcome).toBe('open at 5.8 s');
    expect(await connection.closed).toBeGreaterThanOrEqual(6_500);
  }, 15_000);

  it('runs the server with the configured request timeout', () => {
    expect([site.app.server.keepAliveTimeout, site.app.server.requestTimeout]).toEqual([7_000, 12_000]);
  });
});

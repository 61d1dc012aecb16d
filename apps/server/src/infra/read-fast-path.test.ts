import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadFastPath, prepareAnswer } from './read-fast-path';

/** The server the app gets: what the fast path does not answer reaches the fallback (Fastify). */
describe('ReadFastPath', () => {
  const fallbackSaw: string[] = [];
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const fastPath = new ReadFastPath();
    fastPath.add('/sdk/getmetadata', (acceptEncoding) =>
      prepareAnswer({ 'content-type': 'application/json' }, JSON.stringify({ acceptEncoding: acceptEncoding ?? null })),
    );
    server = fastPath.serverFactory((request, response) => {
      fallbackSaw.push(`${request.method} ${request.url}`);
      response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('answers a GET of a registered path itself, with the API headers and the length', async () => {
    const response = await fetch(`${url}/sdk/getmetadata`, { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ acceptEncoding: 'br' });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-length')).toBe(String(JSON.stringify({ acceptEncoding: 'br' }).length));
    expect(fallbackSaw).toEqual([]);
  });

  it('passes every other request on', async () => {
    await fetch(`${url}/sdk/getmetadata?x=1`);
    await fetch(`${url}/sdk/getmetadata`, { method: 'HEAD' });
    await fetch(`${url}/sdk/getmetadata`, { method: 'POST' });
    await fetch(`${url}/healthz`);
    expect(fallbackSaw).toEqual([
      'GET /sdk/getmetadata?x=1',
      'HEAD /sdk/getmetadata',
      'POST /sdk/getmetadata',
      'GET /healthz',
    ]);
  });
});

import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useSite } from './support/use-site';

/** A GET of this path over the socket: its status, body and the milliseconds until the answer ended. */
const timedGet = (base: string, path: string) =>
  new Promise<{ status: number; ms: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const startedAt = performance.now();
    const req = request({ hostname, port, path, method: 'GET', agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - startedAt, body }));
    });
    req.on('error', reject);
    req.end();
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The median time of a few requests of one path, after one to warm the route up. */
const medianMs = async (base: string, path: string) => {
  await timedGet(base, path);
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) times.push((await timedGet(base, path)).ms);
  return median(times);
};

/**
 * A path's cost depends on its length, not on its shape: 16,000 slashes and a letter cost what
 * 16,000 letters do (the old trailing-slash pattern made them quadratic: 0.2 s of CPU each, which
 * four clients turned into a second's wait for every other visitor). Compared, not timed against
 * a deadline: the margin is wide, the quadratic cost is a hundred times over it.
 */
describe('a long path of slashes', () => {
  const site = useSite('sqlite', { app: { serveWebApp: true, env: { ACCESS_LOG: 'all' } } });

  const slashes = `/${'/'.repeat(16_000)}a`;
  const letters = `/${'a'.repeat(16_001)}`;

  it('is answered as the not-found page, as fast as a path of letters of its length', async () => {
    expect((await timedGet(site.url, slashes)).status).toBe(404);
    expect((await timedGet(site.url, letters)).status).toBe(404);
    const [slashesMs, lettersMs] = [await medianMs(site.url, slashes), await medianMs(site.url, letters)];
    expect(slashesMs, `slashes ${slashesMs} ms, letters ${lettersMs} ms`).toBeLessThan(lettersMs * 4 + 20);
  });

  it('with a query, as the access log writes it, costs what letters cost', async () => {
    const [slashesMs, lettersMs] = [
      await medianMs(site.url, `${slashes}?x=1`),
      await medianMs(site.url, `${letters}?x=1`),
    ];
    expect(slashesMs, `slashes ${slashesMs} ms, letters ${lettersMs} ms`).toBeLessThan(lettersMs * 4 + 20);
  });

  it('still finds a page written with a few trailing slashes', async () => {
    expect((await timedGet(site.url, '/register///')).status).toBe(200);
    expect((await timedGet(site.url, `/register${'/'.repeat(600)}`)).status).toBe(404);
  });
});

describe('a URL the router cannot decode', () => {
  const site = useSite('sqlite', { app: { serveWebApp: true } });

  it('is refused with formInvalid, without repeating what was sent', async () => {
    for (const path of ['/sdk/%zz<script>alert(1)</script>', '/sdk/getmetadata%E0%A4%A?x=<b>']) {
      const answer = await timedGet(site.url, path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body), path).toEqual(['formInvalid']);
      expect(answer.body).not.toContain('script');
      expect(answer.body).not.toContain('%');
    }
  });
});

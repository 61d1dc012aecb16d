import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testEnvironment } from './app-under-test';
import { rawPost } from './support/raw-post';
import { type TestDatabases, createTestDatabases } from './databases';
import { useSite } from './support/use-site';
import { type SiteProcess, startSiteProcess } from './support/site-process';

/**
 * A client that sends a call's headers at once, then its body a byte every `everyMs`: the shape
 * of a slow-body attack. `closed` resolves with the milliseconds from the first byte to the close,
 * and `answer` holds what the server wrote.
 */
const slowBody = (port: number, everyMs = 250) => {
  const body = JSON.stringify({ username: 'slowloris', password: 'secret12', captcha: 'x'.repeat(2_000) });
  const { socket, closed, answer } = rawPost(port, body, 0);
  let sent = 0;
  const drip = setInterval(() => {
    if (socket.destroyed || sent >= body.length) return clearInterval(drip);
    socket.write(body[sent] ?? '');
    sent += 1;
  }, everyMs);
  return {
    closed,
    answer,
    stop: () => {
      clearInterval(drip);
      socket.destroy();
    },
  };
};

describe('a request whose body arrives slowly', () => {
  const site = useSite('sqlite', { app: { env: { HTTP_REQUEST_TIMEOUT_SECONDS: '2' } } });
  const clients: ReturnType<typeof slowBody>[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.stop();
  });

  it('runs Node with a headers limit no longer than the request limit (else Node takes the larger)', () => {
    expect(site.app.server.requestTimeout).toBe(2_000);
    expect(site.app.server.headersTimeout).toBeLessThanOrEqual(site.app.server.requestTimeout);
  });

  it('is answered 408 and closed once the request limit has passed, not at 60 s', async () => {
    const { port } = new URL(site.url);
    const client = slowBody(Number(port));
    clients.push(client);
    const outcome = await Promise.race([
      client.closed.then((ms) => ({ closedAfterMs: ms })),
      new Promise<string>((done) => setTimeout(() => done('still open at 8 s'), 8_000)),
    ]);
    expect(outcome).toEqual({ closedAfterMs: expect.any(Number) as number });
    expect((outcome as { closedAfterMs: number }).closedAfterMs).toBeGreaterThanOrEqual(1_900);
    expect(client.answer()).toMatch(/^HTTP\/1\.1 408 /);
  }, 12_000);
});

/**
 * SIGTERM while many clients send their bodies a byte at a time (HTTP_REQUEST_TIMEOUT_SECONDS
 * at its default, 30 s): the instance waits a short grace for them, closes them, runs its close
 * hooks and exits 0, well before the 10 s forced exit.
 */
describe('a stopping instance with slow requests in flight', () => {
  let databases: TestDatabases;
  let site: SiteProcess;
  const clients: ReturnType<typeof slowBody>[] = [];
  beforeAll(async () => {
    databases = await createTestDatabases('sqlite', { seed: false });
    site = await startSiteProcess({ env: testEnvironment(databases) });
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) client.stop();
    await site?.dispose();
    await databases?.drop();
  });

  it('closes them and exits 0 within its bound', async () => {
    for (let i = 0; i < 40; i += 1) clients.push(slowBody(site.port, 200));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stoppedAt = Date.now();
    site.child.kill('SIGTERM');
    const code = await site.exited;
    expect(code, site.output()).toBe(0);
    expect(site.output()).not.toContain('longer than 10 s');
    expect(Date.now() - stoppedAt).toBeLessThan(8_000);
    await Promise.all(clients.map((client) => client.closed));
  }, 20_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactedUrl } from '../src/infra/request-log';
import { type AppUnderTest, startApp } from './app-under-test';
import { type TestDatabases, createTestDatabases } from './databases';

describe('the access log', () => {
  let databases: TestDatabases;
  let site: AppUnderTest;
  const lines: string[] = [];

  beforeAll(async () => {
    databases = await createTestDatabases('sqlite');
    site = await startApp(databases, {
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await site?.close();
    await databases?.drop();
  });

  it('leaves out the recovery key of getnewpassword and the e-mail of getreferrallink', async () => {
    const key = 'k3yThatMustNotBeLogged0123456789';
    await fetch(`${site.url}/sdk/getnewpassword?key=${key}`);
    await fetch(
      `${site.url}/sdk/getreferrallink?email=secret.player%40example.com&username=secretplayer&captcha=c4ptch4`,
    );
    await fetch(`${site.url}/sdk/getReferralLink/?email=other.player%40example.com`);
    await expect.poll(() => lines.filter((line) => line.includes('"msg":"answered"')).length).toBe(3);
    const log = lines.join('\n');
    expect(log).toContain('/sdk/getnewpassword?[redacted]');
    expect(log).toContain('/sdk/getreferrallink?[redacted]');
    for (const secret of [key, 'secret.player', 'secretplayer', 'c4ptch4', 'other.player']) {
      expect(log).not.toContain(secret);
    }
  });

  it('writes one line per answer, the hot reads included, with method, address, status and time', async () => {
    const before = lines.length;
    for (const path of ['/sdk/getmetadata', '/sdk/getscorestatistics', '/sdk/nosuchcall'])
      await fetch(`${site.url}${path}`);
    await expect.poll(() => lines.length - before).toBe(3);
    const written = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(written.map((line) => [line.msg, (line.req as { method: string; url: string }).url])).toEqual([
      ['answered', '/sdk/getmetadata'],
      ['answered', '/sdk/getscorestatistics'],
      ['answered', '/sdk/nosuchcall'],
    ]);
    expect(written.map((line) => (line.res as { statusCode: number }).statusCode)).toEqual([200, 200, 404]);
    for (const line of written) expect(line.responseTime).toEqual(expect.any(Number));
  });

  it('keeps the query of other calls', () => {
    expect(redactedUrl('/sdk/getscorestatistics?server=1')).toBe('/sdk/getscorestatistics?server=1');
    expect(redactedUrl('/sdk/getnewpassword')).toBe('/sdk/getnewpassword');
    expect(redactedUrl('/sdk/%67etnewpassword?key=x')).toBe('/sdk/%67etnewpassword?[redacted]');
  });
});

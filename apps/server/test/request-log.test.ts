import { describe, expect, it } from 'vitest';
import { redactedUrl } from '../src/infra/request-log';
import { VOTE_CALLBACK_PATH } from '../src/features/votes/routes';
import { useSite } from './support/use-site';

type Line = {
  reqId?: string;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
};

/** A site whose log lines the test reads, with the given access-log environment. */
const loggingSite = (env: Record<string, string>) => {
  const lines: string[] = [];
  const site = useSite('sqlite', {
    app: {
      env: { LOG_LEVEL: 'info', ...env },
      serveWebApp: true,
      logStream: { write: (line) => void lines.push(line) },
    },
  });
  const url = () => site.url;
  /** The access lines written for these requests, made one after another. */
  const answeredFor = async (requests: (string | { path: string; init: RequestInit })[]) => {
    const before = lines.length;
    for (const request of requests) {
      const { path, init } = typeof request === 'string' ? { path: request, init: {} } : request;
      await (await fetch(`${url()}${path}`, init)).arrayBuffer();
    }
    // A line of this batch is written as its answer goes; a last, logged request marks the end.
    await (await fetch(`${url()}/sdk/nosuchcall?end`)).arrayBuffer();
    await expect.poll(() => lines.slice(before).some((line) => line.includes('nosuchcall?end'))).toBe(true);
    return lines
      .slice(before)
      .map((line) => JSON.parse(line) as Line)
      .filter((line) => line.msg.startsWith('answered') && !line.req?.url.endsWith('?end'))
      .map((line) => `${line.req?.method} ${line.req?.url} ${line.res?.statusCode}`);
  };
  return { lines, url, answeredFor };
};

const PUBLIC_READS = [
  '/',
  '/ru/registratsiya',
  '/locales/ru.json',
  '/sdk/getmetadata',
  '/sdk/getscorestatistics',
  '/sdk/ischaracterexist?name=DemoKnight',
  '/healthz',
];
const unknownCall = '/sdk/nosuchcall';
const refusedRegistration = {
  path: '/sdk/createaccount',
  init: { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } },
};

describe('the access log with ACCESS_LOG=all', () => {
  const log = loggingSite({ ACCESS_LOG: 'all' });

  it('leaves out the recovery key of getnewpassword and the e-mail of getreferrallink', async () => {
    const key = 'k3yThatMustNotBeLogged0123456789';
    const written = await log.answeredFor([
      `/sdk/getnewpassword?key=${key}`,
      '/sdk/getreferrallink?email=secret.player%40example.com&username=secretplayer&captcha=c4ptch4',
      '/sdk/getReferralLink/?email=other.player%40example.com',
    ]);
    expect(written).toHaveLength(3);
    const text = log.lines.join('\n');
    expect(text).toContain('/sdk/getnewpassword?[redacted]');
    expect(text).toContain('/sdk/getreferrallink?[redacted]');
    for (const secret of [key, 'secret.player', 'secretplayer', 'c4ptch4', 'other.player']) {
      expect(text).not.toContain(secret);
    }
  });

  it('writes one line per answer, the public reads included, with method, address, status and time', async () => {
    expect(await log.answeredFor([...PUBLIC_READS, unknownCall])).toEqual([
      ...PUBLIC_READS.map((path) => `GET ${path} 200`),
      `GET ${unknownCall} 404`,
    ]);
    const last = log.lines.map((line) => JSON.parse(line) as Line).findLast((line) => line.msg === 'answered');
    expect(last?.responseTime).toEqual(expect.any(Number));
    // The request's logger is made when its line is written, with the request's id.
    expect(last?.reqId).toMatch(/^req-/);
  });

  it('writes the lines of the answers the front door sent as Fastify writes its own', async () => {
    await log.answeredFor(['/sdk/getmetadata', '/sdk/nosuchcall']);
    const lines = log.lines.map((line) => JSON.parse(line) as Line & { req?: Record<string, unknown> });
    const front = lines.findLast((line) => line.req?.url === '/sdk/getmetadata');
    const routed = lines.findLast((line) => line.req?.url === '/sdk/nosuchcall');
    expect(Object.keys(front?.req ?? {}).sort()).toEqual(Object.keys(routed?.req ?? {}).sort());
    expect(front).toMatchObject({
      msg: 'answered',
      reqId: expect.stringMatching(/^req-/),
      req: { method: 'GET', remoteAddress: '127.0.0.1', remotePort: expect.any(Number) },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(front?.reqId).not.toBe(routed?.reqId);
  });

  it('keeps the query of other calls', () => {
    expect(redactedUrl('/sdk/getscorestatistics?server=1')).toBe('/sdk/getscorestatistics?server=1');
    expect(redactedUrl('/sdk/getnewpassword')).toBe('/sdk/getnewpassword');
    expect(redactedUrl('/sdk/%67etnewpassword?key=x')).toBe('/sdk/%67etnewpassword?[redacted]');
  });

  it("leaves out a vote site's callback query: GTop100's pingback key and the voter's address", async () => {
    const callback = VOTE_CALLBACK_PATH.replace(':site', 'gtop100');
    const key = 'pingbackKeyThatMustNotBeLogged42';
    const written = await log.answeredFor([`${callback}?pingbackkey=${key}&VoterIP=203.0.113.9&Successful=0`]);
    expect(written).toEqual([`GET ${callback}?[redacted] 404`]);
    const text = log.lines.join('\n');
    expect(text).not.toContain(key);
    expect(text).not.toContain('203.0.113.9');
    expect(redactedUrl(`${callback.toUpperCase()}/?pingbackkey=${key}`)).not.toContain(key);
  });
});

describe('the access log by default (ACCESS_LOG=changes)', () => {
  const log = loggingSite({});

  it('leaves out the public reads that went well, and writes every call that can change something', async () => {
    // A page's first render may take longer than the slow limit (and is then written): done first.
    await log.answeredFor(PUBLIC_READS);
    expect(
      await log.answeredFor([
        ...PUBLIC_READS,
        refusedRegistration,
        // A recovery link changes a password, though it is a GET.
        '/sdk/getnewpassword?key=nosuchkey',
        unknownCall,
        '/no/such/page',
      ]),
    ).toEqual([
      'POST /sdk/createaccount 403',
      'GET /sdk/getnewpassword?[redacted] 400',
      `GET ${unknownCall} 404`,
      'GET /no/such/page 404',
    ]);
  });
});

describe('the access log with every answer slow (ACCESS_LOG_SLOW_MS=0)', () => {
  const log = loggingSite({ ACCESS_LOG_SLOW_MS: '0' });

  it('writes a public read that took longer than the limit', async () => {
    expect(await log.answeredFor(['/sdk/getmetadata'])).toEqual(['GET /sdk/getmetadata 200']);
  });
});

describe('the access log with ACCESS_LOG=off', () => {
  const log = loggingSite({ ACCESS_LOG: 'off' });

  it('writes no access line, not even for a call that changes something', async () => {
    const before = log.lines.length;
    await fetch(`${log.url()}/sdk/createaccount`, refusedRegistration.init);
    await fetch(`${log.url()}/sdk/nosuchcall`);
    // Nothing to wait for: the answers have gone, and the line would have been written with them.
    expect(log.lines.slice(before).filter((line) => line.includes('"msg":"answered"'))).toEqual([]);
  });
});

// Part of `npm run bench`: sign-ins per second on a flavour's password hashes (each with its
// captcha challenge and check), and what a signed-in view of My account costs beside the public
// reads: its page (the pre-rendered shell, the same for everyone) and then its read, GET /sdk/account.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { load } from './load.mjs';

const CSRF = { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' };
const PASSWORD = 'Bench1!pass';
let addresses = 0;
/** Each call from its own address (the bench site trusts its proxy), so no per-address limit applies. */
const nextAddress = () => {
  addresses += 1;
  return `10.${200 + ((addresses >> 16) & 15)}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

const solvedCaptcha = async (url, address) => {
  const challenge = await (
    await fetch(`${url}/sdk/captcha/challenge`, { headers: { 'x-forwarded-for': address } })
  ).json();
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

const post = async (url, path, address, body) => {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...CSRF },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, body: await response.json(), cookies: response.headers.getSetCookie() };
};

/** Accounts made through the site, so their hashes are the ones it writes (BCrypt cost 10 on aCis). */
const register = async (url, username) => {
  const address = nextAddress();
  const email = `${username}@example.com`;
  const captcha = await solvedCaptcha(url, address);
  const answer = await post(url, '/sdk/createaccount', address, {
    username,
    newPassword: PASSWORD,
    confirmPassword: PASSWORD,
    email,
    confirmEmail: email,
    captcha,
  });
  if (!answer.ok) throw new Error(`bench account ${username} not created: ${JSON.stringify(answer.body)}`);
};

const signIn = async (url, username) => {
  const address = nextAddress();
  const captcha = await solvedCaptcha(url, address);
  return post(url, '/sdk/signin', address, { username, password: PASSWORD, captcha });
};

const percentile = (sorted, p) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0);

export const signInFigures = async ({ siteUrl, duration, concurrency, headers, connections, readDuration }) => {
  const prefix = `bs${Date.now().toString(36).slice(-5)}`;
  const logins = Array.from({ length: 16 }, (_, n) => `${prefix}${n.toString(36)}`);
  for (const login of logins) await register(siteUrl, login);

  const times = [];
  const refused = {};
  let next = 0;
  const until = performance.now() + duration * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const login = logins[next++ % logins.length];
      const started = performance.now();
      const answer = await signIn(siteUrl, login);
      if (answer.ok) times.push(performance.now() - started);
      else for (const code of [answer.body].flat()) refused[code] = (refused[code] ?? 0) + 1;
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - began) / 1000;
  times.sort((a, b) => a - b);

  const session = (await signIn(siteUrl, logins[0])).cookies.find((c) => /^(__Host-)?gk_session=/.test(c));
  if (!session) throw new Error('the bench could not sign in');
  const read = async (path, extra = {}) => {
    const result = await load(`${siteUrl}${path}`, {
      headers: { ...headers, ...extra },
      connections,
      duration: readDuration,
    });
    return {
      rps: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
    };
  };
  return {
    concurrency,
    signInsPerS: Math.round((times.length / elapsed) * 10) / 10,
    signedIn: times.length,
    refused,
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    publicRead: await read('/sdk/getmetadata'),
    accountPage: await read('/account'),
    accountRead: await read('/sdk/account', { cookie: session.split(';')[0] }),
  };
};

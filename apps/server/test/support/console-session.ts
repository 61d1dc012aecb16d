import { api } from '@gatekeeper/contract';
import { Secret, TOTP } from 'otpauth';
import { csrfHeaders } from '../app-under-test';
import type { TestDatabases } from '../databases';
import { type Answer, postCall, readAnswer } from './account-calls';
import { altchaPayload } from './altcha-solver';
import type { TestClock } from './clock';
import type { FlavoredWorld } from './flavored-world';
import { newGameAccount } from './game-account';

/** The access levels the console's tests run with (settings console.gmAccessLevel / ownerAccessLevel). */
export const CONSOLE_LEVELS = { gm: 100, owner: 120 } as const;
export const CONSOLE_SETTINGS = {
  gmAccessLevel: CONSOLE_LEVELS.gm,
  ownerAccessLevel: CONSOLE_LEVELS.owner,
  idleMinutes: 15,
};

/** The password of every account consoleUser makes. */
export const CONSOLE_PASSWORD = 'Console.Pass1';
const PASSWORD = CONSOLE_PASSWORD;
const STEP_MS = 30_000;

/**
 * A call of a session as the page makes it: the session's cookie, and the anti-forgery token (GETs
 * too); `ip` becomes X-Forwarded-For for apps started with TRUST_PROXY.
 */
export const sessionCall = async (
  url: string,
  method: 'GET' | 'POST',
  path: string,
  cookie: string | undefined,
  body: unknown = {},
  options: { csrf?: boolean; ip?: string } = {},
): Promise<Answer> => {
  const csrf = options.csrf ?? true;
  const { 'content-type': _json, ...token } = csrfHeaders();
  const headers: Record<string, string> =
    method === 'GET' ? (csrf ? token : {}) : csrf ? { ...csrfHeaders() } : { 'content-type': 'application/json' };
  const cookies = [headers.cookie, cookie].filter(Boolean).join('; ');
  return readAnswer(
    await fetch(`${url}${path}`, {
      method,
      headers: {
        ...headers,
        ...(cookies ? { cookie: cookies } : {}),
        ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
    }),
  );
};

/** The session's cookie, under its name on http or on https (the __Host- prefix). */
const sessionCookieOf = (answer: Answer): string | undefined =>
  answer.setCookies.find((c) => /^(__Host-)?gk_session=/.test(c) && !/max-age=0/i.test(c))?.split(';')[0];

export interface ConsoleUser {
  login: string;
  /** The gk_session cookie (name=value). */
  cookie: string;
  /** The authenticator's secret, when the second factor is on. */
  secret?: string;
  /** A code of the authenticator at a time step not used yet (moves the clock one step on). */
  nextCode(): string;
}

/**
 * A signed-in account of this game access level: with `factor`, its second factor switched on
 * through the account's calls (and the clock moved past the step that confirmed it); with
 * `stepUp`, also stepped up into the console; with `world`, in that flavour's columns; with `ip`, every one of these calls from that address
 * (X-Forwarded-For, for apps started with TRUST_PROXY).
 */
export const consoleUser = async (
  site: { url: string; databases: TestDatabases },
  clock: TestClock,
  accessLevel: number,
  options: { factor?: boolean; stepUp?: boolean; ip?: string; world?: FlavoredWorld } = {},
): Promise<ConsoleUser> => {
  const login = await newGameAccount(site.databases, PASSWORD, {
    prefix: 'c',
    accessLevel,
    ...(options.world ? { world: options.world } : {}),
  });
  const from = options.ip ? { ip: options.ip } : {};
  const signedIn = await postCall(
    site.url,
    'signIn',
    { username: login, password: PASSWORD, captcha: await altchaPayload(site.url) },
    from,
  );
  const cookie = sessionCookieOf(signedIn);
  if (!cookie) throw new Error(`console test: ${login} did not sign in (${signedIn.status})`);
  let secret: string | undefined;
  const nextCode = () => {
    if (!secret) throw new Error('console test: no second factor');
    clock.advance(STEP_MS);
    return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now() });
  };
  if (options.factor || options.stepUp) {
    const begun = await sessionCall(site.url, 'POST', api.beginTotp.path, cookie, {}, from);
    secret = (begun.body as { secret: string }).secret;
    const confirmed = await sessionCall(
      site.url,
      'POST',
      api.confirmTotp.path,
      cookie,
      { code: TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now() }) },
      from,
    );
    if (confirmed.status !== 200) throw new Error(`console test: the factor was not switched on (${confirmed.status})`);
  }
  if (options.stepUp) {
    const stepped = await sessionCall(
      site.url,
      'POST',
      api.consoleSignIn.path,
      cookie,
      { factor: 'totp', code: nextCode() },
      from,
    );
    if (stepped.status !== 200)
      throw new Error(`console test: no step-up (${stepped.status} ${JSON.stringify(stepped.body)})`);
  }
  return { login, cookie, secret, nextCode };
};

/** The same staff member signed in again in another browser (password, then the authenticator's code): a new session. */
export const anotherSession = async (site: { url: string }, user: ConsoleUser): Promise<string> => {
  const signedIn = await postCall(site.url, 'signIn', {
    username: user.login,
    password: PASSWORD,
    captcha: await altchaPayload(site.url),
  });
  const pending = signedIn.setCookies.find((c) => c.startsWith('gk_pending=') && !/max-age=0/i.test(c))?.split(';')[0];
  const done = await sessionCall(site.url, 'POST', api.signInSecondFactor.path, pending, { code: user.nextCode() });
  const cookie = sessionCookieOf(done);
  if (!cookie) throw new Error(`console test: ${user.login} did not sign in again (${done.status})`);
  return cookie;
};

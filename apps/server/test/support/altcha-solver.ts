import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CALLS } from '@gatekeeper/contract';

/** Captcha settings that make an ALTCHA challenge take a few PBKDF2 rounds instead of seconds. */
export const FAST_ALTCHA_SETTINGS = { altchaCost: 1, altchaMaxCounter: 5 } as const;

/** The payload the ALTCHA widget posts: base64 of JSON {challenge, solution}. */
export const encodeAltchaPayload = (payload: unknown): string =>
  Buffer.from(JSON.stringify(payload)).toString('base64');

export const decodeAltchaPayload = (payload: string): { challenge: Challenge; solution: unknown } =>
  JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { challenge: Challenge; solution: unknown };

export const fetchAltchaChallenge = async (baseUrl: string): Promise<Challenge> => {
  const { path } = CALLS.getCaptchaChallenge;
  const response = await fetch(`${baseUrl}${path}`);
  if (!response.ok) throw new Error(`GET ${path} answered HTTP ${response.status}`);
  return (await response.json()) as Challenge;
};

/** Solves a challenge as the widget does and answers the payload it would post. */
export const solveAltcha = async (challenge: Challenge): Promise<string> => {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 10_000 });
  if (!solution) throw new Error('the ALTCHA challenge was not solved in time');
  return encodeAltchaPayload({ challenge, solution });
};

/** A fresh, solved captcha of the app under test. */
export const altchaPayload = async (baseUrl: string): Promise<string> =>
  solveAltcha(await fetchAltchaChallenge(baseUrl));

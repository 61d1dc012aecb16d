import { randomBytes } from 'node:crypto';
import { api } from '@gatekeeper/contract';
import { csrfHeaders } from '../app-under-test';

/** The account calls a form posts (all but getnewpassword). */
export type AccountPost =
  | 'createAccount'
  | 'changePassword'
  | 'recoverPassword'
  | 'changePincode'
  | 'unblockCharacter'
  | 'updateIps'
  | 'claimVotes'
  | 'signIn';

/** The calls tests post as the page does. */
export type PagePost = AccountPost | 'createDonationOrder';

export interface Answer {
  status: number;
  contentType: string;
  /** The parsed JSON body, the text when it is not JSON, undefined when empty. */
  body: unknown;
  /** The Set-Cookie headers of the answer. */
  setCookies: string[];
}

export const readAnswer = async (response: Response): Promise<Answer> => {
  const text = await response.text();
  let body: unknown = text === '' ? undefined : text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Plain text (a new password) or an HTML error page: kept as text.
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body,
    setCookies: response.headers.getSetCookie(),
  };
};

/**
 * A call as the page makes it: JSON with the anti-forgery cookie and header. A string body is sent
 * as it is (malformed-input tests); `ip` becomes X-Forwarded-For for apps started with TRUST_PROXY.
 */
export const postCall = async (
  baseUrl: string,
  name: PagePost,
  body: unknown,
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<Answer> =>
  readAnswer(
    await fetch(`${baseUrl}${api[name].path}`, {
      method: 'POST',
      headers: {
        ...csrfHeaders(),
        ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
        ...options.headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

export const getNewPassword = async (baseUrl: string, query: string, options: { ip?: string } = {}) =>
  readAnswer(
    await fetch(`${baseUrl}${api.getNewPassword.path}?${query}`, {
      headers: options.ip ? { 'x-forwarded-for': options.ip } : {},
    }),
  );

/** The part of an answer a test compares. */
export const statusAndBody = (answer: Answer) => ({ status: answer.status, body: answer.body });

let loginCounter = 0;
/** A login no other test uses (6-14 characters, as registration asks). */
export const freshLogin = (prefix = 't') =>
  `${prefix}${randomBytes(3).toString('hex')}${(loginCounter++).toString(36)}`;

/** A registration form as a visitor fills it in: a fresh login (or the one given), its address, the captcha. */
export const registrationForm = (captcha: string, username = freshLogin()) => {
  const email = `${username}@example.com`;
  return { username, newPassword: 'Fresh.Pass1', confirmPassword: 'Fresh.Pass1', email, confirmEmail: email, captcha };
};

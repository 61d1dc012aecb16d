import type { ErrorCode } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { CheckedToken } from './graph-api-client';
import { saveAuthorization } from './streamers-repository';
import type { SiteDatabase } from '../../db/tables';
import type { TokenCipher } from './token-cipher';

export interface RegistrationDeps {
  site: Kysely<SiteDatabase>;
  appId: string;
  checkToken: (token: string) => Promise<CheckedToken>;
  exchangeToken: (token: string) => Promise<{ token: string; expiresInMs: number | undefined }>;
  cipher: TokenCipher;
  codeMinutes: number;
  now: () => number;
  onExchangeError: (error: unknown) => void;
}

export class RegistrationRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
  ) {
    super(code);
  }
}

const REQUIRED_SCOPE = 'user_videos';

/**
 * addfacebooktoken: the token must be valid, belong to our app and a user, and carry the
 * user_videos permission. It is exchanged for a long-lived token where Facebook allows (the
 * dialog's token lasts an hour or two), stored encrypted, and the code for the NPC of the realm
 * (`realm`: its slug, null for the first; decision 049) is answered.
 */
export const registerFacebookToken = async (
  deps: RegistrationDeps,
  accessToken: string,
  realm: string | null = null,
): Promise<string> => {
  // A token Facebook does not accept comes back as is_valid false; a thrown error means Facebook
  // (or our app's credentials) failed, which the caller answers as facebookUnavailable.
  const checked = await deps.checkToken(accessToken);
  if (!checked.isValid || checked.appId !== deps.appId || !/^\d+$/.test(checked.userId)) {
    throw new RegistrationRefused(400, 'facebookTokenInvalid');
  }
  if (!checked.scopes.includes(REQUIRED_SCOPE)) throw new RegistrationRefused(400, 'facebookVideosPermission');

  let token = accessToken;
  let expiresAt = checked.expiresAt ?? null;
  try {
    const longLived = await deps.exchangeToken(accessToken);
    token = longLived.token;
    expiresAt = longLived.expiresInMs === undefined ? null : deps.now() + longLived.expiresInMs;
  } catch (error) {
    // The short-lived token still works for now.
    deps.onExchangeError(error);
  }
  const now = deps.now();
  return saveAuthorization(deps.site, {
    fbUserId: checked.userId,
    encryptToken: (userId) => deps.cipher.encrypt(token, userId),
    tokenExpiresAt: expiresAt,
    codeExpiresAt: now + deps.codeMinutes * 60_000,
    realm,
    now,
  });
};

import { randomBytes } from 'node:crypto';
import type { PasskeyRow } from '@gatekeeper/contract';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { normalizeLogin } from '../../game/accounts';
import { sha256Hex } from './session-store';

/** How long a challenge handed to the browser can be answered. */
export const CHALLENGE_MS = 5 * 60_000;
/** An account keeps at most this many passkeys: the list stays readable, the table small. */
export const MAX_PASSKEYS = 20;

/** The relying party: the site's host name and origin, from PUBLIC_URL (docs/owner/accounts.md#passkeys). */
export interface RelyingParty {
  /** The host name of PUBLIC_URL: browsers refuse an IP address here. */
  id: string;
  /** The origin of PUBLIC_URL (scheme, host, port): the only origin whose answers count. */
  origin: string;
  /** The name the browser shows beside the passkey. */
  name: string;
}

export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: url.hostname };
};

type Purpose = 'register' | 'signin';

/** The challenge of a browser's answer, read from its client data; undefined when unreadable. */
const challengeOf = (clientDataJSON: string): string | undefined => {
  try {
    const data: unknown = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
    const challenge = (data as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length <= 128 ? challenge : undefined;
  } catch {
    return undefined;
  }
};

/** What a verified passkey sign-in proved: the account whose passkey answered. */
export interface PasskeyProof {
  login: string;
}

/**
 * An account's passkeys (WebAuthn credentials, docs/owner/accounts.md#passkeys) in the site
 * database, and the challenges of their ceremonies: each one bound to the cookie it was handed
 * to, answered once, within CHALLENGE_MS. Verification is @simplewebauthn/server's.
 */
export class Passkeys {
  constructor(
    private readonly db: Kysely<SiteDatabase>,
    private readonly rp: RelyingParty,
  ) {}

  private async keepChallenge(
    challenge: string,
    input: { purpose: Purpose; binding: string; login: string; now: number },
  ): Promise<void> {
    await this.db.deleteFrom('site_passkey_challenges').where('expires_at', '<=', input.now).execute();
    await this.db
      .insertInto('site_passkey_challenges')
      .values({
        challenge_hash: sha256Hex(challenge),
        purpose: input.purpose,
        binding: input.binding,
        login: input.login,
        expires_at: input.now + CHALLENGE_MS,
      })
      .execute();
  }

  /**
   * Takes the challenge an answer names, once: deleted by one conditional write, so a replayed
   * answer (or two instances at once) finds it gone. Answers the login it was handed out for.
   */
  private async takeChallenge(
    clientDataJSON: string,
    input: { purpose: Purpose; bindings: string[]; now: number },
  ): Promise<{ challenge: string; login: string } | undefined> {
    const challenge = challengeOf(clientDataJSON);
    const bindings = input.bindings.filter((binding) => binding !== '');
    if (!challenge || bindings.length === 0) return undefined;
    const hash = sha256Hex(challenge);
    const row = await this.db
      .selectFrom('site_passkey_challenges')
      .select(['login', 'binding'])
      .where('challenge_hash', '=', hash)
      .where('purpose', '=', input.purpose)
      .where('binding', 'in', bindings)
      .where('expires_at', '>', input.now)
      .executeTakeFirst();
    if (!row) return undefined;
    const taken = await this.db
      .deleteFrom('site_passkey_challenges')
      .where('challenge_hash', '=', hash)
      .where('binding', '=', row.binding)
      .executeTakeFirst();
    return Number(taken.numDeletedRows) > 0 ? { challenge, login: row.login } : undefined;
  }

  async list(login: string): Promise<PasskeyRow[]> {
    const rows = await this.db
      .selectFrom('site_passkeys')
      .select(['credential_id', 'name', 'created_at', 'last_used_at'])
      .where('login', '=', normalizeLogin(login))
      .orderBy('created_at', 'asc')
      .execute();
    return rows.map((row) => ({
      id: row.credential_id,
      name: row.name,
      createdAt: Number(row.created_at),
      lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    }));
  }

  /** Whether the account has a passkey at all: the second factor's step offers one then. */
  async has(login: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('site_passkeys')
      .select('credential_hash')
      .where('login', '=', normalizeLogin(login))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes one of the account's passkeys; false when the account has none of that id. */
  async remove(login: string, credentialId: string): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('site_passkeys')
      .where('credential_hash', '=', sha256Hex(credentialId))
      .where('login', '=', normalizeLogin(login))
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }

  /**
   * The options of navigator.credentials.create() for a new passkey of the signed-in account,
   * its challenge bound to the session. A discoverable credential with user verification: the
   * passkey alone can sign in. The user handle is random bytes kept with nothing: it names no one.
   */
  async registrationOptions(
    login: string,
    sessionIdHash: string,
    now: number,
  ): Promise<PublicKeyCredentialCreationOptionsJSON | 'tooMany'> {
    const key = normalizeLogin(login);
    const existing = await this.db
      .selectFrom('site_passkeys')
      .select(['credential_id', 'transports'])
      .where('login', '=', key)
      .execute();
    if (existing.length >= MAX_PASSKEYS) return 'tooMany';
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: login,
      userID: randomBytes(32),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.keepChallenge(options.challenge, { purpose: 'register', binding: sessionIdHash, login: key, now });
    return options;
  }

  /** Verifies the browser's answer to registrationOptions() and keeps the passkey; false when refused. */
  async register(input: {
    login: string;
    sessionIdHash: string;
    response: RegistrationResponseJSON;
    name: string;
    now: number;
  }): Promise<boolean> {
    const key = normalizeLogin(input.login);
    const taken = await this.takeChallenge(input.response.response.clientDataJSON, {
      purpose: 'register',
      bindings: [input.sessionIdHash],
      now: input.now,
    });
    if (!taken || taken.login !== key) return false;
    const verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: this.rp.origin,
      expectedRPID: this.rp.id,
      requireUserVerification: true,
    }).catch(() => undefined);
    if (!verification?.verified) return false;
    const { credential } = verification.registrationInfo;
    const inserted = await this.db
      .insertInto('site_passkeys')
      .values({
        credential_hash: sha256Hex(credential.id),
        credential_id: credential.id,
        login: key,
        public_key: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name: input.name,
        created_at: input.now,
        last_used_at: null,
      })
      .ignore()
      .executeTakeFirst();
    // The same authenticator registered twice: the browser's exclude list should have stopped it.
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /**
   * The options of navigator.credentials.get() for a sign-in: for the account of a sign-in
   * waiting for its second factor (its passkeys listed), or for any account (none listed: the
   * browser offers the site's discoverable passkeys). The challenge is bound to the cookie given.
   */
  async signInOptions(input: {
    login: string;
    binding: string;
    now: number;
  }): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const key = input.login === '' ? '' : normalizeLogin(input.login);
    const allowed =
      key === ''
        ? []
        : await this.db
            .selectFrom('site_passkeys')
            .select(['credential_id', 'transports'])
            .where('login', '=', key)
            .execute();
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      allowCredentials: allowed.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
      userVerification: key === '' ? 'required' : 'preferred',
    });
    await this.keepChallenge(options.challenge, {
      purpose: 'signin',
      binding: input.binding,
      login: key,
      now: input.now,
    });
    return options;
  }

  /**
   * Verifies a sign-in answer: the challenge of one of these cookies, a passkey of the account it
   * was handed out for (any, when it named none), its signature, and a counter that went forward
   * (a cloned authenticator is refused). A passkey alone must have verified its user.
   */
  async verifySignIn(input: {
    response: AuthenticationResponseJSON;
    bindings: string[];
    now: number;
  }): Promise<PasskeyProof | undefined> {
    const taken = await this.takeChallenge(input.response.response.clientDataJSON, {
      purpose: 'signin',
      bindings: input.bindings,
      now: input.now,
    });
    if (!taken) return undefined;
    const row = await this.db
      .selectFrom('site_passkeys')
      .selectAll()
      .where('credential_hash', '=', sha256Hex(input.response.id))
      .executeTakeFirst();
    if (!row || row.credential_id !== input.response.id) return undefined;
    if (taken.login !== '' && taken.login !== row.login) return undefined;
    const verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: this.rp.origin,
      expectedRPID: this.rp.id,
      credential: {
        id: row.credential_id,
        publicKey: isoBase64URL.toBuffer(row.public_key),
        counter: Number(row.counter),
        transports: transportsOf(row.transports),
      },
      requireUserVerification: taken.login === '',
    }).catch(() => undefined);
    if (!verification?.verified) return undefined;
    const used = await this.db
      .updateTable('site_passkeys')
      .set({ counter: verification.authenticationInfo.newCounter, last_used_at: input.now })
      .where('credential_hash', '=', row.credential_hash)
      .where('counter', '=', row.counter)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) return undefined;
    return { login: row.login };
  }
}

const transportsOf = (stored: string): AuthenticatorTransportFuture[] =>
  stored === '' ? [] : (stored.split(',') as AuthenticatorTransportFuture[]);

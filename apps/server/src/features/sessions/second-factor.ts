import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { SiteDatabase } from '../../db/tables';
import { normalizeLogin } from '../../game/accounts';
import { sha256Hex } from './session-store';

/** RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30 seconds. */
const PERIOD_S = 30;
/** One step either side of now: a phone's clock a little off, a code typed as it changed. */
const WINDOW = 1;
const RECOVERY_CODES = 10;
const RECOVERY_LENGTH = 10;
/** 32 letters and digits without I, L, O and U: a byte's low five bits pick one, with no bias. */
const RECOVERY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const totpOf = (secret: string, issuer: string, label: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });

/**
 * Encrypts the stored secrets (AES-256-GCM with TOTP_SECRET_KEY or the key of its file, wired in
 * app.ts); the login is bound in, so a secret copied onto another account's row does not decrypt.
 */
export interface SecretCipher {
  encrypt(text: string, associated: string): string;
  /** Throws when the value was not made with this key for this login. */
  decrypt(stored: string, associated: string): string;
}

/** The form an encrypted secret is stored in; a base32 secret (stored by older versions) never has a dot. */
const ENCRYPTED = /^v1\./;
const ENCRYPTED_LIKE = 'v1.%';

/** A code as typed: spaces and dashes dropped, letters in capitals. */
const normalizeCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

const recoveryHash = (code: string): string => sha256Hex(`recovery:${code}`);

const newRecoveryCode = (): string => {
  const letters = [...randomBytes(RECOVERY_LENGTH)].map((byte) => RECOVERY_ALPHABET[byte & 31]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
};

/**
 * An account's authenticator app (docs/owner/accounts.md#second-factor), in the site database:
 * the secret (site_second_factors), the last time step whose code was accepted, and the unused
 * recovery codes as SHA-256 hashes (site_recovery_codes). Each code is spent by one conditional
 * write, so two instances cannot both accept it.
 */
export class SecondFactor {
  constructor(
    private readonly db: Kysely<SiteDatabase>,
    /** The issuer the app shows next to the login: the site's host name. */
    private readonly issuer: string,
    private readonly cipher: SecretCipher,
  ) {}

  private seal(secret: string, login: string): string {
    return this.cipher.encrypt(secret, `totp:${login}`);
  }

  /** The base32 secret of a stored one (still base32 until sealStored); throws for one of another key. */
  private unseal(stored: string, login: string): string {
    return ENCRYPTED.test(stored) ? this.cipher.decrypt(stored, `totp:${login}`) : stored;
  }

  /**
   * Encrypts the secrets stored in base32 (by a version that kept them so without TOTP_SECRET_KEY);
   * answers how many. Each write is conditional on the value read, so instances starting together
   * encrypt each secret once.
   */
  async sealStored(): Promise<number> {
    const rows = await this.db
      .selectFrom('site_second_factors')
      .select(['login', 'secret', 'pending_secret'])
      .where((eb) =>
        eb.or([eb('secret', 'not like', ENCRYPTED_LIKE), eb('pending_secret', 'not like', ENCRYPTED_LIKE)]),
      )
      .execute();
    let sealed = 0;
    for (const row of rows) {
      for (const column of ['secret', 'pending_secret'] as const) {
        const stored = row[column];
        if (stored === null || ENCRYPTED.test(stored)) continue;
        const updated = await this.db
          .updateTable('site_second_factors')
          .set({ [column]: this.seal(stored, row.login) })
          .where('login', '=', row.login)
          .where(column, '=', stored)
          .executeTakeFirst();
        sealed += Number(updated.numUpdatedRows);
      }
    }
    return sealed;
  }

  async isOn(login: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('site_second_factors')
      .select('secret')
      .where('login', '=', normalizeLogin(login))
      .executeTakeFirst();
    return typeof row?.secret === 'string';
  }

  /** A new secret, kept pending until a code of it confirms it; undefined when the factor is already on. */
  async begin(login: string): Promise<{ secret: string; uri: string } | undefined> {
    const key = normalizeLogin(login);
    if (await this.isOn(key)) return undefined;
    const secret = new Secret({ size: 20 }).base32;
    // Two begins at once (a double click) both land: the row is made once, the last secret kept.
    await this.db
      .insertInto('site_second_factors')
      .values({ login: key, secret: null, pending_secret: null })
      .ignore()
      .execute();
    const updated = await this.db
      .updateTable('site_second_factors')
      .set({ pending_secret: this.seal(secret, key) })
      .where('login', '=', key)
      .where('secret', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return undefined;
    return { secret, uri: totpOf(secret, this.issuer, login).toString() };
  }

  /**
   * Switches the factor on when the code is one of the pending secret's: answers the recovery
   * codes (shown once), 'notStarted' without a set-up, 'wrongCode' otherwise.
   */
  async confirm(
    login: string,
    code: string,
    now: number,
  ): Promise<string[] | 'notStarted' | 'alreadyOn' | 'wrongCode'> {
    const key = normalizeLogin(login);
    const row = await this.db
      .selectFrom('site_second_factors')
      .select(['secret', 'pending_secret'])
      .where('login', '=', key)
      .executeTakeFirst();
    if (typeof row?.secret === 'string') return 'alreadyOn';
    if (!row?.pending_secret) return 'notStarted';
    const step = this.stepOf(this.unseal(row.pending_secret, key), code, now);
    if (step === undefined) return 'wrongCode';
    const switched = await this.db
      .updateTable('site_second_factors')
      .set({ secret: row.pending_secret, pending_secret: null, last_step: step, enabled_at: now })
      .where('login', '=', key)
      .where('secret', 'is', null)
      .where('pending_secret', '=', row.pending_secret)
      .executeTakeFirst();
    if (Number(switched.numUpdatedRows) === 0) return 'notStarted';
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.db.deleteFrom('site_recovery_codes').where('login', '=', key).execute();
    await this.db
      .insertInto('site_recovery_codes')
      .values(codes.map((recovery) => ({ login: key, code_hash: recoveryHash(normalizeCode(recovery)) })))
      .execute();
    return codes;
  }

  /**
   * Spends a code of a factor that is on: a TOTP code of a later time step than the last one
   * accepted, or an unused recovery code. False for anything else (and when the factor is off).
   */
  async spend(login: string, code: string, now: number): Promise<boolean> {
    const key = normalizeLogin(login);
    const typed = normalizeCode(code);
    const row = await this.db
      .selectFrom('site_second_factors')
      .select('secret')
      .where('login', '=', key)
      .executeTakeFirst();
    if (typeof row?.secret !== 'string') return false;
    if (/^\d{6}$/.test(typed)) {
      // Only a code of the app needs the secret: recovery codes work even if the key was lost.
      const step = this.stepOf(this.unseal(row.secret, key), typed, now);
      if (step === undefined) return false;
      const spent = await this.db
        .updateTable('site_second_factors')
        .set({ last_step: step })
        .where('login', '=', key)
        .where('last_step', '<', step)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) > 0;
    }
    if (typed.length !== RECOVERY_LENGTH) return false;
    const spent = await this.db
      .deleteFrom('site_recovery_codes')
      .where('login', '=', key)
      .where('code_hash', '=', recoveryHash(typed))
      .executeTakeFirst();
    return Number(spent.numDeletedRows) > 0;
  }

  /** Switches the factor off: the secret and the recovery codes are deleted. */
  async disable(login: string): Promise<void> {
    const key = normalizeLogin(login);
    await this.db.deleteFrom('site_recovery_codes').where('login', '=', key).execute();
    await this.db.deleteFrom('site_second_factors').where('login', '=', key).execute();
  }

  /** The time step of a secret's code within the window around now, or undefined. */
  private stepOf(secret: string, code: string, now: number): number | undefined {
    const token = normalizeCode(code);
    if (!/^\d{6}$/.test(token)) return undefined;
    const delta = TOTP.validate({
      token,
      secret: Secret.fromBase32(secret),
      period: PERIOD_S,
      timestamp: now,
      window: WINDOW,
    });
    return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_S) + delta;
  }
}

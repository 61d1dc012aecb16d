import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, ConfigError } from './config';
import { parseTokenKey } from './features/facebook-streams/token-cipher';
import type { SecondFactor } from './features/sessions/second-factor';

/** The key that encrypts the authenticator secrets, and where it came from. */
export interface TotpKey {
  key: Buffer;
  /** The file that keeps it; undefined when TOTP_SECRET_KEY holds it. */
  file?: string;
  /** The file was made at this start. */
  created: boolean;
  /** The file can be read by other users than its owner. */
  readableByOthers: boolean;
}

type KeyConfig = Pick<Config, 'TOTP_SECRET_KEY' | 'TOTP_SECRET_KEY_FILE'>;

/** The file the key is kept in when TOTP_SECRET_KEY is unset (as an absolute path), else undefined. */
export const totpKeyFileOf = (config: KeyConfig): string | undefined =>
  config.TOTP_SECRET_KEY ? undefined : resolve(config.TOTP_SECRET_KEY_FILE);

const errorCode = (error: unknown): unknown => (error as NodeJS.ErrnoException | undefined)?.code;

/**
 * Writes a new key unless the file exists. The key goes to a file of this process first and is
 * then linked to its name, which fails if the name is taken: an instance starting beside this one
 * reads either no file or a whole one, and both end with the key that was linked first.
 */
const createKeyFile = async (file: string): Promise<boolean> => {
  await mkdir(dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft);
  }
};

/** The file's key; undefined without the file, and an empty buffer when it holds no key. */
const readKeyFile = async (file: string): Promise<Buffer | undefined> => {
  try {
    return parseTokenKey(await readFile(file, 'utf8')) ?? Buffer.alloc(0);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }
};

/**
 * TOTP_SECRET_KEY, or the key of TOTP_SECRET_KEY_FILE, made (32 random bytes, mode 0600) on the
 * first start without either. A file that does not hold a key stops start-up: a new key would
 * leave the secrets stored with the old one unreadable.
 */
export const loadTotpKey = async (config: KeyConfig): Promise<TotpKey> => {
  const file = totpKeyFileOf(config);
  if (!file) {
    const key = parseTokenKey(config.TOTP_SECRET_KEY ?? '');
    if (!key) throw new ConfigError('environment: TOTP_SECRET_KEY: expected 32 bytes as 64 hex digits or base64');
    return { key, created: false, readableByOthers: false };
  }
  const created = (await readKeyFile(file)) === undefined && (await createKeyFile(file));
  const key = await readKeyFile(file);
  if (!key || key.length !== 32) {
    throw new ConfigError(
      `TOTP_SECRET_KEY_FILE: ${file} does not hold a key of 32 bytes (64 hex digits or base64). ` +
        'Put back the file from your backup (or set TOTP_SECRET_KEY to the key); without it the stored authenticator secrets cannot be read.',
    );
  }
  const readableByOthers = process.platform !== 'win32' && ((await stat(file)).mode & 0o077) !== 0;
  return { key, file, created, readableByOthers };
};

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/** Tells the owner where the key is kept: a lost file leaves the stored secrets unreadable. */
export const logTotpKey = (log: Log, { file, created, readableByOthers }: TotpKey): void => {
  if (!file) return;
  log.info(
    { file },
    created
      ? `second factor: made a new key for the authenticator secrets in ${file}; back it up with the site database (without it the stored secrets cannot be read)`
      : `second factor: the authenticator secrets are encrypted with the key in ${file}; back it up with the site database`,
  );
  if (readableByOthers) log.warn({ file }, `second factor: other users of this machine can read ${file}: chmod 600 it`);
};

/** Encrypts the secrets an older version stored in base32; they keep working if this fails. */
export const sealStoredSecrets = async (secondFactor: Pick<SecondFactor, 'sealStored'>, log: Log): Promise<void> => {
  try {
    const sealed = await secondFactor.sealStored();
    if (sealed > 0) log.info(`second factor: ${sealed} stored authenticator secrets encrypted`);
  } catch (error) {
    log.warn(
      { err: error },
      'second factor: the secrets stored in base32 were not encrypted (the site database did not answer); they still work, and the next start tries again',
    );
  }
};

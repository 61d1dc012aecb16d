import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api } from '@gatekeeper/contract';
import { Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppUnderTest, startApp } from './app-under-test';
import { DATABASE_KINDS, type TestDatabases, createTestDatabases } from './databases';
import { type TestClock, testClock } from './support/clock';
import { accountToolSettings } from './support/mailed-site';
import { TOTP_STEP, totpAccounts } from './support/totp-accounts';

/**
 * A site started without TOTP_SECRET_KEY (docs/owner/accounts.md#second-factor): it makes a key of
 * its own in TOTP_SECRET_KEY_FILE, encrypts the authenticator secrets with it, reads it again at
 * the next start, and encrypts the secrets stored in base32 before it did.
 */

const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 5, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  sessions: { idleMinutes: 120, absoluteDays: 30 },
};

describe.each(DATABASE_KINDS)('the key of the authenticator secrets, made by the site (%s)', (kind) => {
  let databases: TestDatabases;
  let site: AppUnderTest;
  let clock: TestClock;
  let dir: string;
  let keyFile: string;
  const logLines: string[] = [];

  // An empty TOTP_SECRET_KEY is an unset one: the tests' own key is not used here.
  const env = () => ({ TOTP_SECRET_KEY: '', TOTP_SECRET_KEY_FILE: keyFile, LOG_LEVEL: 'info' });
  const start = () =>
    startApp(databases, {
      settings: SETTINGS,
      now: clock.now,
      env: env(),
      logStream: { write: (line) => void logLines.push(line) },
    });
  const restart = async () => {
    await site.close();
    site = await start();
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatekeeper-totp-key-'));
    // In a folder that does not exist yet, as data/ on a first start.
    keyFile = join(dir, 'data', 'totp-secret.key');
    databases = await createTestDatabases(kind);
    clock = testClock();
    site = await start();
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await databases?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const siteDb = () => databases.connections.site.db;
  const storedRow = (login: string) =>
    siteDb()
      .selectFrom('site_second_factors')
      .select(['secret', 'pending_secret'])
      .where('login', '=', login)
      .executeTakeFirstOrThrow();

  const { newAccount, cookieOf, signIn, post, codeAt, accountWithFactor, pendingSignIn, secondFactor } = totpAccounts(
    () => site,
    () => databases,
    () => clock,
  );

  it('makes a 32-byte key in a file only its owner reads, and says where in the log', () => {
    const key = readFileSync(keyFile, 'utf8').trim();
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const said = logLines.filter((line) => line.includes(keyFile));
    expect(said.some((line) => /made a new key/.test(line) && /back it up/.test(line))).toBe(true);
  });

  it('stores the secret encrypted, and takes its codes after a restart with the same file', async () => {
    const { name, secret } = await accountWithFactor();
    const stored = await storedRow(name);
    expect(stored.secret).toMatch(/^v1\./);
    expect(stored.secret).not.toContain(secret);

    const key = readFileSync(keyFile, 'utf8');
    logLines.length = 0;
    await restart();
    expect(readFileSync(keyFile, 'utf8')).toBe(key);
    expect(logLines.some((line) => line.includes(keyFile) && !/made a new key/.test(line))).toBe(true);
    expect((await secondFactor(await pendingSignIn(name), codeAt(secret))).status).toBe(200);
  });

  it('encrypts the secrets stored in base32 before, at the next start, and they keep working', async () => {
    const [on, settingUp] = [await newAccount(), await newAccount()];
    const [secret, pending] = [new Secret({ size: 20 }).base32, new Secret({ size: 20 }).base32];
    await siteDb()
      .insertInto('site_second_factors')
      .values([
        { login: on, secret, pending_secret: null, enabled_at: clock.now() },
        { login: settingUp, secret: null, pending_secret: pending, enabled_at: null },
      ])
      .execute();
    // Read as they are until the start that encrypts them.
    expect((await secondFactor(await pendingSignIn(on), codeAt(secret))).status).toBe(200);
    clock.advance(TOTP_STEP);

    await restart();
    const [onRow, settingUpRow] = [await storedRow(on), await storedRow(settingUp)];
    expect(onRow.secret).toMatch(/^v1\./);
    expect(onRow.secret).not.toContain(secret);
    expect(settingUpRow.pending_secret).toMatch(/^v1\./);
    expect(settingUpRow.secret).toBeNull();
    expect(logLines.some((line) => line.includes('2 stored authenticator secrets encrypted'))).toBe(true);
    expect((await secondFactor(await pendingSignIn(on), codeAt(secret))).status).toBe(200);
    const session = cookieOf(await signIn(settingUp), 'gk_session');
    expect((await post(api.confirmTotp.path, session, { code: codeAt(pending) })).status).toBe(200);
  });
});

import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import { loadTotpKey } from './totp-key';

describe('the key of the authenticator secrets', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatekeeper-totp-key-'));
    file = join(dir, 'data', 'totp-secret.key');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is made on the first start, only its owner reading it, and read again at the next', async () => {
    const first = await loadTotpKey({ TOTP_SECRET_KEY_FILE: file });
    expect(first).toMatchObject({ file, created: true, readableByOthers: false });
    expect(first.key).toHaveLength(32);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(dir, 'data'))).toEqual(['totp-secret.key']);

    const second = await loadTotpKey({ TOTP_SECRET_KEY_FILE: file });
    expect(second.created).toBe(false);
    expect(second.key.equals(first.key)).toBe(true);
  });

  it('is the same for instances starting together: one makes it, the others read it', async () => {
    const keys = await Promise.all(Array.from({ length: 4 }, () => loadTotpKey({ TOTP_SECRET_KEY_FILE: file })));
    expect(keys.filter((key) => key.created)).toHaveLength(1);
    for (const { key } of keys) expect(key.equals(keys[0]!.key)).toBe(true);
  });

  it('stops start-up when the file holds no key, and leaves the file as it is', async () => {
    await loadTotpKey({ TOTP_SECRET_KEY_FILE: file });
    writeFileSync(file, 'not a key\n');
    await expect(loadTotpKey({ TOTP_SECRET_KEY_FILE: file })).rejects.toThrow(ConfigError);
    expect(readFileSync(file, 'utf8')).toBe('not a key\n');
  });

  it.skipIf(process.platform === 'win32')('tells when other users can read the file', async () => {
    await loadTotpKey({ TOTP_SECRET_KEY_FILE: file });
    chmodSync(file, 0o644);
    expect((await loadTotpKey({ TOTP_SECRET_KEY_FILE: file })).readableByOthers).toBe(true);
  });

  it('is TOTP_SECRET_KEY when set, and then no file is made', async () => {
    const key = await loadTotpKey({ TOTP_SECRET_KEY: 'ab'.repeat(32), TOTP_SECRET_KEY_FILE: file });
    expect(key.file).toBeUndefined();
    expect(key.created).toBe(false);
    expect(key.key.equals(Buffer.alloc(32, 0xab))).toBe(true);
    expect(existsSync(file)).toBe(false);
  });
});

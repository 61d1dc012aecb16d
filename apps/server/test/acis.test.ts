import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bcryptPasswordHash } from '../src/game/password-hash';
import { type Answer, freshLogin, postCall } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import type { AppUnderTest } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases } from './databases';
import { jbcryptCheckpw } from './support/jbcrypt-check';
import { accountToolSettings, startMailedSite, stopMailedSite } from './support/mailed-site';
import type { SmtpSink } from './support/smtp-sink';
import { type CharacterRow, characterRow, inFlavor } from '../src/game/character-row';
import { FLAVORS } from '../src/game/flavors';
import { SchemaError, checkGameSchema } from '../src/game/schema-check';

const SETTINGS = accountToolSettings({
  maxFailedAttempts: 50,
  lockoutMinutes: 15,
  failedChecksPerAddressPerHour: 10_000,
});
const GIRAN = { x: 83400, y: 147943, z: -3404 };
const ACIS = FLAVORS.acis;

const expectCodes = (answer: Answer, codes: string[], status = 400) =>
  expect({ status: answer.status, body: answer.body }).toEqual({ status, body: codes });

describe('the jBCrypt-like check of the tests', () => {
  it('accepts $2a$ and refuses $2b$ and $2y$ with "Invalid salt revision", as jBCrypt does', () => {
    const a = bcrypt.hashSync('Fresh.Pass1', bcrypt.genSaltSync(4).replace('$2b$', '$2a$'));
    expect(jbcryptCheckpw('Fresh.Pass1', a)).toBe(true);
    expect(jbcryptCheckpw('Fresh.Pass2', a)).toBe(false);
    expect(() => jbcryptCheckpw('Fresh.Pass1', a.replace('$2a$', '$2b$'))).toThrow('Invalid salt revision');
    expect(() => jbcryptCheckpw('Fresh.Pass1', a.replace('$2a$', '$2y$'))).toThrow('Invalid salt revision');
  });

  it('is what the site writes: $2a$, cost 10, accepted', async () => {
    const hash = await bcryptPasswordHash('Demo.Pass1');
    expect(hash).toMatch(/^\$2a\$10\$[./A-Za-z0-9]{53}$/);
    expect(jbcryptCheckpw('Demo.Pass1', hash)).toBe(true);
  });

  it('refuses to hash past BCrypt 72-byte key', async () => {
    await expect(bcryptPasswordHash('x'.repeat(72))).rejects.toThrow(RangeError);
  });
});

describe.each(DATABASE_KINDS)('aCis account tools on %s (tables of aCis sql/*.sql)', (kind: DatabaseKind) => {
  let databases: TestDatabases;
  let site: AppUnderTest;
  let smtp: SmtpSink;

  beforeAll(async () => {
    ({ databases, site, smtp } = await startMailedSite(kind, {
      publicUrl: 'https://acis.example.test',
      settings: SETTINGS,
      flavor: 'acis',
    }));
  }, 120_000);
  afterAll(() => stopMailedSite({ site, smtp, databases }));

  const db = () => databases.connections;
  const solved = async (name: Parameters<typeof postCall>[1], body: object) =>
    postCall(site.url, name, { ...body, captcha: await altchaPayload(site.url) });
  const storedHash = async (login: string) =>
    (await db().login.db.selectFrom('accounts').select('password').where('login', '=', login).executeTakeFirstOrThrow())
      .password ?? '';
  const register = async (username = freshLogin()) => {
    const email = `${username}@example.com`;
    const answer = await solved('createAccount', {
      username,
      newPassword: 'Fresh.Pass1',
      confirmPassword: 'Fresh.Pass1',
      email,
      confirmEmail: email,
    });
    expectCodes(answer, [], 200);
    return { username, password: 'Fresh.Pass1', email };
  };
  const addCharacter = async (account: string, name: string, fields: Partial<CharacterRow> = {}) => {
    const charId = 910_000_000 + Math.floor(Math.random() * 1_000_000);
    await db()
      .game.db.insertInto('characters')
      .values(
        inFlavor(ACIS, characterRow({ charId, account_name: account, char_name: name, x: 1, y: 2, z: 3, ...fields })),
      )
      .execute();
    return charId;
  };
  const positionOf = async (name: string) =>
    db()
      .game.db.selectFrom('characters')
      .select(['x', 'y', 'z'])
      .where('char_name', '=', name)
      .executeTakeFirstOrThrow();

  it('detects aCis from its schema, and refuses GAME_FLAVOR=l2j naming flavour, table and column', async () => {
    const schema = await checkGameSchema(db());
    expect(schema.flavor.name).toBe('acis');
    expect(schema.passwordScheme).toBe('bcrypt');
    const refusal = await checkGameSchema(db(), { flavor: 'l2j' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(SchemaError);
    const { message } = refusal as SchemaError;
    expect(message).toContain('looks like flavour acis (aCis), not GAME_FLAVOR=l2j');
    expect(message).toContain('missing column accounts.email');
    expect(message).toContain('missing column characters.charId');
  });

  it('start-up told the flavour from the schema, and the metadata hides the PIN tool', async () => {
    const answer = await fetch(`${site.url}/sdk/getmetadata`);
    expect(((await answer.json()) as { accountTools: unknown }).accountTools).toEqual({ pincode: false });
  });

  it('registers with a $2a$ cost-10 hash that aCis login code accepts, and keeps the email on the site', async () => {
    const { username, email } = await register();
    const hash = await storedHash(username);
    expect(hash).toMatch(/^\$2a\$10\$/);
    expect(hash).toHaveLength(60);
    expect(jbcryptCheckpw('Fresh.Pass1', hash)).toBe(true);
    const row = await db()
      .login.db.selectFrom('accounts')
      .select(['access_level', 'last_active'])
      .where('login', '=', username)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ access_level: 0, last_active: 0 });
    const kept = await db()
      .site.db.selectFrom('site_account_emails')
      .selectAll()
      .where('login', '=', username)
      .execute();
    expect(kept.map((r) => r.email)).toEqual([email]);
  });

  it('changes the password: the new hash is $2a$ and verifies, the old password no longer works', async () => {
    const account = await register();
    const answer = await solved('changePassword', {
      username: account.username,
      password: account.password,
      newPassword: 'Other.Pass2',
      confirmPassword: 'Other.Pass2',
    });
    expectCodes(answer, [], 200);
    expect(jbcryptCheckpw('Other.Pass2', await storedHash(account.username))).toBe(true);
    const again = await solved('changePassword', {
      username: account.username,
      password: account.password,
      newPassword: 'Third.Pass3',
      confirmPassword: 'Third.Pass3',
    });
    expectCodes(again, ['wrongUsernameOrPassword']);
  });

  it('refuses an account banned by a GM (access_level -100)', async () => {
    const account = await register();
    await db()
      .login.db.updateTable('accounts')
      .set({ access_level: -100 })
      .where('login', '=', account.username)
      .execute();
    const answer = await solved('changePassword', {
      username: account.username,
      password: account.password,
      newPassword: 'Other.Pass2',
      confirmPassword: 'Other.Pass2',
    });
    expectCodes(answer, ['accountBanned']);
  });

  it('answers pincodeNotSupported to changepincode and writes nothing', async () => {
    const account = await register();
    await addCharacter(account.username, `Pin${account.username.slice(1, 10)}`);
    const answer = await solved('changePincode', {
      ...account,
      charName: `Pin${account.username.slice(1, 10)}`,
      pincode: '123456',
      confirmPincode: '123456',
    });
    expectCodes(answer, ['pincodeNotSupported']);
    const tables = await db().game.db.introspection.getTables();
    expect(tables.map((t) => t.name)).not.toContain('account_gsdata');
  });

  it('unblocks an offline character, and never one in jail (punish_level JAIL)', async () => {
    const account = await register();
    const free = `Fr${account.username.slice(1, 12)}`;
    const jailed = `Ja${account.username.slice(1, 12)}`;
    await addCharacter(account.username, free);
    await addCharacter(account.username, jailed, { punish_level: 2 });
    expectCodes(await solved('unblockCharacter', { ...account, charName: free }), [], 200);
    expect(await positionOf(free)).toEqual(GIRAN);
    expectCodes(await solved('unblockCharacter', { ...account, charName: jailed }), ['characterJailed']);
    expect(await positionOf(jailed)).toEqual({ x: 1, y: 2, z: 3 });
  });

  it('recovery says an account made in the game has no email, until a form with the password attaches one', async () => {
    const username = freshLogin();
    await db()
      .login.db.insertInto('accounts')
      .values({ login: username, password: await bcryptPasswordHash('Game.Pass1'), last_active: 1 })
      .execute();
    expectCodes(await solved('recoverPassword', { username, email: 'me@example.com' }), ['emailNotRecorded']);
    const name = `Ig${username.slice(1, 12)}`;
    await addCharacter(username, name);
    expectCodes(
      await solved('unblockCharacter', { username, password: 'Game.Pass1', email: 'me@example.com', charName: name }),
      [],
      200,
    );
    const kept = await db()
      .site.db.selectFrom('site_account_emails')
      .select('email')
      .where('login', '=', username)
      .execute();
    expect(kept).toEqual([{ email: 'me@example.com' }]);
    // From now on the email is checked like any other.
    expectCodes(
      await solved('unblockCharacter', {
        username,
        password: 'Game.Pass1',
        email: 'other@example.com',
        charName: name,
      }),
      ['wrongCredentials'],
    );
    expectCodes(await solved('recoverPassword', { username, email: 'me@example.com' }), [], 200);
  });
  // Rankings, the name check, referral and donations run on aCis tables in their own suites
  // (statistics, api, referral, donations, reward-delivery: support/flavored-world.ts).
});

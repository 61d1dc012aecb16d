import { api } from '@gatekeeper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFE_TOWNS } from '../src/features/accounts/account-service';
import { characterRow } from '../src/game/character-row';
import { readPincodeHash } from '../src/game/pincode';
import { type AppUnderTest, csrfHeaders, startApp } from './app-under-test';
import { type TestDatabases, createTestDatabases } from './databases';
import { postCall, readAnswer } from './support/account-calls';
import { altchaPayload } from './support/altcha-solver';
import { type TestClock, testClock } from './support/clock';
import { FLAVOR_KINDS, type FlavoredWorld, flavoredWorld } from './support/flavored-world';
import { newGameAccount } from './support/game-account';
import { accountToolSettings } from './support/mailed-site';

/**
 * The account tools of a signed-in session (docs/product.md#my-account): change password with the
 * current one asked, unblock a character and change its PIN, for the session's account only.
 */
const PASSWORD = 'Fresh.Pass1';
const NEW_PASSWORD = 'Newer.Pass2';
const SETTINGS = {
  ...accountToolSettings({ maxFailedAttempts: 5, lockoutMinutes: 15, failedChecksPerAddressPerHour: 10_000 }),
  sessions: { idleMinutes: 120, absoluteDays: 30 },
};

describe.each(FLAVOR_KINDS)('the signed-in account tools (%s on %s)', (flavorName, kind) => {
  let databases: TestDatabases;
  let site: AppUnderTest;
  let clock: TestClock;
  let world: FlavoredWorld;
  let nextCharId = 930_000_000;

  beforeAll(async () => {
    world = flavoredWorld(flavorName);
    databases = await createTestDatabases(kind, { flavor: flavorName });
    clock = testClock();
    site = await startApp(databases, { settings: SETTINGS, now: clock.now });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await databases?.drop();
  });

  const game = () => databases.connections.game.db;
  const newAccount = (options: { accessLevel?: number } = {}) =>
    newGameAccount(databases, PASSWORD, { world, ...options });

  const signIn = async (username: string, password = PASSWORD) => {
    const answer = await postCall(site.url, 'signIn', { username, password, captcha: await altchaPayload(site.url) });
    expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: [] });
    return answer.setCookies.find((c) => c.startsWith('gk_session='))!.split(';')[0]!;
  };

  const post = async (path: string, cookie: string | undefined, body: unknown, options = { csrf: true }) =>
    readAnswer(
      await fetch(`${site.url}${path}`, {
        method: 'POST',
        headers: options.csrf
          ? { ...csrfHeaders(), cookie: [csrfHeaders().cookie, cookie].filter(Boolean).join('; ') }
          : { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      }),
    );
  const readsAccount = async (cookie: string) =>
    (await fetch(`${site.url}${api.getAccount.path}`, { headers: { cookie } })).status;

  /** A character of the account at a place far from town, offline unless told. */
  const newCharacter = async (login: string, options: { online?: number } = {}) => {
    const name = `c${nextCharId}`.slice(0, 16);
    await world.insertCharacters(game(), [
      characterRow({
        charId: nextCharId++,
        account_name: login,
        char_name: name,
        x: 11,
        y: 22,
        z: 33,
        online: options.online ?? 0,
      }),
    ]);
    return name;
  };
  const placeOf = (name: string) =>
    game().selectFrom('characters').select(['x', 'y', 'z']).where('char_name', '=', name).executeTakeFirstOrThrow();
  const FAR = { x: 11, y: 22, z: 33 };

  describe('change password', () => {
    const change = (cookie: string | undefined, password: string, options = { csrf: true }) =>
      post(
        api.changeOwnPassword.path,
        cookie,
        { password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        options,
      );

    it('asks the current password and changes nothing when it is wrong', async () => {
      const name = await newAccount();
      const cookie = await signIn(name);
      expect(await change(cookie, 'Wrong.Pass9')).toMatchObject({ status: 400, body: ['wrongUsernameOrPassword'] });
      await signIn(name, PASSWORD);
    });

    it('changes it, keeps this session and ends every other one', async () => {
      const name = await newAccount();
      const cookie = await signIn(name);
      const other = await signIn(name);
      expect(await change(cookie, PASSWORD)).toMatchObject({ status: 200, body: [] });
      expect(await readsAccount(cookie)).toBe(200);
      expect(await readsAccount(other)).toBe(401);
      await signIn(name, NEW_PASSWORD);
    });

    it('refuses without a session, without the anti-forgery token, and for a banned account', async () => {
      const name = await newAccount();
      const cookie = await signIn(name);
      expect(await change(undefined, PASSWORD)).toMatchObject({ status: 401, body: ['notSignedIn'] });
      expect(await change(cookie, PASSWORD, { csrf: false })).toMatchObject({ status: 403, body: ['formInvalid'] });
      await databases.connections.login.db
        .updateTable('accounts')
        .set({ [world.flavor.accounts.accessLevel]: -1 })
        .where('login', '=', name)
        .execute();
      clock.advance(5_000);
      expect(await change(cookie, PASSWORD)).toMatchObject({ status: 403, body: ['accountBanned'] });
      // Still the old password: nothing was written.
      expect(
        (
          await postCall(site.url, 'signIn', {
            username: name,
            password: NEW_PASSWORD,
            captcha: await altchaPayload(site.url),
          })
        ).body,
      ).toEqual(['wrongUsernameOrPassword']);
    });
  });

  describe('unblock a character', () => {
    const unblock = (cookie: string | undefined, charName: string, options = { csrf: true }) =>
      post(api.unblockOwnCharacter.path, cookie, { charName }, options);

    it("moves the account's own offline character to the safe town", async () => {
      const name = await newAccount();
      const charName = await newCharacter(name);
      const cookie = await signIn(name);
      expect(await unblock(cookie, charName.toUpperCase())).toMatchObject({ status: 200, body: [] });
      expect(await placeOf(charName)).toEqual(SAFE_TOWNS.giran);
    });

    it("refuses another account's character, an online one, and moves neither", async () => {
      const name = await newAccount();
      const owner = await newAccount();
      const theirs = await newCharacter(owner);
      const online = await newCharacter(name, { online: 1 });
      const cookie = await signIn(name);
      expect(await unblock(cookie, theirs)).toMatchObject({ status: 400, body: ['charDoesntExist'] });
      expect(await unblock(cookie, online)).toMatchObject({ status: 400, body: ['characterOnline'] });
      expect(await placeOf(theirs)).toEqual(FAR);
      expect(await placeOf(online)).toEqual(FAR);
    });

    it('refuses without a session, without the anti-forgery token, and for a banned account', async () => {
      const name = await newAccount();
      const charName = await newCharacter(name);
      const cookie = await signIn(name);
      expect(await unblock(undefined, charName)).toMatchObject({ status: 401, body: ['notSignedIn'] });
      expect(await unblock(cookie, charName, { csrf: false })).toMatchObject({ status: 403, body: ['formInvalid'] });
      await databases.connections.login.db
        .updateTable('accounts')
        .set({ [world.flavor.accounts.accessLevel]: -1 })
        .where('login', '=', name)
        .execute();
      clock.advance(5_000);
      expect(await unblock(cookie, charName)).toMatchObject({ status: 403, body: ['accountBanned'] });
      expect(await placeOf(charName)).toEqual(FAR);
    });
  });

  describe('change a character PIN', () => {
    const changePin = (cookie: string | undefined, charName: string, options = { csrf: true }) =>
      post(api.changeOwnPincode.path, cookie, { charName, pincode: '246813' }, options);

    it('writes the PIN where the game has one, and says so where it has none', async () => {
      const name = await newAccount();
      const charName = await newCharacter(name);
      const cookie = await signIn(name);
      if (!world.flavor.features.pincode) {
        expect(await changePin(cookie, charName)).toMatchObject({ status: 400, body: ['pincodeNotSupported'] });
        return;
      }
      expect(await changePin(cookie, charName)).toMatchObject({ status: 200, body: [] });
      expect(await readPincodeHash(game(), name)).toBeDefined();
    });

    it.runIf(flavorName === 'l2j')("refuses another account's character and writes nothing", async () => {
      const name = await newAccount();
      await newCharacter(name);
      const owner = await newAccount();
      const theirs = await newCharacter(owner);
      const cookie = await signIn(name);
      expect(await changePin(cookie, theirs)).toMatchObject({ status: 400, body: ['charDoesntExist'] });
      expect(await readPincodeHash(game(), owner)).toBeUndefined();
      expect(await readPincodeHash(game(), name)).toBeUndefined();
    });

    it.runIf(flavorName === 'l2j')(
      'refuses without a session, without the anti-forgery token, and for a banned account',
      async () => {
        const name = await newAccount();
        const charName = await newCharacter(name);
        const cookie = await signIn(name);
        expect(await changePin(undefined, charName)).toMatchObject({ status: 401, body: ['notSignedIn'] });
        expect(await changePin(cookie, charName, { csrf: false })).toMatchObject({
          status: 403,
          body: ['formInvalid'],
        });
        await databases.connections.login.db
          .updateTable('accounts')
          .set({ [world.flavor.accounts.accessLevel]: -1 })
          .where('login', '=', name)
          .execute();
        clock.advance(5_000);
        expect(await changePin(cookie, charName)).toMatchObject({ status: 403, body: ['accountBanned'] });
        expect(await readPincodeHash(game(), name)).toBeUndefined();
      },
    );
  });
});

import { createHash } from 'node:crypto';
import { api } from '@gatekeeper/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAFE_TOWNS } from '../src/features/accounts/account-service';
import { attachEmail } from '../src/features/accounts/account-emails';
import { type Collector, STREAM_DATA_MAX_AGE_MS } from '../src/features/facebook-streams/collector';
import { runReferralCheck } from '../src/features/referral/referral-rewards';
import { createRewardDelivery } from '../src/features/rewards/reward-delivery';
import { insertGameAccount } from '../src/game/accounts';
import { findCharacterByName } from '../src/game/characters';
import type { GameRealm } from '../src/game/game-realm';
import { type GameSchema, checkGameSchema } from '../src/game/schema-check';
import { ServiceUnavailableError } from '../src/infra/unavailable';
import { parseSettings } from '../src/settings';
import { type AppUnderTest, csrfHeaders, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { type Answer, freshLogin, postCall, readAnswer } from './support/account-calls';
import { FAST_ALTCHA_SETTINGS, altchaPayload } from './support/altcha-solver';
import { closedPort } from './support/closed-port';
import { type FakeGraphApi, startFakeGraphApi } from './support/fakes/fake-graph-api';
import { testClock } from './support/clock';
import { L2J_SCHEMA } from './support/game-schema';
import { newCharacter } from './support/characters';
import { flavoredWorld } from './support/flavored-world';

const L2J = flavoredWorld('l2j');

/**
 * The account tools per realm (decision 049, fourth part): the anonymous unblock and PIN, the
 * referral reward character and the Facebook stream registration name a realm; each acts in that
 * realm's game database and not the first's; a slug no realm has and a realm that is down change
 * nothing. On SQLite and MariaDB, with two realms alike but for one character's name, and a third
 * realm whose database never answers.
 */

const PLAYER = { username: 'demoplayer', password: 'Demo.Pass1', email: 'demoplayer@example.com' };
const APP_ID = '1234567890';
const APP_SECRET = 'fake-app-secret-for-tests';
const TOKEN_KEY = 'a1'.repeat(32);
const COINS_PER_REF = 7;
const PLAYING_LEVEL = 20;
const GIRAN = SAFE_TOWNS.giran;

const settingsOf = (graphUrl: string) => ({
  captcha: FAST_ALTCHA_SETTINGS,
  accounts: { requestsPerMinute: 1_000 },
  coins: { perRef: COINS_PER_REF },
  // The test runs the referral check itself.
  referral: { playingLevel: PLAYING_LEVEL, checkSeconds: 86_400 },
  rewards: { retrySeconds: 86_400 },
  facebook: { appId: APP_ID, graphApiBaseUrl: graphUrl, pollSeconds: 60 },
  realms: [
    { id: 1, slug: 'low', name: 'Bartz x5' },
    { id: 2, slug: 'high', name: 'Sieghardt x50', statusAddress: '127.0.0.1:1' },
    { id: 3, slug: 'down', name: 'Test server', statusAddress: '127.0.0.1:1' },
  ],
});

describe.each(DATABASE_KINDS)('account tools per realm on %s', (kind: DatabaseKind) => {
  let low: TestDatabases;
  let high: TestDatabases;
  let graph: FakeGraphApi;
  let site: AppUnderTest;
  let collector: Collector;
  const clock = testClock();

  beforeAll(async () => {
    [low, high] = await Promise.all([createTestDatabases(kind), createTestDatabases(kind)]);
    // Both worlds were seeded alike: in the second, DemoKnight is HighHero, so each name lives in one realm.
    await sql`update characters set char_name = 'HighHero' where char_name = 'DemoKnight'`.execute(
      high.connections.game.db,
    );
    graph = await startFakeGraphApi({ appId: APP_ID, appSecret: APP_SECRET });
    site = await startApp(low, {
      settings: settingsOf(graph.url),
      env: {
        TRUST_PROXY: 'true',
        REALM_HIGH_DATABASE_URL: high.urls.game,
        REALM_DOWN_DATABASE_URL: `mysql://root@127.0.0.1:${await closedPort()}/nothing`,
        FACEBOOK_APP_SECRET: APP_SECRET,
        FACEBOOK_TOKEN_KEY: TOKEN_KEY,
        DATABASE_QUERY_TIMEOUT_MS: '1000',
        DATABASE_ACQUIRE_TIMEOUT_MS: '500',
      },
      now: clock.now,
      takeFacebookCollector: (taken) => {
        collector = taken;
      },
    });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await graph?.close();
    await Promise.all([low?.drop(), high?.drop()]);
  });

  const call = async (name: 'unblockCharacter' | 'changePincode', body: object) =>
    postCall(site.url, name, { ...body, captcha: await altchaPayload(site.url) });
  /** A character's row in a realm's game: where it stands. */
  const positionOf = async (databases: TestDatabases, charName: string) => {
    const row = await databases.connections.game.db
      .selectFrom('characters')
      .select(['x', 'y', 'z'])
      .where('char_name', '=', charName)
      .executeTakeFirstOrThrow();
    return { x: Number(row.x), y: Number(row.y), z: Number(row.z) };
  };
  const place = (databases: TestDatabases, charName: string, at: { x: number; y: number; z: number }) =>
    databases.connections.game.db.updateTable('characters').set(at).where('char_name', '=', charName).execute();
  const pinOf = async (databases: TestDatabases, account: string) =>
    (
      await databases.connections.game.db
        .selectFrom('account_gsdata')
        .select(['var', 'value'])
        .where('account_name', '=', account)
        .where('var', '=', 'secauth_pwd')
        .execute()
    ).map((row) => row.value);
  const expectAnswer = (answer: Pick<Answer, 'status' | 'body'>, status: number, body: unknown) =>
    expect({ status: answer.status, body: answer.body }).toEqual({ status, body });
  /** A call with its Retry-After header: what a realm that is down answers. */
  const rawPost = async (path: string, body: object) => {
    const response = await fetch(`${site.url}${path}`, {
      method: 'POST',
      headers: csrfHeaders(),
      body: JSON.stringify(body),
    });
    return { retryAfter: response.headers.get('retry-after'), ...(await readAnswer(response)) };
  };

  describe('the anonymous unblock', () => {
    it("moves the second realm's character in that realm's game, and nothing of the first's", async () => {
      await place(high, 'HighHero', { x: 1, y: 2, z: 3 });
      await place(low, 'DemoKnight', { x: 4, y: 5, z: 6 });
      // Its name is the second realm's only: in the first realm (the default) it is no character of the account.
      expectAnswer(await call('unblockCharacter', { ...PLAYER, charName: 'HighHero' }), 400, ['charDoesntExist']);
      expectAnswer(await call('unblockCharacter', { ...PLAYER, charName: 'HighHero', realm: 'low' }), 400, [
        'charDoesntExist',
      ]);
      expect(await positionOf(high, 'HighHero')).toEqual({ x: 1, y: 2, z: 3 });
      expectAnswer(await call('unblockCharacter', { ...PLAYER, charName: 'HighHero', realm: 'high' }), 200, []);
      expect(await positionOf(high, 'HighHero')).toEqual(GIRAN);
      expect(await positionOf(low, 'DemoKnight')).toEqual({ x: 4, y: 5, z: 6 });
      // The first realm's character by its slug, as without one.
      expectAnswer(await call('unblockCharacter', { ...PLAYER, charName: 'DemoKnight', realm: 'low' }), 200, []);
      expect(await positionOf(low, 'DemoKnight')).toEqual(GIRAN);
    });

    it('refuses a slug no realm has (formInvalid) and a realm that is down (503, Retry-After), moving nothing', async () => {
      await place(high, 'HighHero', { x: 7, y: 8, z: 9 });
      expectAnswer(await call('unblockCharacter', { ...PLAYER, charName: 'HighHero', realm: 'nowhere' }), 400, [
        'formInvalid',
      ]);
      expectAnswer(await call('unblockCharacter', { ...PLAYER, charName: 'HighHero', realm: 'Not A Slug' }), 400, [
        'formInvalid',
      ]);
      const down = await rawPost(api.unblockCharacter.path, {
        ...PLAYER,
        charName: 'HighHero',
        realm: 'down',
        captcha: await altchaPayload(site.url),
      });
      expect({ status: down.status, body: down.body }).toEqual({ status: 503, body: ['serviceUnavailable'] });
      expect(Number(down.retryAfter)).toBeGreaterThan(0);
      expect(await positionOf(high, 'HighHero')).toEqual({ x: 7, y: 8, z: 9 });
      // A wrong password is still wrong in another realm, and moves nothing either.
      expectAnswer(
        await call('unblockCharacter', { ...PLAYER, password: 'Wrong.Pass1', charName: 'HighHero', realm: 'high' }),
        400,
        ['wrongCredentials'],
      );
      expect(await positionOf(high, 'HighHero')).toEqual({ x: 7, y: 8, z: 9 });
    });
  });

  describe('the anonymous PIN', () => {
    it("writes the PIN in the second realm's game only, and refuses an unknown or down realm writing nothing", async () => {
      const lowBefore = await pinOf(low, PLAYER.username);
      const highBefore = await pinOf(high, PLAYER.username);
      expectAnswer(
        await call('changePincode', { ...PLAYER, charName: 'HighHero', pincode: '246813', realm: 'nowhere' }),
        400,
        ['formInvalid'],
      );
      expect(
        (
          await rawPost(api.changePincode.path, {
            ...PLAYER,
            charName: 'HighHero',
            pincode: '246813',
            realm: 'down',
            captcha: await altchaPayload(site.url),
          })
        ).status,
      ).toBe(503);
      expect(await pinOf(high, PLAYER.username)).toEqual(highBefore);
      expectAnswer(
        await call('changePincode', { ...PLAYER, charName: 'HighHero', pincode: '246813', realm: 'high' }),
        200,
        [],
      );
      expect(await pinOf(high, PLAYER.username)).toEqual([createHash('sha1').update('246813').digest('base64')]);
      expect(await pinOf(low, PLAYER.username)).toEqual(lowBefore);
    });
  });

  describe('referral rewards', () => {
    let schema: GameSchema;
    beforeAll(async () => {
      schema = await checkGameSchema(low.connections);
    });

    /** A referrer with an email and a character in the second realm only; a referred account. */
    const newReferral = async () => {
      const username = freshLogin('r');
      const email = `${username}@example.com`;
      expect(
        await insertGameAccount(low.connections.login.db, schema, { login: username, password: 'Start.Pass1', email }),
      ).toBe(true);
      await attachEmail({ connections: low.connections, schema, now: clock.now }, username, email);
      const heroName = `Hi${username}`.slice(0, 16);
      await L2J.insertCharacters(high.connections.game.db, [
        newCharacter({ account_name: username, char_name: heroName, level: 30 }),
      ]);
      return { username, email, heroName };
    };
    const getLink = async (query: Record<string, string>) =>
      readAnswer(
        await fetch(
          `${site.url}${api.getReferralLink.path}?${new URLSearchParams({ ...query, captcha: await altchaPayload(site.url) })}`,
        ),
      );
    const codeRow = (login: string) =>
      low.connections.site.db
        .selectFrom('site_referral_codes')
        .select(['code', 'reward_char_id', 'reward_realm'])
        .where('login', '=', login)
        .executeTakeFirst();
    /** The realms as the app hands them to the referral check, the third down. */
    const realms = (): GameRealm[] => {
      const up = (slug: string, first: boolean, databases: TestDatabases): GameRealm => ({
        slug,
        first,
        game: databases.connections.game.db,
        schema: () => L2J_SCHEMA,
        isUp: () => true,
        read: (work) => work(databases.connections.game.db, L2J_SCHEMA),
      });
      return [
        up('low', true, low),
        up('high', false, high),
        {
          slug: 'down',
          first: false,
          game: high.connections.game.db,
          schema: () => undefined,
          isUp: () => false,
          read: () => Promise.reject(new ServiceUnavailableError('realm down is down')),
        },
      ];
    };
    const coinsOf = async (databases: TestDatabases, charId: number) =>
      (
        await databases.connections.game.db
          .selectFrom('character_premium_items')
          .select('itemCount')
          .where('charId', '=', charId)
          .execute()
      ).reduce((sum, row) => sum + Number(row.itemCount), 0);

    it('chooses the reward character in the realm named, refusing an unknown or down realm and writing nothing', async () => {
      const referrer = await newReferral();
      const named = { username: referrer.username, email: referrer.email, charName: referrer.heroName };
      expectAnswer(await getLink(named), 400, 'charDoesntExist');
      expectAnswer(await getLink({ ...named, realm: 'nowhere' }), 400, 'formInvalid');
      const down = await getLink({ ...named, realm: 'down' });
      expect(down.status).toBe(503);
      expect(await codeRow(referrer.username)).toBeUndefined();
      const answer = await getLink({ ...named, realm: 'high' });
      expect(answer.status).toBe(200);
      const hero = await findCharacterByName(high.connections.game.db, L2J_SCHEMA, referrer.heroName);
      expect(await codeRow(referrer.username)).toMatchObject({ reward_char_id: hero!.charId, reward_realm: 'high' });
      // Without a name the choice stays as it was.
      expect((await getLink({ username: referrer.username, email: referrer.email })).status).toBe(200);
      expect(await codeRow(referrer.username)).toMatchObject({ reward_char_id: hero!.charId, reward_realm: 'high' });
    });

    it("counts a referred account playing in any realm, and pays the referrer's second-realm character there", async () => {
      const referrer = await newReferral();
      expect(
        (
          await getLink({
            username: referrer.username,
            email: referrer.email,
            charName: referrer.heroName,
            realm: 'high',
          })
        ).status,
      ).toBe(200);
      const { code } = (await codeRow(referrer.username))!;
      // A referred account whose only character at the playing level is in the second realm.
      const referred = freshLogin('p');
      await low.connections.site.db
        .insertInto('site_referral_accounts')
        .values({ login: referred, code, visitor_id: 0, registered_at: clock.now() })
        .execute();
      await L2J.insertCharacters(high.connections.game.db, [
        newCharacter({ account_name: referred, char_name: `Pl${referred}`.slice(0, 16), level: PLAYING_LEVEL }),
      ]);
      const hero = (await findCharacterByName(high.connections.game.db, L2J_SCHEMA, referrer.heroName))!;
      const lowCoins = await coinsOf(low, hero.charId);
      const rewards = createRewardDelivery({
        connections: low.connections,
        schema: L2J_SCHEMA,
        settings: parseSettings(settingsOf(graph.url)).rewards,
        now: clock.now,
        log: site.app.log,
        firstRealm: 'low',
        otherRealms: new Map([['high', { game: high.connections.game.db, schema: () => L2J_SCHEMA }]]),
      });
      const check = () =>
        runReferralCheck({
          connections: low.connections,
          schema: L2J_SCHEMA,
          realms: realms(),
          rewards,
          playingLevel: PLAYING_LEVEL,
          coinsPerRef: COINS_PER_REF,
          now: clock.now,
        });
      expect(await check()).toMatchObject({ playing: 1, rewarded: 1 });
      expect(await coinsOf(high, hero.charId)).toBe(COINS_PER_REF);
      expect(await coinsOf(low, hero.charId)).toBe(lowCoins);
      const account = await low.connections.site.db
        .selectFrom('site_referral_accounts')
        .select(['reward_char_id', 'reward_realm', 'reward_status'])
        .where('login', '=', referred)
        .executeTakeFirstOrThrow();
      expect(account).toEqual({ reward_char_id: hero.charId, reward_realm: 'high', reward_status: 'delivered' });
      const grants = await low.connections.site.db
        .selectFrom('site_reward_queue')
        .select(['realm', 'status'])
        .where('request_id', '=', `referral:${referred}`)
        .execute();
      expect(grants).toEqual([{ realm: 'high', status: 'delivered' }]);
      // Once: another pass pays nothing more.
      expect(await check()).toMatchObject({ playing: 0, rewarded: 0 });
      expect(await coinsOf(high, hero.charId)).toBe(COINS_PER_REF);
    });

    it("keeps the reward waiting while the chosen realm's database does not answer", async () => {
      const referrer = await newReferral();
      await getLink({ username: referrer.username, email: referrer.email, charName: referrer.heroName, realm: 'high' });
      const { code } = (await codeRow(referrer.username))!;
      // The chosen realm is down now (a realm list whose second realm does not answer).
      await low.connections.site.db
        .updateTable('site_referral_codes')
        .set({ reward_realm: 'down' })
        .where('code', '=', code)
        .execute();
      const referred = freshLogin('p');
      await low.connections.site.db
        .insertInto('site_referral_accounts')
        .values({ login: referred, code, visitor_id: 0, registered_at: clock.now(), playing_at: clock.now() })
        .execute();
      await runReferralCheck({
        connections: low.connections,
        schema: L2J_SCHEMA,
        realms: realms(),
        rewards: { grant: () => Promise.reject(new Error('nothing may be granted')) },
        playingLevel: PLAYING_LEVEL,
        coinsPerRef: COINS_PER_REF,
        now: clock.now,
      });
      const account = await low.connections.site.db
        .selectFrom('site_referral_accounts')
        .select(['rewarded_at', 'reward_realm'])
        .where('login', '=', referred)
        .executeTakeFirstOrThrow();
      expect(account).toEqual({ rewarded_at: null, reward_realm: null });
    });
  });

  describe('stream registration', () => {
    let nextUser = 200_000_000_000_000;
    const userFromDialog = () => {
      nextUser += 1;
      const userId = String(nextUser);
      const token = `EAAshort${userId}`;
      graph.userTokens.set(token, { userId, appId: APP_ID, scopes: ['user_videos', 'public_profile'] });
      return { userId, token };
    };
    const streamerOf = (userId: string) =>
      low.connections.site.db
        .selectFrom('site_facebook_streamers')
        .select(['code', 'realm', 'status'])
        .where('fb_user_id', '=', userId)
        .executeTakeFirst();

    it("hands a code for the chosen realm's Rewards Manager, and refuses an unknown or down realm storing nothing", async () => {
      const unknown = userFromDialog();
      expectAnswer(await rawPost(api.addFacebookToken.path, { accessToken: unknown.token, realm: 'nowhere' }), 400, [
        'formInvalid',
      ]);
      const down = await rawPost(api.addFacebookToken.path, { accessToken: unknown.token, realm: 'down' });
      expect({ status: down.status, body: down.body }).toEqual({ status: 503, body: ['serviceUnavailable'] });
      expect(Number(down.retryAfter)).toBeGreaterThan(0);
      expect(await streamerOf(unknown.userId)).toBeUndefined();
      // Facebook was not asked for either.
      expect(graph.requests.some((request) => request.search.includes(unknown.token))).toBe(false);

      const streamer = userFromDialog();
      const answer = await rawPost(api.addFacebookToken.path, { accessToken: streamer.token, realm: 'high' });
      expect(answer.status).toBe(200);
      expect(await streamerOf(streamer.userId)).toMatchObject({ realm: 'high', status: 'registered' });
      const first = userFromDialog();
      expect((await rawPost(api.addFacebookToken.path, { accessToken: first.token })).status).toBe(200);
      expect(await streamerOf(first.userId)).toMatchObject({ realm: null, status: 'registered' });
    });

    it("looks for a bound streamer's character in its own realm's game", async () => {
      const streamer = userFromDialog();
      expect((await rawPost(api.addFacebookToken.path, { accessToken: streamer.token, realm: 'high' })).status).toBe(
        200,
      );
      const hero = (await findCharacterByName(high.connections.game.db, L2J_SCHEMA, 'HighHero'))!;
      // The second realm's Rewards Manager binds it (docs/owner/streams.md); HighHero is in that game.
      await low.connections.site.db
        .updateTable('site_facebook_streamers')
        .set({ char_id: hero.charId, char_name: 'HighHero', status: 'online', code: null })
        .where('fb_user_id', '=', streamer.userId)
        .where('realm', '=', 'high')
        .execute();
      await high.connections.game.db
        .updateTable('characters')
        .set({ online: 1 })
        .where('charId', '=', hero.charId)
        .execute();
      // The first realm's row of the same id is offline: only the second realm's says the streamer plays.
      await low.connections.game.db
        .updateTable('characters')
        .set({ online: 0 })
        .where('charId', '=', hero.charId)
        .execute();
      graph.liveVideos.set(streamer.userId, [{ id: 'v1', title: 'Sieghardt sieges', liveViews: 40 }]);
      clock.advance(STREAM_DATA_MAX_AGE_MS);
      await collector.collectOnce();
      const streams = await low.connections.site.db
        .selectFrom('site_live_streams')
        .select(['owner_key', 'title'])
        .where('owner_key', '=', streamer.userId)
        .execute();
      expect(streams).toEqual([{ owner_key: streamer.userId, title: 'Sieghardt sieges' }]);
    });
  });
});

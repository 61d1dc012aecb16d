import { randomInt } from 'node:crypto';
import { api } from '@gatekeeper/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRewardDelivery } from '../src/features/rewards/reward-delivery';
import { rewardSettings } from '../src/features/rewards/settings-schema';
import { findCharacterByName } from '../src/game/characters';
import { type GameSchema, checkGameSchema } from '../src/game/schema-check';
import { type AppUnderTest, startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { type Answer, postCall } from './support/account-calls';
import { FAST_ALTCHA_SETTINGS, altchaPayload } from './support/altcha-solver';
import { SITE_ZONE, type FakeVoteSites, startFakeVoteSites } from './support/fakes/fake-vote-sites';
import { L2J_SCHEMA } from './support/game-schema';

/**
 * Vote rewards per realm (decision 049, third part): a vote claimed with a character of the
 * second realm is checked in that realm's game database and paid there once, at the realm's own
 * vote sites; the first realm keeps the site-wide ones. On SQLite and MariaDB.
 */

const VOTE_ITEM = 4037;
/** The first realm's site (the site-wide list) and the second realm's own, each paying its own count. */
const FIRST_REWARD = 7;
const HIGH_REWARD = 9;

const settingsOf = (sites: FakeVoteSites, highKey: Record<string, string> = { apiKey: sites.key }) => {
  const check = (kind: 'hopzone' | 'l2network', count: number, key: Record<string, string>) => ({
    kind,
    ...key,
    apiUrl: sites.apiUrl(kind),
    timeZone: SITE_ZONE,
    requestsPerMinute: 6_000,
    reward: { itemId: VOTE_ITEM, count },
  });
  return {
    captcha: FAST_ALTCHA_SETTINGS,
    votes: { requestsPerMinute: 1_000 },
    // The site's own retries wait a day: the retry test is the only one to try a failed grant again.
    rewards: { retrySeconds: 86_400 },
    voteSites: [
      {
        name: 'Hopzone',
        banner: '/images/vote/hopzone.svg',
        url: 'https://hopzone.example/vote/{id}',
        identifier: 'any',
        check: check('hopzone', FIRST_REWARD, { apiKey: sites.key }),
      },
    ],
    realms: [
      { id: 1, slug: 'low', name: 'Bartz x5' },
      {
        id: 2,
        slug: 'high',
        name: 'Sieghardt x50',
        statusAddress: '127.0.0.1:1',
        voteSites: [
          {
            name: 'L2Network',
            banner: '/images/vote/l2network.svg',
            url: 'https://l2network.example/high/vote/{id}',
            identifier: 'any',
            check: check('l2network', HIGH_REWARD, highKey),
          },
        ],
      },
    ],
  };
};

/** A voter's address: an address of the benchmarking range, new for each test. */
const freshVoter = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
const resultsOf = (answer: Answer) =>
  Object.fromEntries((answer.body as { site: string; result: string }[]).map((r) => [r.site, r.result]));

describe.each(DATABASE_KINDS)('vote rewards per realm on %s', (kind: DatabaseKind) => {
  let low: TestDatabases;
  let high: TestDatabases;
  let sites: FakeVoteSites;
  let site: AppUnderTest;
  /** A character only the second realm has, and DemoKnight, which only the first has. */
  let highHeroId: number;
  let knightId: number;

  beforeAll(async () => {
    [low, high] = await Promise.all([createTestDatabases(kind), createTestDatabases(kind)]);
    // Both worlds were seeded alike: in the second, DemoKnight is HighHero, so each name lives in one realm.
    await sql`update characters set char_name = 'HighHero' where char_name = 'DemoKnight'`.execute(
      high.connections.game.db,
    );
    highHeroId = (await findCharacterByName(high.connections.game.db, L2J_SCHEMA, 'HighHero'))!.charId;
    knightId = (await findCharacterByName(low.connections.game.db, L2J_SCHEMA, 'DemoKnight'))!.charId;
    sites = await startFakeVoteSites();
    site = await startApp(low, {
      settings: settingsOf(sites),
      env: { TRUST_PROXY: 'true', REALM_HIGH_DATABASE_URL: high.urls.game },
    });
  }, 120_000);
  afterAll(async () => {
    await site?.close();
    await sites?.close();
    await Promise.all([low?.drop(), high?.drop()]);
  });

  const claim = async (voter: string, charName: string, realm?: string) =>
    postCall(
      site.url,
      'claimVotes',
      { charName, captcha: await altchaPayload(site.url), ...(realm === undefined ? {} : { realm }) },
      { ip: voter },
    );
  /** The vote items a realm's game holds for a character, by count. */
  const voteItems = async (databases: TestDatabases, charId: number) =>
    (
      await databases.connections.game.db
        .selectFrom('character_premium_items')
        .select('itemCount')
        .where('charId', '=', charId)
        .where('itemId', '=', VOTE_ITEM)
        .execute()
    ).map((row) => Number(row.itemCount));
  const ledgerOf = (voter: string) =>
    low.connections.site.db.selectFrom('site_vote_claims').selectAll().where('voter', '=', voter).execute();
  const grantsOf = (requestIds: string[]) =>
    requestIds.length === 0
      ? Promise.resolve([])
      : low.connections.site.db
          .selectFrom('site_reward_queue')
          .selectAll()
          .where('request_id', 'in', requestIds)
          .execute();

  it("tells the page each realm's own vote sites, never their keys", async () => {
    const text = await (await fetch(`${site.url}${api.getMetadata.path}`)).text();
    expect(text).not.toContain(sites.key);
    const metadata = api.getMetadata.response.parse(JSON.parse(text));
    expect(metadata.voteSites.map((voteSite) => voteSite.name)).toEqual(['Hopzone']);
    expect(metadata.realms[0]?.voteSites).toBeUndefined();
    expect(metadata.realms[1]?.voteSites).toEqual([
      {
        name: 'L2Network',
        banner: '/images/vote/l2network.svg',
        url: 'https://l2network.example/high/vote/{id}',
        identifier: 'any',
        rewarded: 'onClaim',
      },
    ]);
  });

  it("checks a character's name in the realm the query names", async () => {
    const exists = async (query: string) => (await fetch(`${site.url}${api.isCharacterExist.path}?${query}`)).json();
    expect(await exists('name=HighHero&realm=high')).toBe(true);
    expect(await exists('name=HighHero')).toBe(false);
    expect(await exists('name=DemoKnight&realm=high')).toBe(false);
    expect(await exists('name=DemoKnight&realm=low')).toBe(true);
    // Asked again, answered from memory: the same answers.
    expect(await exists('name=HighHero&realm=high')).toBe(true);
    expect(await exists('name=HighHero')).toBe(false);
    const unknown = await fetch(`${site.url}${api.isCharacterExist.path}?name=HighHero&realm=nowhere`);
    expect({ status: unknown.status, body: await unknown.json() }).toEqual({ status: 400, body: ['formInvalid'] });
  });

  it("pays a second-realm character's vote in that realm's database once, two claims at once, at its own site", async () => {
    const voter = freshVoter();
    sites.vote('l2network', voter);
    // A vote at the first realm's site is not the second realm's: it is not asked.
    sites.vote('hopzone', voter);
    const lowBefore = await voteItems(low, highHeroId);
    const answers = await Promise.all([claim(voter, 'HighHero', 'high'), claim(voter, 'HighHero', 'high')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const results = answers.map((answer) => resultsOf(answer).L2Network);
    expect(results.filter((result) => result === 'rewarded')).toHaveLength(1);
    expect(answers.every((answer) => Object.keys(resultsOf(answer)).join() === 'L2Network')).toBe(true);
    // Delivered in the second realm's game, once; not in the first's (a character of the same id there).
    expect(await voteItems(high, highHeroId)).toEqual([HIGH_REWARD]);
    expect(await voteItems(low, highHeroId)).toEqual(lowBefore);
    const ledger = await ledgerOf(voter);
    expect(ledger.map(({ site: name, realm, char_id }) => ({ name, realm, charId: Number(char_id) }))).toEqual([
      { name: 'high/L2Network', realm: 'high', charId: highHeroId },
    ]);
    const grants = await grantsOf(ledger.map((row) => row.request_id));
    expect(grants.map(({ realm, status, reason }) => ({ realm, status, reason }))).toEqual([
      { realm: 'high', status: 'delivered', reason: 'vote' },
    ]);
    // Again: the ledger answers, and nothing more is paid.
    expect(resultsOf(await claim(voter, 'HighHero', 'high'))).toEqual({ L2Network: 'alreadyRewarded' });
    expect(await voteItems(high, highHeroId)).toEqual([HIGH_REWARD]);
  });

  it("pays a first-realm character's vote in the first realm, without a realm named or with its slug", async () => {
    const voter = freshVoter();
    sites.vote('hopzone', voter);
    const before = await voteItems(low, knightId);
    expect(resultsOf(await claim(voter, 'DemoKnight'))).toEqual({ Hopzone: 'rewarded' });
    expect(resultsOf(await claim(voter, 'DemoKnight', 'low'))).toEqual({ Hopzone: 'alreadyRewarded' });
    expect((await voteItems(low, knightId)).length - before.length).toBe(1);
    const ledger = await ledgerOf(voter);
    expect(ledger.map(({ site: name, realm }) => ({ name, realm }))).toEqual([{ name: 'Hopzone', realm: null }]);
    const grants = await grantsOf(ledger.map((row) => row.request_id));
    expect(grants.map(({ realm, status }) => ({ realm, status }))).toEqual([{ realm: null, status: 'delivered' }]);
  });

  it('refuses an unknown realm, and a name only the first realm has when the second is chosen, writing nothing', async () => {
    const voter = freshVoter();
    sites.vote('l2network', voter);
    sites.vote('hopzone', voter);
    const highBefore = await voteItems(high, highHeroId);
    const knightBefore = await voteItems(low, knightId);
    const refused = (answer: Answer) => ({ status: answer.status, body: answer.body });
    expect(refused(await claim(voter, 'HighHero', 'nowhere'))).toEqual({ status: 400, body: ['formInvalid'] });
    expect(refused(await claim(voter, 'DemoKnight', 'high'))).toEqual({ status: 400, body: ['charDoesntExist'] });
    expect(refused(await claim(voter, 'HighHero', 'low'))).toEqual({ status: 400, body: ['charDoesntExist'] });
    expect(refused(await claim(voter, 'HighHero', 'Not A Slug'))).toEqual({ status: 400, body: ['formInvalid'] });
    expect(await ledgerOf(voter)).toEqual([]);
    expect(await voteItems(high, highHeroId)).toEqual(highBefore);
    expect(await voteItems(low, knightId)).toEqual(knightBefore);
    // No vote site was asked for a refused claim.
    for (const name of ['l2network', 'hopzone']) expect(sites.asked[name] ?? []).not.toContain(voter);
  });

  it('retries a failed grant of the second realm into that realm, once its database takes items again', async () => {
    const game = high.connections.game.db;
    let highSchema: GameSchema | undefined = await checkGameSchema(high.connections);
    const quiet = { info: () => undefined, error: () => undefined };
    const rewards = createRewardDelivery({
      connections: low.connections,
      schema: await checkGameSchema(low.connections),
      settings: rewardSettings.parse({}),
      now: Date.now,
      log: quiet,
      firstRealm: 'low',
      otherRealms: new Map([['high', { game, schema: () => highSchema }]]),
    });
    const requestId = `vote:retry-high-${kind}-${randomInt(1e9)}`;
    const before = { high: await voteItems(high, highHeroId), low: await voteItems(low, highHeroId) };
    const statusOf = async () =>
      (
        await low.connections.site.db
          .selectFrom('site_reward_queue')
          .select(['status', 'realm', 'delivery'])
          .where('request_id', '=', requestId)
          .executeTakeFirstOrThrow()
      ).status;
    // The second realm's game refuses the item (its table is away): the grant is kept, failed.
    await sql`alter table character_premium_items rename to premium_items_away`.execute(game);
    try {
      const granted = await rewards.grant({ requestId, charId: highHeroId, count: 3, reason: 'vote', realm: 'high' });
      expect(granted.status).toBe('failed');
      // While the realm has not answered (no flavour known), its grants wait: nothing is tried.
      highSchema = undefined;
      expect(await rewards.retryFailed()).toBe(0);
      expect(await statusOf()).toBe('failed');
    } finally {
      await sql`alter table premium_items_away rename to character_premium_items`.execute(game);
    }
    highSchema = await checkGameSchema(high.connections);
    expect(await rewards.retryFailed()).toBe(1);
    expect(await statusOf()).toBe('delivered');
    expect(await rewards.retryFailed()).toBe(0);
    expect(await voteItems(high, highHeroId)).toEqual([...before.high, 3]);
    expect(await voteItems(low, highHeroId)).toEqual(before.low);
  });

  it("ranks each realm's voters from the ledger's rows of that realm (getvotersstatistics?realm=)", async () => {
    // A fresh instance reads the rankings at start (its period's turn is free).
    await low.connections.site.db.deleteFrom('site_claims').where('claim_key', 'like', 'turn:rankings%').execute();
    const fresh = await startApp(low, {
      settings: settingsOf(sites),
      env: { REALM_HIGH_DATABASE_URL: high.urls.game },
    });
    try {
      const ranking = async (query: string) =>
        api.getVotersStatistics.response
          .parse(await (await fetch(`${fresh.url}${api.getVotersStatistics.path}${query}`)).json())
          .map(({ name, value }) => ({ name, value }));
      expect(await ranking('?realm=high')).toEqual([{ name: 'HighHero', value: 1 }]);
      expect(await ranking('?realm=low')).toEqual([{ name: 'DemoKnight', value: 1 }]);
      expect(await ranking('')).toEqual([{ name: 'DemoKnight', value: 1 }]);
      expect((await fetch(`${fresh.url}${api.getVotersStatistics.path}?realm=nowhere`)).status).toBe(404);
    } finally {
      await fresh.close();
    }
  });

  it("lists the account's rewards of both realms in My account, each naming its realm", async () => {
    // DemoKnight (first realm) and HighHero (second) are both demoplayer's: one login database.
    const voter = freshVoter();
    sites.vote('l2network', voter);
    sites.vote('hopzone', voter);
    expect(resultsOf(await claim(voter, 'HighHero', 'high'))).toEqual({ L2Network: 'rewarded' });
    expect(resultsOf(await claim(voter, 'DemoKnight'))).toEqual({ Hopzone: 'rewarded' });
    const signedIn = await postCall(site.url, 'signIn', {
      username: 'demoplayer',
      password: 'Demo.Pass1',
      captcha: await altchaPayload(site.url),
    });
    expect(signedIn.status).toBe(200);
    const session = signedIn.setCookies.find((cookie) => cookie.startsWith('gk_session='))?.split(';')[0] ?? '';
    const answer = await fetch(`${site.url}${api.getRewards.path}`, { headers: { cookie: session } });
    expect(answer.status).toBe(200);
    const rows = api.getRewards.response.parse(await answer.json());
    const votes = rows.filter((row) => row.source === 'vote');
    expect(
      votes.filter((row) => row.character === 'HighHero').map(({ realm, count }) => ({ realm, count })),
    ).toContainEqual({
      realm: 'high',
      count: HIGH_REWARD,
    });
    expect(
      votes.filter((row) => row.character === 'DemoKnight').map(({ realm, count }) => ({ realm, count })),
    ).toContainEqual({
      realm: 'low',
      count: FIRST_REWARD,
    });
    // A grant is listed once, under its own realm's character (the ids of the two realms overlap).
    expect(votes.every((row) => (row.realm === 'high') === (row.character === 'HighHero'))).toBe(true);
  });
});

describe('a realm with vote sites of its own', () => {
  it('stops start-up when the environment variable holding its key is missing, naming the realm', async () => {
    const { voteRealms } = await import('../src/features/votes/routes');
    const { parseSettings } = await import('../src/settings');
    const sites = await startFakeVoteSites();
    try {
      const settings = parseSettings(settingsOf(sites, { apiKeyEnv: 'VOTE_HIGH_L2NETWORK_KEY' }));
      const realms = settings.realms.map((realm) => ({
        realm: { slug: realm.slug, first: realm.id === 1, read: () => Promise.reject(new Error('not read')) },
        voteSites: realm.voteSites,
      }));
      expect(() => voteRealms(realms, {})).toThrow(
        /realms\.1\.voteSites\.0\.check \(L2Network\): environment variable VOTE_HIGH_L2NETWORK_KEY is not set/,
      );
      const [first, second] = voteRealms(realms, { VOTE_HIGH_L2NETWORK_KEY: 'k' });
      expect(first?.sites).toBeUndefined();
      expect(second?.sites?.map((voteSite) => ({ name: voteSite.name, key: voteSite.key }))).toEqual([
        { name: 'L2Network', key: 'high/L2Network' },
      ]);
    } finally {
      await sites.close();
    }
  });

  it("refuses a site that calls back or publishes a list in a realm's own list", async () => {
    const { parseSettings } = await import('../src/settings');
    const callback = {
      name: 'GTop100',
      banner: '/images/vote/gtop100.svg',
      url: 'https://gtop100.example/vote/{id}',
      identifier: 'any',
      check: { kind: 'gtop100', apiKey: 'k', reward: { count: 5 } },
    };
    expect(() =>
      parseSettings({
        realms: [
          { id: 1, slug: 'low', name: 'Bartz x5' },
          { id: 2, slug: 'high', name: 'Sieghardt', statusAddress: '127.0.0.1:1', voteSites: [callback] },
        ],
      }),
    ).toThrow(/realms\.1\.voteSites\.0\.check\.kind|site-wide voteSites/);
  });
});

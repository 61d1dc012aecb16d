import { randomInt } from 'node:crypto';
import { api } from '@gatekeeper/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VOTE_CHECK_KINDS, type VoteCheckKind } from '../src/features/votes/settings-schema';
import { rewardSettings } from '../src/features/rewards/settings-schema';
import { createRewardDelivery } from '../src/features/rewards/reward-delivery';
import { wallClock } from '../src/features/votes/site-checks';
import { parseMmotopList, rewardListedVotes } from '../src/features/votes/vote-lists';
import { monthStart } from '../src/features/votes/top-voters';
import { findCharacterByName } from '../src/game/characters';
import { checkGameSchema } from '../src/game/schema-check';
import { startApp } from './app-under-test';
import { DATABASE_KINDS, type DatabaseKind, type TestDatabases, createTestDatabases } from './databases';
import { useSite } from './support/use-site';
import { SITE_ZONE, type FakeVoteSites, startFakeVoteSites } from './support/fakes/fake-vote-sites';
import { type Answer, postCall } from './support/account-calls';
import { FAST_ALTCHA_SETTINGS, altchaPayload } from './support/altcha-solver';
import { closedPort } from './support/closed-port';
import { startHttpServer } from './support/http-server';
import { newCharacter } from './support/characters';
import { type TestClock, testClock } from './support/clock';
import { L2J_SCHEMA } from './support/game-schema';

const NAMES: Record<VoteCheckKind, string> = {
  l2topzone: 'L2TopZone',
  hopzone: 'Hopzone',
  itopz: 'iTopZ',
  l2votes: 'L2Votes',
  l2jbrasil: 'L2JBrasil',
  l2network: 'L2Network',
};
/** Each site's reward differs, so a row in the game tells which site paid it. */
const REWARD_OF: Record<VoteCheckKind, number> = {
  l2topzone: 11,
  hopzone: 12,
  itopz: 13,
  l2votes: 14,
  l2jbrasil: 15,
  l2network: 16,
};
const VOTE_ITEM = 4037;
const TWELVE_HOURS = 12 * 3_600_000;

const voteSettings = (sites: FakeVoteSites, apiUrl: (kind: VoteCheckKind) => string = sites.apiUrl) => ({
  captcha: FAST_ALTCHA_SETTINGS,
  votes: { requestsPerMinute: 1_000 },
  voteSites: VOTE_CHECK_KINDS.map((kind) => ({
    name: NAMES[kind],
    banner: `/images/vote/${kind}.svg`,
    url: `https://${kind}.example/vote/{id}`,
    identifier: 'any',
    check: {
      kind,
      apiKey: sites.key,
      apiUrl: apiUrl(kind),
      timeZone: SITE_ZONE,
      requestsPerMinute: 6_000,
      ...(kind === 'itopz' || kind === 'l2jbrasil' ? { serverId: '4242' } : {}),
      reward: { itemId: VOTE_ITEM, count: REWARD_OF[kind] },
    },
  })),
});

/** A voter's address: an address of the benchmarking range, new for each test. */
const freshVoter = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
const resultsOf = (answer: Answer) =>
  Object.fromEntries((answer.body as { site: string; result: string }[]).map((r) => [r.site, r.result]));
const everySite = (result: string) => Object.fromEntries(VOTE_CHECK_KINDS.map((kind) => [NAMES[kind], result]));

describe.each(DATABASE_KINDS)('vote rewards on %s', (kind: DatabaseKind) => {
  let sites: FakeVoteSites;
  let knightId: number;

  beforeAll(async () => {
    sites = await startFakeVoteSites();
  });
  afterAll(async () => {
    await sites?.close();
  });
  const site = useSite(kind, { app: () => ({ env: { TRUST_PROXY: 'true' }, settings: voteSettings(sites) }) });
  beforeAll(async () => {
    knightId = (await findCharacterByName(site.databases.connections.game.db, L2J_SCHEMA, 'DemoKnight'))
      ?.charId as number;
  });
  afterEach(() => {
    sites.behaviour = {};
  });

  const claim = async (voter: string, charName = 'DemoKnight', at: { url: string } = site) =>
    postCall(at.url, 'claimVotes', { charName, captcha: await altchaPayload(at.url) }, { ip: voter });
  /** The vote rewards the game holds for DemoKnight, by count (each site pays its own). */
  const knightVoteItems = async () =>
    (
      await site.databases.connections.game.db
        .selectFrom('character_premium_items')
        .select(['itemCount'])
        .where('charId', '=', knightId)
        .where('itemId', '=', VOTE_ITEM)
        .execute()
    )
      .map((row) => Number(row.itemCount))
      .sort((a, b) => a - b);
  const ledgerOf = (voter: string) =>
    site.databases.connections.site.db.selectFrom('site_vote_claims').selectAll().where('voter', '=', voter).execute();

  it('tells the page which sites reward votes, and never their keys', async () => {
    const metadata = await (await fetch(`${site.url}${api.getMetadata.path}`)).text();
    expect(metadata).not.toContain(sites.key);
    const parsed = api.getMetadata.response.parse(JSON.parse(metadata));
    expect(parsed.voteSites.map((voteSite) => voteSite.rewarded)).toEqual(VOTE_CHECK_KINDS.map(() => 'onClaim'));
  });

  it('answers "not voted yet" everywhere before a vote, and credits nothing', async () => {
    const voter = freshVoter();
    const before = await knightVoteItems();
    const answer = await claim(voter);
    expect(answer.status).toBe(200);
    expect(resultsOf(answer)).toEqual(everySite('notVoted'));
    expect(await knightVoteItems()).toEqual(before);
    expect(await ledgerOf(voter)).toEqual([]);
    // Each site was asked about the request's own address.
    for (const kind of VOTE_CHECK_KINDS) expect(sites.asked[kind]).toContain(voter);
  });

  it('rewards a vote on each site once, then says it was rewarded', async () => {
    const voter = freshVoter();
    for (const kind of VOTE_CHECK_KINDS) sites.vote(kind, voter);
    const before = await knightVoteItems();
    expect(resultsOf(await claim(voter))).toEqual(everySite('rewarded'));
    const gained = (await knightVoteItems()).filter((count, i, all) => all.indexOf(count) === i);
    expect(gained).toEqual(expect.arrayContaining(Object.values(REWARD_OF)));
    expect((await knightVoteItems()).length - before.length).toBe(VOTE_CHECK_KINDS.length);
    expect(sites.confirmed).toContain(voter);
    const ledger = await ledgerOf(voter);
    expect(ledger.map((row) => row.site).sort()).toEqual(Object.values(NAMES).sort());
    expect(new Set(ledger.map((row) => Number(row.char_id)))).toEqual(new Set([knightId]));

    // Again: the ledger answers; L2TopZone, told of the reward, no longer sees an open vote.
    expect(resultsOf(await claim(voter))).toEqual({ ...everySite('alreadyRewarded'), L2TopZone: 'notVoted' });
    expect((await knightVoteItems()).length - before.length).toBe(VOTE_CHECK_KINDS.length);
  });

  it('pays once for 20 claims at once', async () => {
    const voter = freshVoter();
    for (const kind of VOTE_CHECK_KINDS) sites.vote(kind, voter);
    const before = (await knightVoteItems()).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(voter)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    for (const kind of VOTE_CHECK_KINDS) {
      const results = answers.map((answer) => resultsOf(answer)[NAMES[kind]]);
      expect(
        results.filter((result) => result === 'rewarded'),
        NAMES[kind],
      ).toHaveLength(1);
    }
    expect((await knightVoteItems()).length - before).toBe(VOTE_CHECK_KINDS.length);
    expect(await ledgerOf(voter)).toHaveLength(VOTE_CHECK_KINDS.length);
  });

  it('pays once when two instances on one database are asked at once', async () => {
    const other = await startApp(site.databases, { env: { TRUST_PROXY: 'true' }, settings: voteSettings(sites) });
    try {
      const voter = freshVoter();
      for (const kind of VOTE_CHECK_KINDS) sites.vote(kind, voter);
      const before = (await knightVoteItems()).length;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => claim(voter, 'DemoKnight', i % 2 === 0 ? site : other)),
      );
      for (const kind of VOTE_CHECK_KINDS) {
        expect(
          answers.filter((answer) => resultsOf(answer)[NAMES[kind]] === 'rewarded'),
          NAMES[kind],
        ).toHaveLength(1);
      }
      expect((await knightVoteItems()).length - before).toBe(VOTE_CHECK_KINDS.length);
    } finally {
      await other.close();
    }
  });

  it('pays once in 12 hours a site that reports a new vote time at every question, one claim after another or 10 at once', async () => {
    sites.behaviour = { l2topzone: 'newTimeEachCall' };
    const l2topzoneRows = async (voter: string) => (await ledgerOf(voter)).filter((row) => row.site === 'L2TopZone');
    const voter = freshVoter();
    const sequential = [];
    for (let i = 0; i < 3; i++) sequential.push(resultsOf(await claim(voter)).L2TopZone);
    expect(sequential).toEqual(['rewarded', 'alreadyRewarded', 'alreadyRewarded']);
    expect(await l2topzoneRows(voter)).toHaveLength(1);

    const burst = freshVoter();
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(burst)));
    const results = answers.map((answer) => resultsOf(answer).L2TopZone);
    expect(results.filter((result) => result === 'rewarded')).toHaveLength(1);
    // The burst's last questions come after the first reward: they are refused by the ledger, not retried.
    expect(resultsOf(await claim(burst)).L2TopZone).toBe('alreadyRewarded');
    expect(await l2topzoneRows(burst)).toHaveLength(1);
  });

  it('credits nothing when a site is down, answers an error, sends what is not JSON or is too slow', async () => {
    const voter = freshVoter();
    for (const kind of VOTE_CHECK_KINDS) sites.vote(kind, voter);
    sites.behaviour = { l2topzone: 'serverError', hopzone: 'garbage', itopz: 'slow', l2votes: 'serverError' };
    const before = (await knightVoteItems()).length;
    const results = resultsOf(await claim(voter));
    expect(results).toMatchObject({
      L2TopZone: 'unavailable',
      Hopzone: 'unavailable',
      iTopZ: 'unavailable',
      L2Votes: 'unavailable',
      L2JBrasil: 'rewarded',
      L2Network: 'rewarded',
    });
    expect((await knightVoteItems()).length - before).toBe(2);
    // The vote is still there once the sites are back: it is paid then.
    sites.behaviour = {};
    expect(resultsOf(await claim(voter))).toMatchObject({
      L2TopZone: 'rewarded',
      Hopzone: 'rewarded',
      iTopZ: 'rewarded',
      L2Votes: 'rewarded',
    });
  }, 30_000);

  it('credits nothing from a site that cannot be reached, or that refuses our key', async () => {
    const nowhere = `http://127.0.0.1:${await closedPort()}`;
    const wrongKey = await startFakeVoteSites('another-key');
    const elsewhere = await startApp(site.databases, {
      env: { TRUST_PROXY: 'true' },
      settings: voteSettings(sites, (kind) => (kind === 'l2topzone' ? nowhere : wrongKey.apiUrl(kind))),
    });
    try {
      const voter = freshVoter();
      for (const kind of VOTE_CHECK_KINDS) wrongKey.vote(kind, voter);
      const before = (await knightVoteItems()).length;
      const results = resultsOf(await claim(voter, 'DemoKnight', elsewhere));
      expect(results.L2TopZone).toBe('unavailable');
      // A refused key is a refusal: those sites are asked with our key, which they do not know.
      expect(Object.values(results).filter((result) => result === 'rewarded')).toEqual(['rewarded']);
      expect(results.L2JBrasil).toBe('rewarded');
      expect((await knightVoteItems()).length - before).toBe(1);
    } finally {
      await elsewhere.close();
      await wrongKey.close();
    }
  });

  it("counts a vote's 12 hours by the site's own times, read in the site's time zone", async () => {
    const voter = freshVoter();
    // 11 hours ago in Athens' local time: still a vote; 13 hours ago: too old.
    sites.vote('hopzone', voter, 11 * 3_600_000);
    sites.vote('l2jbrasil', voter, 13 * 3_600_000);
    const results = resultsOf(await claim(voter));
    expect(results.Hopzone).toBe('rewarded');
    expect(results.L2JBrasil).toBe('notVoted');
    const [ledger] = (await ledgerOf(voter)).filter((row) => row.site === 'Hopzone');
    expect(Math.abs(Number(ledger?.voted_at) - (Date.now() - 11 * 3_600_000))).toBeLessThan(5_000);
  });

  it('refuses an unknown, empty or banned character, and a bad captcha, changing nothing', async () => {
    const voter = freshVoter();
    for (const kind of VOTE_CHECK_KINDS) sites.vote(kind, voter);
    const before = (await knightVoteItems()).length;
    const refused = (answer: Answer) => ({ status: answer.status, body: answer.body });
    expect(refused(await claim(voter, 'NoSuchHero'))).toEqual({ status: 400, body: ['charDoesntExist'] });
    expect(refused(await claim(voter, '   '))).toEqual({ status: 400, body: ['CharNameEmpty'] });
    expect(refused(await claim(voter, 'BannedOne'))).toEqual({ status: 400, body: ['characterBanned'] });
    const badCaptcha = await postCall(
      site.url,
      'claimVotes',
      { charName: 'DemoKnight', captcha: 'forged' },
      { ip: voter },
    );
    expect(refused(badCaptcha)).toEqual({ status: 400, body: ['captchaInvalid'] });
    expect((await knightVoteItems()).length).toBe(before);
    expect(await ledgerOf(voter)).toEqual([]);
    // Nothing was asked of the vote sites for a refused claim.
    for (const kind of VOTE_CHECK_KINDS) expect(sites.asked[kind] ?? []).not.toContain(voter);
  });

  it("ranks the month's voters by their rewarded votes (getvotersstatistics), banned characters left out", async () => {
    const ledger = await site.databases.connections.site.db
      .selectFrom('site_vote_claims')
      .select('char_id')
      .where('created_at', '>=', monthStart(Date.now()))
      .execute();
    const knightVotes = ledger.filter((row) => Number(row.char_id) === knightId).length;
    expect(knightVotes).toBeGreaterThan(0);
    // An older vote (last month) does not count this month.
    await site.databases.connections.site.db
      .insertInto('site_vote_claims')
      .values({
        site: 'L2Votes',
        voter: freshVoter(),
        vote_window: 'period-1',
        char_id: knightId,
        request_id: 'vote:last-month',
        voted_at: null,
        created_at: monthStart(Date.now()) - 1,
      })
      .execute();
    // A banned character with more votes than anyone: still not ranked.
    const banned = await findCharacterByName(site.databases.connections.game.db, L2J_SCHEMA, 'BannedOne');
    await site.databases.connections.site.db
      .insertInto('site_vote_claims')
      .values(
        Array.from({ length: knightVotes + 5 }, (_, i) => ({
          site: 'L2Votes',
          voter: `banned-${i}`,
          vote_window: 'period-2',
          char_id: banned?.charId as number,
          request_id: `vote:banned-${i}`,
          voted_at: null,
          created_at: Date.now(),
        })),
      )
      .execute();
    // A fresh instance reads the rankings at start (its period's turn is free).
    await site.databases.connections.site.db
      .deleteFrom('site_claims')
      .where('claim_key', 'like', 'turn:rankings:%')
      .execute();
    const fresh = await startApp(site.databases, { settings: voteSettings(sites) });
    try {
      const rows = api.getVotersStatistics.response.parse(
        await (await fetch(`${fresh.url}${api.getVotersStatistics.path}`)).json(),
      );
      expect(rows[0]).toEqual({ name: 'DemoKnight', value: knightVotes, clan: expect.any(String) });
      expect(rows.map((row) => row.name)).not.toContain('BannedOne');
    } finally {
      await fresh.close();
    }
  });

  it("ignores a forwarding header the player sends when no proxy is trusted: the vote is the connection's", async () => {
    const direct = await startApp(site.databases, { settings: voteSettings(sites) });
    try {
      const forged = freshVoter();
      for (const kind of VOTE_CHECK_KINDS) sites.vote(kind, forged);
      const answer = await postCall(
        direct.url,
        'claimVotes',
        { charName: 'DemoKnight', captcha: await altchaPayload(direct.url) },
        { ip: forged },
      );
      expect(resultsOf(answer)).toEqual(everySite('notVoted'));
      expect(sites.asked.l2votes).toContain('127.0.0.1');
      expect(await ledgerOf(forged)).toEqual([]);
    } finally {
      await direct.close();
    }
  });
});

describe('vote site settings', () => {
  it('stop start-up when the environment variable holding a key is missing, naming it', async () => {
    const { checkedSites } = await import('../src/features/votes/routes');
    const { parseSettings } = await import('../src/settings');
    const settings = parseSettings({
      voteSites: [
        {
          name: 'L2TopZone',
          banner: '/images/vote/l2topzone.svg',
          url: 'https://l2topzone.com/vote/id/1/{id}',
          identifier: 'any',
          check: { kind: 'l2topzone', apiKeyEnv: 'VOTE_L2TOPZONE_KEY', reward: { count: 5 } },
        },
      ],
    });
    expect(() => checkedSites(settings.voteSites, {})).toThrow(
      /voteSites\.0\.check \(L2TopZone\): environment variable VOTE_L2TOPZONE_KEY is not set/,
    );
    expect(checkedSites(settings.voteSites, { VOTE_L2TOPZONE_KEY: 'k' })).toHaveLength(1);
    expect(() =>
      parseSettings({
        voteSites: [
          {
            name: 'iTopZ',
            banner: '/images/vote/itopz.svg',
            url: 'https://itopz.com/vote/{id}',
            identifier: 'any',
            check: { kind: 'itopz', apiKey: 'k', reward: { count: 5 } },
          },
        ],
      }),
    ).toThrow(/serverId/);
    // A site that calls back without a key must name the addresses it calls from.
    expect(() =>
      parseSettings({
        voteSites: [
          {
            name: 'TopG',
            banner: '/images/vote/topg.svg',
            url: 'https://topg.org/lineage2-private-servers/server-1-{id}',
            identifier: 'charName',
            check: { kind: 'topg', reward: { count: 5 } },
          },
        ],
      }),
    ).toThrow(/allowFrom/);
  });
});

describe.each(DATABASE_KINDS)('vote site callbacks on %s', (kind: DatabaseKind) => {
  const PINGBACK_KEY = 'gtop-pingback-secret';
  /** Top100Arena's own address, as the proxy reports it. */
  const ARENA_ADDRESS = '203.0.113.77';
  /** TopG's. */
  const TOPG_ADDRESS = '203.0.113.78';
  let knightId: number;

  const site = useSite(kind, {
    app: {
      env: { TRUST_PROXY: 'true' },
      settings: {
        voteSites: [
          {
            name: 'GTop100',
            banner: '/images/vote/gtop100.svg',
            url: 'https://gtop100.com/topsites/Lineage-2/sitedetails/x-1?vote=1&pingUsername={id}',
            identifier: 'charName',
            check: { kind: 'gtop100', apiKey: PINGBACK_KEY, reward: { itemId: VOTE_ITEM, count: 21 } },
          },
          {
            name: 'Top100Arena',
            banner: '/images/vote/top100arena.svg',
            url: 'https://www.top100arena.com/listing/1/vote?incentive={id}',
            identifier: 'charName',
            check: { kind: 'top100arena', allowFrom: [ARENA_ADDRESS], reward: { itemId: VOTE_ITEM, count: 22 } },
          },
          {
            name: 'TopG',
            banner: '/images/vote/topg.svg',
            url: 'https://topg.org/lineage2-private-servers/server-1-{id}',
            identifier: 'charName',
            check: { kind: 'topg', allowFrom: [TOPG_ADDRESS], reward: { itemId: VOTE_ITEM, count: 23 } },
          },
        ],
      },
    },
  });
  beforeAll(async () => {
    knightId = (await findCharacterByName(site.databases.connections.game.db, L2J_SCHEMA, 'DemoKnight'))
      ?.charId as number;
  });

  const votesOf = (count: number) =>
    site.databases.connections.game.db
      .selectFrom('character_premium_items')
      .select('itemNum')
      .where('charId', '=', knightId)
      .where('itemId', '=', VOTE_ITEM)
      .where('itemCount', '=', count)
      .execute()
      .then((rows) => rows.length);
  const pingback = (fields: Record<string, string>, from = freshVoter()) =>
    fetch(`${site.url}/sdk/votecallback/gtop100`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
      body: new URLSearchParams(fields).toString(),
    });

  it('marks the sites that reward on their own, with no claim button needed', async () => {
    const metadata = api.getMetadata.response.parse(await (await fetch(`${site.url}${api.getMetadata.path}`)).json());
    expect(metadata.voteSites.map((voteSite) => voteSite.rewarded)).toEqual(['onVote', 'onVote', 'onVote']);
  });

  it("rewards GTop100's pingback once for the character it names, and a replay credits nothing", async () => {
    const voter = freshVoter();
    const fields = { pingbackkey: PINGBACK_KEY, Common: 'DemoKnight', VoterIP: voter, Successful: '0', Reason: '' };
    const before = await votesOf(21);
    const first = await pingback(fields);
    expect([first.status, await first.text()]).toEqual([200, 'OK']);
    expect(await votesOf(21)).toBe(before + 1);
    // The same callback again, and at once from elsewhere: the ledger holds the vote.
    const replays = await Promise.all([pingback(fields), pingback(fields), pingback(fields)]);
    expect(replays.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await votesOf(21)).toBe(before + 1);
    const ledger = await site.databases.connections.site.db
      .selectFrom('site_vote_claims')
      .select(['site', 'voter', 'char_id'])
      .where('voter', '=', voter)
      .execute();
    expect(ledger.map((row) => [row.site, row.voter, Number(row.char_id)])).toEqual([['GTop100', voter, knightId]]);
  });

  it('credits nothing for a forged pingback, a failed vote or an unknown character', async () => {
    const before = await votesOf(21);
    const voter = freshVoter();
    const forged = await pingback({ pingbackkey: 'guessed', Common: 'DemoKnight', VoterIP: voter, Successful: '0' });
    expect(forged.status).toBe(403);
    const noKey = await pingback({ Common: 'DemoKnight', VoterIP: voter, Successful: '0' });
    expect(noKey.status).toBe(403);
    const failed = await pingback({ pingbackkey: PINGBACK_KEY, Common: 'DemoKnight', VoterIP: voter, Successful: '1' });
    expect(failed.status).toBe(200);
    const unknown = await pingback({
      pingbackkey: PINGBACK_KEY,
      Common: 'NoSuchHero',
      VoterIP: voter,
      Successful: '0',
    });
    expect(unknown.status).toBe(200);
    // Quotes and semicolons are only data: parameterised queries.
    const injected = await pingback({
      pingbackkey: PINGBACK_KEY,
      Common: "x'; DELETE FROM site_vote_claims; --",
      VoterIP: voter,
      Successful: '0',
    });
    expect(injected.status).toBe(200);
    expect(await votesOf(21)).toBe(before);
    expect(
      await site.databases.connections.site.db
        .selectFrom('site_vote_claims')
        .select('id')
        .where('voter', '=', voter)
        .execute(),
    ).toEqual([]);
    expect(
      await site.databases.connections.site.db.selectFrom('site_vote_claims').select('id').execute(),
    ).not.toHaveLength(0);
  });

  it("rewards Top100Arena's postback only from its own address", async () => {
    const before = await votesOf(22);
    const postback = (from: string) =>
      fetch(`${site.url}/sdk/votecallback/top100arena?postback=DemoKnight`, { headers: { 'x-forwarded-for': from } });
    expect((await postback(freshVoter())).status).toBe(403);
    expect(await votesOf(22)).toBe(before);
    expect((await postback(ARENA_ADDRESS)).status).toBe(200);
    expect((await postback(ARENA_ADDRESS)).status).toBe(200);
    expect(await votesOf(22)).toBe(before + 1);
  });

  it("rewards TopG's callback from its own address, once per voter's address and 12 hours", async () => {
    const before = await votesOf(23);
    const voter = freshVoter();
    const callback = (from: string, query: string) =>
      fetch(`${site.url}/sdk/votecallback/topg?${query}`, { headers: { 'x-forwarded-for': from } });
    const query = new URLSearchParams({ p_resp: 'DemoKnight', ip: voter }).toString();
    // The player calling it with the right fields is not TopG.
    expect((await callback(voter, query)).status).toBe(403);
    expect((await callback(TOPG_ADDRESS, 'ip=' + voter)).status).toBe(403);
    expect(await votesOf(23)).toBe(before);
    const answers = await Promise.all([1, 2, 3].map(() => callback(TOPG_ADDRESS, query)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await votesOf(23)).toBe(before + 1);
    const ledger = await site.databases.connections.site.db
      .selectFrom('site_vote_claims')
      .select(['site', 'char_id'])
      .where('voter', '=', voter)
      .execute();
    expect(ledger.map((row) => [row.site, Number(row.char_id)])).toEqual([['TopG', knightId]]);
  });

  /** A new character of the demo world, for a test that must start with no vote paid to it. */
  const newHero = async (name: string) => {
    const row = newCharacter({ char_name: name });
    await site.databases.connections.game.db.insertInto('characters').values(row).execute();
    return row.charId;
  };
  /** The vote rewards a character holds of one site (each site pays its own count: 21, 22, 23). */
  const rewardsOf = (charId: number, count: number) =>
    site.databases.connections.game.db
      .selectFrom('character_premium_items')
      .select('itemNum')
      .where('charId', '=', charId)
      .where('itemId', '=', VOTE_ITEM)
      .where('itemCount', '=', count)
      .execute()
      .then((rows) => rows.length);
  const arenaRewardsOf = (charId: number) => rewardsOf(charId, 22);
  /** Top100Arena alone, on the suite's databases, at the test's clock. */
  const arenaAt = (clock: TestClock) =>
    startApp(site.databases, {
      env: { TRUST_PROXY: 'true' },
      now: clock.now,
      settings: {
        voteSites: [
          {
            name: 'Top100Arena',
            banner: '/images/vote/top100arena.svg',
            url: 'https://www.top100arena.com/listing/1/vote?incentive={id}',
            identifier: 'charName',
            check: {
              kind: 'top100arena',
              allowFrom: [ARENA_ADDRESS],
              callbacksPerMinute: 30,
              reward: { itemId: VOTE_ITEM, count: 22 },
            },
          },
        ],
      },
    });
  /** The clock moved to `ms` before its next 12-hour mark (noon or midnight UTC). */
  const beforeAMark = (clock: TestClock, ms: number) => {
    const started = clock.now();
    clock.advance((Math.floor(started / TWELVE_HOURS) + 1) * TWELVE_HOURS - ms - started);
  };

  it('pays one character once in 12 hours from two voter addresses, on GTop100 and on TopG', async () => {
    const heroId = await newHero('TwoAddressHero');
    const [first, second] = [freshVoter(), freshVoter()];
    for (const address of [first, second]) {
      const fields = { pingbackkey: PINGBACK_KEY, Common: 'TwoAddressHero', VoterIP: address, Successful: '0' };
      expect((await pingback(fields)).status).toBe(200);
      const topg = new URLSearchParams({ p_resp: 'TwoAddressHero', ip: address }).toString();
      const answer = await fetch(`${site.url}/sdk/votecallback/topg?${topg}`, {
        headers: { 'x-forwarded-for': TOPG_ADDRESS },
      });
      expect(answer.status).toBe(200);
    }
    expect([await rewardsOf(heroId, 21), await rewardsOf(heroId, 23)]).toEqual([1, 1]);
  });

  it('pays each of two characters whose callbacks come from one address (Top100Arena names no voter address)', async () => {
    const ids = [await newHero('SameCallerHeroA'), await newHero('SameCallerHeroB')];
    for (const name of ['SameCallerHeroA', 'SameCallerHeroB']) {
      const answer = await fetch(`${site.url}/sdk/votecallback/top100arena?postback=${name}`, {
        headers: { 'x-forwarded-for': ARENA_ADDRESS },
      });
      expect(answer.status).toBe(200);
    }
    expect(await Promise.all(ids.map(arenaRewardsOf))).toEqual([1, 1]);
  });

  it("refuses a character's second vote 1 h, 6 h and 11 h 59 min after its first, and pays it at 12 h", async () => {
    const clock = testClock();
    const arena = await arenaAt(clock);
    try {
      const heroId = await newHero('TurnHero');
      // The first vote half a minute before a 12-hour mark: the later ones fall in the ledger's
      // next period, so only the character's turn can refuse them.
      beforeAMark(clock, 30_000);
      const postback = () =>
        fetch(`${arena.url}/sdk/votecallback/top100arena?postback=TurnHero`, {
          headers: { 'x-forwarded-for': ARENA_ADDRESS },
        });
      expect((await postback()).status).toBe(200);
      expect(await arenaRewardsOf(heroId)).toBe(1);
      const HOUR = 3_600_000;
      let since = 0;
      for (const after of [HOUR, 6 * HOUR, 11 * HOUR + 59 * 60_000]) {
        clock.advance(after - since);
        since = after;
        expect((await postback()).status).toBe(200);
        expect(await arenaRewardsOf(heroId), `${after / 60_000} min later`).toBe(1);
      }
      clock.advance(TWELVE_HOURS - since);
      expect((await postback()).status).toBe(200);
      expect(await arenaRewardsOf(heroId), '12 h later').toBe(2);
    } finally {
      await arena.close();
    }
  });

  it('pays one character once in 12 hours whatever the spelling of its name in the callback', async () => {
    const heroId = await newHero('RealSchemaHero');
    const spellings = ['RealSchemaHero', 'realschemahero', 'RealSchemaHéro', 'RéalSchemaHero', 'RealSchemaHero\u00a0'];
    for (const spelling of spellings) {
      const answer = await fetch(
        `${site.url}/sdk/votecallback/top100arena?${new URLSearchParams({ postback: spelling }).toString()}`,
        { headers: { 'x-forwarded-for': ARENA_ADDRESS } },
      );
      expect(answer.status, spelling).toBe(200);
    }
    expect(await arenaRewardsOf(heroId)).toBe(1);
    const ledger = await site.databases.connections.site.db
      .selectFrom('site_vote_claims')
      .select(['voter', 'char_id'])
      .where('site', '=', 'Top100Arena')
      .where('char_id', '=', heroId)
      .execute();
    expect(ledger.map((row) => [row.voter, Number(row.char_id)])).toEqual([[`char:${heroId}`, heroId]]);
  });

  it("pays a callback once in 12 hours across the clock's 12-hour marks, and takes a site's callbacks at its own rate", async () => {
    const clock = testClock();
    // Two seconds before a 12-hour mark of the clock.
    beforeAMark(clock, 2_000);
    const arena = await arenaAt(clock);
    try {
      const heroId = await newHero('PeriodHero');
      const postback = (from = ARENA_ADDRESS) =>
        fetch(`${arena.url}/sdk/votecallback/top100arena?postback=PeriodHero`, {
          headers: { 'x-forwarded-for': from },
        });
      expect((await postback()).status).toBe(200);
      expect(await arenaRewardsOf(heroId)).toBe(1);
      clock.advance(4_000);
      expect((await postback()).status).toBe(200);
      expect(await arenaRewardsOf(heroId)).toBe(1);
      clock.advance(TWELVE_HOURS);
      expect((await postback()).status).toBe(200);
      expect(await arenaRewardsOf(heroId)).toBe(2);

      // Far more than the account tools' 10 a minute from one address: the site's own 30 hold.
      const more = await Promise.all(Array.from({ length: 27 }, () => postback()));
      expect(more.map((answer) => answer.status)).toEqual(Array(27).fill(200));
      expect((await postback()).status).toBe(429);
      // Another caller does not use up the site's allowance: it is refused for what it is.
      expect((await postback(freshVoter())).status).toBe(403);
      expect(await arenaRewardsOf(heroId)).toBe(2);
    } finally {
      await arena.close();
    }
  });

  it('answers 404 for a site that does not call back', async () => {
    expect((await fetch(`${site.url}/sdk/votecallback/l2topzone`)).status).toBe(404);
  });
});

describe('MMOTop vote list', () => {
  /** A time as MMOTop writes it: dd.MM.yyyy HH:mm:ss in Moscow time. */
  const moscow = (ms: number) => {
    const [date = '', time = ''] = wallClock(ms, 'Europe/Moscow').split(' ');
    const [y, m, d] = date.split('-');
    return `${d}.${m}.${y} ${time}`;
  };

  it('reads the votes of the list, and leaves out lines that are not one', () => {
    const at = Date.UTC(2026, 10, 24, 15, 30, 5);
    const text = [
      `101\t${moscow(at)}\t198.51.100.7\tDemoKnight\t1`,
      `102\t${moscow(at)}\t198.51.100.8\tDemoTrader\t3`,
      'garbage line',
      `103\tyesterday\t198.51.100.9\tDemoKnight\t1`,
      `104\t${moscow(at)}\t198.51.100.9\tDemoKnight\t9`,
      '',
    ].join('\r\n');
    expect(parseMmotopList(text)).toEqual([
      { id: '101', at, ip: '198.51.100.7', nick: 'DemoKnight', type: 1 },
      { id: '102', at, ip: '198.51.100.8', nick: 'DemoTrader', type: 3 },
    ]);
  });

  describe.each(DATABASE_KINDS)('rewarded from %s', (kind: DatabaseKind) => {
    let databases: TestDatabases;
    let list = '';
    let server: { origin: string; close(): Promise<void> };
    let deps: Parameters<typeof rewardListedVotes>[0];
    const site = () => ({
      name: 'MMOTOP',
      url: `${server.origin}/votes/abc.txt`,
      fetchMs: 600_000,
      reward: { itemId: VOTE_ITEM, count: 31, paidCount: 310 },
    });

    beforeAll(async () => {
      databases = await createTestDatabases(kind);
      server = await startHttpServer((request, response) => {
        response.writeHead(request.url === '/votes/abc.txt' ? 200 : 404, {
          'content-type': 'text/plain; charset=utf-8',
        });
        response.end(list);
      });
      const schema = await checkGameSchema(databases.connections);
      const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
      deps = {
        connections: databases.connections,
        schema,
        rewards: createRewardDelivery({
          connections: databases.connections,
          schema,
          settings: rewardSettings.parse({}),
          now: Date.now,
          log,
        }),
        now: Date.now,
        log,
      };
    });
    afterAll(async () => {
      await server?.close();
      await databases?.drop();
    });

    it('rewards each vote once by its id, paid votes at their own rate, and skips unknown characters', async () => {
      const now = Date.now();
      list = [
        `9001\t${moscow(now - 60_000)}\t198.51.100.7\tDemoKnight\t1`,
        `9002\t${moscow(now - 30_000)}\t198.51.100.7\tdemoknight\t2`,
        `9003\t${moscow(now - 30_000)}\t198.51.100.8\tNoSuchHero\t1`,
        `9004\t${moscow(now - 40 * 86_400_000)}\t198.51.100.9\tDemoKnight\t1`,
      ].join('\n');
      expect(await rewardListedVotes(deps, site())).toEqual({ rewarded: 2, skipped: 1 });
      // The next download holds the same votes: nothing more.
      expect(await rewardListedVotes(deps, site())).toEqual({ rewarded: 0, skipped: 1 });
      const grants = await databases.connections.site.db
        .selectFrom('site_reward_queue')
        .innerJoin('site_vote_claims', 'site_vote_claims.request_id', 'site_reward_queue.request_id')
        .select(['site_vote_claims.vote_window', 'site_reward_queue.item_count'])
        .where('site_vote_claims.site', '=', 'MMOTOP')
        .orderBy('site_vote_claims.vote_window')
        .execute();
      expect(grants.map((grant) => [grant.vote_window, Number(grant.item_count)])).toEqual([
        ['vote-9001', 31],
        ['vote-9002', 310],
      ]);
    });

    it('credits nothing when the list cannot be read', async () => {
      await expect(rewardListedVotes(deps, { ...site(), url: `${server.origin}/missing.txt` })).rejects.toThrow(
        /HTTP 404/,
      );
    });
  });
});

import { api, voteIdOf } from '@gatekeeper/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from '../src/settings';
import { findCharacterByName } from '../src/game/characters';
import { DATABASE_KINDS, type DatabaseKind } from './databases';
import { useSite } from './support/use-site';
import { SITE_ZONE, type FakeVoteSites, startFakeVoteSites } from './support/fakes/fake-vote-sites';
import { type Answer, postCall } from './support/account-calls';
import { FAST_ALTCHA_SETTINGS, altchaPayload } from './support/altcha-solver';
import { newCharacter } from './support/characters';
import { L2J_SCHEMA } from './support/game-schema';

/**
 * The poll by vote id (docs/owner/votes.md): L2JBrasil asked for the `player_id` its vote link carried, so a
 * vote counts whatever address the player voted or claims from (IPv6, carrier-grade NAT).
 */
const VOTE_ITEM = 4037;
const REWARD = 17;

const byIdSettings = (sites: FakeVoteSites) => ({
  captcha: FAST_ALTCHA_SETTINGS,
  votes: { requestsPerMinute: 1_000 },
  voteSites: [
    {
      name: 'L2JBrasil',
      banner: '/images/vote/l2jbrasil.svg',
      url: 'https://top.l2jbrasil.com/index.php?a=in&u=gatekeeper&player_id={id}',
      identifier: 'voteId',
      check: {
        kind: 'l2jbrasil',
        by: 'voteId',
        apiKey: sites.key,
        apiUrl: sites.apiUrl('l2jbrasil'),
        serverId: 'gatekeeper',
        timeZone: SITE_ZONE,
        reward: { itemId: VOTE_ITEM, count: REWARD },
      },
    },
  ],
});

let lastAddress = 0;
/** A new address for each claim: the vote id, not the address, must decide. */
const anotherAddress = () => `2001:db8::${(++lastAddress).toString(16)}`;
const resultOf = (answer: Answer) => (answer.body as { site: string; result: string }[])[0]?.result;

describe.each(DATABASE_KINDS)('vote rewards asked by vote id on %s', (kind: DatabaseKind) => {
  let sites: FakeVoteSites;
  let knightId: number;

  beforeAll(async () => {
    sites = await startFakeVoteSites();
  });
  afterAll(async () => {
    await sites?.close();
  });
  const site = useSite(kind, { app: () => ({ env: { TRUST_PROXY: 'true' }, settings: byIdSettings(sites) }) });
  beforeAll(async () => {
    knightId = (await findCharacterByName(site.databases.connections.game.db, L2J_SCHEMA, 'DemoKnight'))
      ?.charId as number;
  });

  const claim = async (charName: string) =>
    postCall(site.url, 'claimVotes', { charName, captcha: await altchaPayload(site.url) }, { ip: anotherAddress() });
  const rewardsOf = (charId: number) =>
    site.databases.connections.game.db
      .selectFrom('character_premium_items')
      .select('itemCount')
      .where('charId', '=', charId)
      .where('itemId', '=', VOTE_ITEM)
      .where('itemCount', '=', REWARD)
      .execute()
      .then((rows) => rows.length);

  it("gives the page the site's vote id link mode", async () => {
    const metadata = api.getMetadata.response.parse(await (await fetch(`${site.url}${api.getMetadata.path}`)).json());
    expect(metadata.voteSites.map((voteSite) => [voteSite.identifier, voteSite.rewarded])).toEqual([
      ['voteId', 'onClaim'],
    ]);
  });

  it('rewards the vote made with the character’s vote id, from any address, once', async () => {
    const voteId = voteIdOf('DemoKnight');
    const before = await rewardsOf(knightId);
    expect(resultOf(await claim('DemoKnight'))).toBe('notVoted');
    sites.vote('l2jbrasil', voteId);
    // Claimed from another address than the one that voted, with the name in another case.
    const first = await claim('demoknight');
    expect([first.status, resultOf(first)]).toEqual([200, 'rewarded']);
    expect(await rewardsOf(knightId)).toBe(before + 1);
    // Again, and twice at once (one check per character at a time: the other is told to retry).
    const again = await Promise.all([claim('DemoKnight'), claim('DemoKnight')]);
    for (const answer of again) expect(['alreadyRewarded', 'unavailable']).toContain(resultOf(answer));
    expect(resultOf(await claim('DemoKnight'))).toBe('alreadyRewarded');
    expect(await rewardsOf(knightId)).toBe(before + 1);
    // The site was asked for the vote id, never an address.
    expect(sites.asked.l2jbrasil?.every((asked) => asked === voteId)).toBe(true);
    const ledger = await site.databases.connections.site.db
      .selectFrom('site_vote_claims')
      .select(['voter', 'char_id'])
      .where('site', '=', 'L2JBrasil')
      .execute();
    expect(ledger.map((row) => [row.voter, Number(row.char_id)])).toEqual([[`char:${knightId}`, knightId]]);
  });

  it("credits nothing for another character's vote, a vote older than 12 hours, or a site that is down", async () => {
    const traderId = (await findCharacterByName(site.databases.connections.game.db, L2J_SCHEMA, 'DemoTrader'))
      ?.charId as number;
    // DemoKnight's vote (above) is not DemoTrader's.
    expect(resultOf(await claim('DemoTrader'))).toBe('notVoted');
    sites.vote('l2jbrasil', voteIdOf('DemoTrader'), 13 * 3_600_000);
    expect(resultOf(await claim('DemoTrader'))).toBe('notVoted');
    sites.vote('l2jbrasil', voteIdOf('DemoTrader'));
    sites.behaviour = { l2jbrasil: 'garbage' };
    try {
      expect(resultOf(await claim('DemoTrader'))).toBe('unavailable');
    } finally {
      sites.behaviour = {};
    }
    expect(await rewardsOf(traderId)).toBe(0);
    expect(resultOf(await claim('DemoTrader'))).toBe('rewarded');
    expect(await rewardsOf(traderId)).toBe(1);
  });

  it('pays once in 12 hours a site that reports a new vote time at every question, one claim after another or 10 at once', async () => {
    const hero = async (name: string) => {
      const row = newCharacter({ char_name: name });
      await site.databases.connections.game.db.insertInto('characters').values(row).execute();
      return row.charId;
    };
    sites.behaviour = { l2jbrasil: 'newTimeEachCall' };
    try {
      const steadyId = await hero('DriftSteady');
      const sequential = [];
      for (let i = 0; i < 3; i++) sequential.push(resultOf(await claim('DriftSteady')));
      expect(sequential).toEqual(['rewarded', 'alreadyRewarded', 'alreadyRewarded']);
      expect(await rewardsOf(steadyId)).toBe(1);

      const burstId = await hero('DriftBurst');
      const burst = await Promise.all(Array.from({ length: 10 }, () => claim('DriftBurst')));
      expect(burst.filter((answer) => resultOf(answer) === 'rewarded')).toHaveLength(1);
      expect(resultOf(await claim('DriftBurst'))).toBe('alreadyRewarded');
      expect(await rewardsOf(burstId)).toBe(1);
    } finally {
      sites.behaviour = {};
    }
  });
});

describe('vote id settings', () => {
  const site = (check: Record<string, unknown>, identifier = 'voteId') => ({
    voteSites: [
      {
        name: 'Site',
        banner: '/images/vote/l2jbrasil.svg',
        url: 'https://vote.example/?player_id={id}',
        identifier,
        check: { apiKey: 'k', serverId: 'me', reward: { count: 1 }, ...check },
      },
    ],
  });

  it('asks by vote id only the sites that can answer it, with links that carry it', () => {
    expect(() => parseSettings(site({ kind: 'l2jbrasil', by: 'voteId' }))).not.toThrow();
    expect(() => parseSettings(site({ kind: 'hopzone', by: 'voteId' }))).toThrow(/by vote id/);
    expect(() => parseSettings(site({ kind: 'l2jbrasil', by: 'voteId' }, 'any'))).toThrow(/identifier/);
    expect(() => parseSettings(site({ kind: 'l2jbrasil' }))).toThrow(/identifier/);
  });
});

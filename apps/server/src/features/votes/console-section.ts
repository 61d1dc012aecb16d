import type { ConsoleVoteSiteHealth, ConsoleVotesAnswer } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import type { ConsoleDoor } from '../../infra/console-door';
import { DAY_MS, chartStart, dayOf, perDay } from '../../infra/days';

/** Vote claims per site per day, and the sites' unanswered questions per day, the last 30 days. */
export const votesSection = async (site: Kysely<SiteDatabase>, now: number): Promise<ConsoleVotesAnswer> => {
  const since = chartStart(now);
  const claims = await site
    .selectFrom('site_vote_claims')
    .select(['site', 'created_at'])
    .where('created_at', '>=', since)
    .execute();
  const bySite = new Map<string, number[]>();
  for (const claim of claims) {
    const times = bySite.get(claim.site) ?? [];
    times.push(Number(claim.created_at));
    bySite.set(claim.site, times);
  }
  const failures = await site
    .selectFrom('site_vote_failures')
    .select(['site', 'at', 'reason'])
    .where('at', '>=', since)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const failed = new Map<string, ConsoleVotesAnswer['failures'][number]>();
  for (const row of failures) {
    const day = dayOf(Number(row.at));
    const key = `${row.site}\n${day}`;
    const known = failed.get(key);
    // Newest first: the first row of a site and day holds its last reason.
    if (known) known.count += 1;
    else failed.set(key, { site: row.site, day, count: 1, lastReason: row.reason, lastAt: Number(row.at) });
  }
  return {
    claims: [...bySite.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, times]) => ({ site: name, days: perDay(times, now), total: times.length })),
    failures: [...failed.values()].sort((a, b) => b.day.localeCompare(a.day) || a.site.localeCompare(b.site)),
  };
};

/** The dashboard's figure: the claim times of every site since `since`, for its per-day trend. */
export const voteClaimTimes = async (site: Kysely<SiteDatabase>, since: number): Promise<number[]> =>
  (await site.selectFrom('site_vote_claims').select('created_at').where('created_at', '>=', since).execute()).map(
    (row) => Number(row.created_at),
  );

/**
 * The dashboard's health of the vote sites: when a vote there was last claimed, when it last
 * failed to answer, and how often in the last day. A site that only links (no check in the
 * settings) is listed once it has a claim or a failure; one that rewards votes always is.
 */
export const voteSiteHealth = async (
  site: Kysely<SiteDatabase>,
  sites: readonly { name: string; rewarded: boolean }[],
  now: number,
): Promise<ConsoleVoteSiteHealth[]> => {
  const names = sites.map((entry) => entry.name);
  if (names.length === 0) return [];
  const claims = await site
    .selectFrom('site_vote_claims')
    .select(['site', (eb) => eb.fn.max('created_at').as('last')])
    .where('site', 'in', [...names])
    .groupBy('site')
    .execute();
  const failures = await site
    .selectFrom('site_vote_failures')
    .select(['site', 'at'])
    .where('site', 'in', [...names])
    .where('at', '>=', now - DAY_MS)
    .execute();
  const lastFailures = await site
    .selectFrom('site_vote_failures')
    .select(['site', (eb) => eb.fn.max('at').as('last')])
    .where('site', 'in', [...names])
    .groupBy('site')
    .execute();
  const lastOf = (rows: { site: string; last: unknown }[], name: string) => {
    const last = rows.find((row) => row.site === name)?.last;
    return last === null || last === undefined ? null : Number(last);
  };
  return sites
    .map(({ name, rewarded }) => ({
      rewarded,
      site: name,
      lastClaimAt: lastOf(claims, name),
      lastFailureAt: lastOf(lastFailures, name),
      failuresLastDay: failures.filter((row) => row.site === name).length,
    }))
    .filter((entry) => entry.rewarded || entry.lastClaimAt !== null || entry.lastFailureAt !== null)
    .map(({ rewarded: _rewarded, ...health }) => health);
};

/** The dashboard's figure: vote claims per site since `since`. */
export const voteClaimsPerSite = async (site: Kysely<SiteDatabase>, since: number) =>
  (
    await site
      .selectFrom('site_vote_claims')
      .select(['site', (eb) => eb.fn.countAll<number>().as('n')])
      .where('created_at', '>=', since)
      .groupBy('site')
      .orderBy('site')
      .execute()
  ).map((row) => ({ site: row.site, count: Number(row.n) }));

/** The Votes section (docs/owner/console.md#votes): claims per site per day, and the sites that did not answer. */
export const votesConsoleSection = async (
  app: FastifyInstance,
  options: { door: ConsoleDoor; db: Kysely<SiteDatabase>; now: () => number },
): Promise<void> => {
  options.door.route(app, 'getConsoleVotes', 'gm', async (_input, _request, reply) =>
    reply.send(await votesSection(options.db, options.now())),
  );
};

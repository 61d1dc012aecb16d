import type { ConsoleVotesAnswer } from '@gatekeeper/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import type { ConsoleDoor } from '../../infra/console-door';
import { chartStart, dayOf, perDay } from '../../infra/days';

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

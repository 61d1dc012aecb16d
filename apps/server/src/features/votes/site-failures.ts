import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';

/** How long an unanswered question is kept: the console shows the last 30 days. */
export const SITE_FAILURES_KEPT_MS = 31 * 24 * 60 * 60_000;

/**
 * A vote site that did not answer a claim (down, too slow, an error status, an answer not
 * understood): one row in site_vote_failures, for the console's Votes section
 * (docs/owner/console.md#votes). Rows past 31 days are pruned by the same write. A failure to
 * record never fails the claim: the caller logs it.
 */
export const recordSiteFailure = async (
  db: Kysely<SiteDatabase>,
  input: { site: string; reason: string; now: number },
): Promise<void> => {
  await db
    .insertInto('site_vote_failures')
    .values({ site: input.site.slice(0, 64), at: input.now, reason: input.reason.slice(0, 255) })
    .execute();
  await db
    .deleteFrom('site_vote_failures')
    .where('at', '<', input.now - SITE_FAILURES_KEPT_MS)
    .execute();
};

import type { Kysely } from 'kysely';
import { newStreamCode } from './stream-code';
import { isUniqueViolation } from '../../db/unique-violation';
import type { SiteDatabase } from '../../db/tables';
import { removeLiveStream, removeStaleLiveStreams } from '../streams/live-streams-repository';

/** The SQL of the Facebook stream registration: site_facebook_streamers and its rows of site_live_streams. */

type Db = Kysely<SiteDatabase>;

export const LIVE_STREAM_SOURCE = 'facebook';

/**
 * Stores a user's token and hands out a new code, unique among the codes still valid (an expired
 * code is released first). A user who authorizes again gets a new token and code; a character
 * already bound stays bound, so the streamer keeps earning while re-authorizing, unless the new
 * code is for another realm (decision 049): the binding is then undone, as the new code binds a
 * character of that realm.
 */
export const saveAuthorization = async (
  db: Db,
  authorization: {
    fbUserId: string;
    encryptToken: (userId: string) => string;
    tokenExpiresAt: number | null;
    codeExpiresAt: number;
    /** The realm whose NPC binds the code: its slug, null for the first realm. */
    realm: string | null;
    now: number;
  },
): Promise<string> => {
  const { fbUserId, now } = authorization;
  await db
    .updateTable('site_facebook_streamers')
    .set({ code: null })
    .where('code', 'is not', null)
    .where('code_expires_at', '<=', now)
    .execute();
  for (let attempt = 0; ; attempt += 1) {
    const code = newStreamCode();
    const values = {
      access_token: authorization.encryptToken(fbUserId),
      token_expires_at: authorization.tokenExpiresAt,
      code,
      code_expires_at: authorization.codeExpiresAt,
      realm: authorization.realm,
    };
    try {
      const existing = await db
        .selectFrom('site_facebook_streamers')
        .select(['status', 'realm'])
        .where('fb_user_id', '=', fbUserId)
        .executeTakeFirst();
      if (existing?.status === 'online' && existing.realm === authorization.realm) {
        await db.updateTable('site_facebook_streamers').set(values).where('fb_user_id', '=', fbUserId).execute();
      } else if (existing) {
        await db
          .updateTable('site_facebook_streamers')
          .set({ ...values, status: 'registered', char_id: null, char_name: null })
          .where('fb_user_id', '=', fbUserId)
          .execute();
      } else {
        await db
          .insertInto('site_facebook_streamers')
          .values({ ...values, fb_user_id: fbUserId, status: 'registered', created_at: now })
          .execute();
      }
      return code;
    } catch (error) {
      // Another code just took this one, or the same user registered twice at once: try again.
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
};

/** Everything the site holds about a Facebook user: the registration, the token and the stream. */
export const deleteFacebookUser = async (db: Db, fbUserId: string): Promise<void> => {
  await removeLiveStream(db, LIVE_STREAM_SOURCE, fbUserId);
  await db.deleteFrom('site_facebook_streamers').where('fb_user_id', '=', fbUserId).execute();
};

/**
 * Records a deletion request under the hash of its signed_request: false when that signed_request
 * was recorded before (a replay).
 */
export const recordDeletionRequest = async (
  db: Db,
  request: { confirmationCode: string; requestHash: string; now: number },
): Promise<boolean> => {
  try {
    await db
      .insertInto('site_facebook_deletions')
      .values({
        confirmation_code: request.confirmationCode,
        request_hash: request.requestHash,
        requested_at: request.now,
      })
      .execute();
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
};

export const forgetDeletionRequest = async (db: Db, confirmationCode: string): Promise<void> => {
  await db.deleteFrom('site_facebook_deletions').where('confirmation_code', '=', confirmationCode).execute();
};

export const findDeletionRequest = (db: Db, confirmationCode: string) =>
  db
    .selectFrom('site_facebook_deletions')
    .select(['confirmation_code', 'requested_at'])
    .where('confirmation_code', '=', confirmationCode)
    .executeTakeFirst();

/**
 * The collector's housekeeping: users who pressed Unregister at the NPC, registrations whose code
 * ran out before anyone entered it, and streams not confirmed live since `staleBefore`.
 */
export const sweepEndedData = async (db: Db, options: { now: number; staleBefore: number }): Promise<void> => {
  const unregistered = await db
    .selectFrom('site_facebook_streamers')
    .select('fb_user_id')
    .where('status', '=', 'unregistered')
    .execute();
  for (const { fb_user_id } of unregistered) await deleteFacebookUser(db, fb_user_id);
  const abandoned = await db
    .selectFrom('site_facebook_streamers')
    .select('fb_user_id')
    .where('status', '=', 'registered')
    .where('code_expires_at', '<=', options.now)
    .execute();
  for (const { fb_user_id } of abandoned) await deleteFacebookUser(db, fb_user_id);
  await removeStaleLiveStreams(db, LIVE_STREAM_SOURCE, options.staleBefore);
};

export interface BoundStreamer {
  id: number;
  fbUserId: string;
  accessToken: string;
  charId: number;
  /** The realm of the character: its slug, null for the first realm (decision 049). */
  realm: string | null;
}

/** Streamers bound to a character whose live video was last read before `polledBefore`. */
export const listStreamersDue = async (db: Db, polledBefore: number): Promise<BoundStreamer[]> => {
  const rows = await db
    .selectFrom('site_facebook_streamers')
    .select(['id', 'fb_user_id', 'access_token', 'char_id', 'realm'])
    .where('status', '=', 'online')
    .where('char_id', 'is not', null)
    .where('polled_at', '<=', polledBefore)
    .orderBy('polled_at')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    fbUserId: row.fb_user_id,
    accessToken: row.access_token,
    charId: Number(row.char_id),
    realm: row.realm,
  }));
};

export const markPolled = async (db: Db, id: number, now: number): Promise<void> => {
  await db.updateTable('site_facebook_streamers').set({ polled_at: now }).where('id', '=', id).execute();
};

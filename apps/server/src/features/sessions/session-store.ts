import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import type { SiteSessionsTable } from './tables';
import { normalizeLogin } from '../../game/accounts';

/** How long a session lasts: since its last use, and since its sign-in. */
export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

export interface Session {
  idHash: string;
  publicId: string;
  login: string;
  createdAt: number;
  lastSeenAt: number;
  address: string;
  device: string;
  fingerprint: string;
  banned: boolean;
  /** The password was right and the second factor's code is awaited: it can do nothing else. */
  pending: boolean;
  /** When the session last proved the password (0: it has not). */
  provedAt: number;
}

/** How long a session waiting for the second factor's code lasts. */
export const PENDING_MS = 5 * 60_000;

/** A session's last use is written at most this often: not one write per call. */
const TOUCH_EVERY_MS = 60_000;

const toSession = (row: Selectable<SiteSessionsTable>): Session => ({
  idHash: row.id_hash,
  publicId: row.public_id,
  login: row.login,
  createdAt: Number(row.created_at),
  lastSeenAt: Number(row.last_seen_at),
  address: row.address,
  device: row.device,
  fingerprint: row.fingerprint,
  banned: Number(row.banned) === 1,
  pending: Number(row.pending) === 1,
  provedAt: Number(row.proved_at),
});

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export { passwordFingerprint } from '../../game/accounts';

/**
 * Sessions in the site database, the one truth every instance reads: a session made or ended on
 * one is seen by all at the next call. The cookie holds 32 random bytes; only their SHA-256 is stored.
 */
export class SessionStore {
  constructor(
    private readonly db: Kysely<SiteDatabase>,
    private readonly policy: SessionPolicy,
  ) {}

  async create(input: {
    login: string;
    address: string;
    device: string;
    fingerprint: string;
    banned: boolean;
    pending?: boolean;
    now: number;
  }): Promise<{ cookieValue: string; session: Session }> {
    const cookieValue = randomBytes(32).toString('base64url');
    const session: Session = {
      idHash: sha256Hex(cookieValue),
      publicId: randomBytes(16).toString('base64url'),
      login: normalizeLogin(input.login),
      createdAt: input.now,
      lastSeenAt: input.now,
      address: input.address.slice(0, 45),
      device: input.device,
      fingerprint: input.fingerprint,
      banned: input.banned,
      pending: input.pending ?? false,
      // A sign-in proves the password; one waiting for its code proves it once the code is right.
      provedAt: input.pending ? 0 : input.now,
    };
    await this.db
      .insertInto('site_sessions')
      .values({
        id_hash: session.idHash,
        public_id: session.publicId,
        login: session.login,
        created_at: session.createdAt,
        last_seen_at: session.lastSeenAt,
        address: session.address,
        device: session.device,
        fingerprint: session.fingerprint,
        banned: session.banned ? 1 : 0,
        pending: session.pending ? 1 : 0,
        proved_at: session.provedAt,
      })
      .execute();
    return { cookieValue, session };
  }

  private isLive(row: { created_at: number; last_seen_at: number; pending: number }, now: number): boolean {
    if (Number(row.pending) === 1) return Number(row.created_at) + PENDING_MS > now;
    return Number(row.last_seen_at) + this.policy.idleMs > now && Number(row.created_at) + this.policy.absoluteMs > now;
  }

  /** The live session of a cookie's value; an expired one is deleted and none is answered. */
  async find(cookieValue: string, now: number): Promise<Session | undefined> {
    const idHash = sha256Hex(cookieValue);
    const row = await this.db.selectFrom('site_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
    if (!row) return undefined;
    if (!this.isLive(row, now)) {
      await this.end(idHash);
      return undefined;
    }
    return toSession(row);
  }

  /** Marks the session used now: its idle time starts again. Its address and device stay those of its sign-in. */
  async touch(session: Session, now: number): Promise<void> {
    if (now - session.lastSeenAt < TOUCH_EVERY_MS) return;
    await this.db
      .updateTable('site_sessions')
      .set({ last_seen_at: now })
      .where('id_hash', '=', session.idHash)
      .execute();
  }

  async end(idHash: string): Promise<void> {
    await this.db.deleteFrom('site_sessions').where('id_hash', '=', idHash).execute();
  }

  /** Ends one session of the account named by its public id; false when it has none of that id. */
  async endByPublicId(login: string, publicId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('site_sessions')
      .where('login', '=', normalizeLogin(login))
      .where('public_id', '=', publicId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Ends every session of the account but the one kept (none: all of them); how many ended. */
  async endAll(login: string, keepIdHash?: string): Promise<number> {
    const result = await this.db
      .deleteFrom('site_sessions')
      .where('login', '=', normalizeLogin(login))
      .$if(keepIdHash !== undefined, (query) => query.where('id_hash', '!=', keepIdHash ?? ''))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The password was typed again in this session. */
  async markProved(idHash: string, now: number): Promise<void> {
    await this.db.updateTable('site_sessions').set({ proved_at: now }).where('id_hash', '=', idHash).execute();
  }

  async setFingerprint(idHash: string, fingerprint: string): Promise<void> {
    await this.db.updateTable('site_sessions').set({ fingerprint }).where('id_hash', '=', idHash).execute();
  }

  /** The account's live sessions, the latest used first (not those still waiting for a code). */
  async list(login: string, now: number): Promise<Session[]> {
    const rows = await this.db
      .selectFrom('site_sessions')
      .selectAll()
      .where('login', '=', normalizeLogin(login))
      .where('pending', '=', 0)
      .orderBy('last_seen_at', 'desc')
      .execute();
    return rows.filter((row) => this.isLive(row, now)).map(toSession);
  }

  /** Deletes every session past its idle time or its lifetime. */
  async prune(now: number): Promise<void> {
    await this.db
      .deleteFrom('site_sessions')
      .where((eb) =>
        eb.or([
          eb('last_seen_at', '<=', now - this.policy.idleMs),
          eb('created_at', '<=', now - this.policy.absoluteMs),
          eb.and([eb('pending', '=', 1), eb('created_at', '<=', now - PENDING_MS)]),
        ]),
      )
      .execute();
  }
}

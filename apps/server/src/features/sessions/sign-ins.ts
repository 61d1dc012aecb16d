import type { SignInOutcome, SignInRow } from '@gatekeeper/contract';
import type { Kysely } from 'kysely';
import type { SiteDatabase } from '../../db/tables';
import { normalizeLogin } from '../../game/accounts';

/** How long the sign-in history keeps an attempt. */
export const SIGN_IN_HISTORY_MS = 90 * 24 * 60 * 60 * 1000;

/** The sign-in history of the accounts (site_sign_ins): every attempt on an existing account, 90 days. */
export class SignInHistory {
  constructor(private readonly db: Kysely<SiteDatabase>) {}

  async record(input: { login: string; at: number; address: string; device: string; outcome: SignInOutcome }) {
    await this.db
      .insertInto('site_sign_ins')
      .values({
        login: normalizeLogin(input.login),
        at: input.at,
        address: input.address.slice(0, 45),
        device: input.device,
        outcome: input.outcome,
      })
      .execute();
  }

  /** The account's attempts of the last 90 days, the latest first. */
  async list(login: string, now: number): Promise<SignInRow[]> {
    const rows = await this.db
      .selectFrom('site_sign_ins')
      .select(['at', 'address', 'device', 'outcome'])
      .where('login', '=', normalizeLogin(login))
      .where('at', '>', now - SIGN_IN_HISTORY_MS)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    return rows.map((row) => ({
      at: Number(row.at),
      address: row.address,
      device: row.device,
      outcome: row.outcome as SignInOutcome,
    }));
  }

  /** The account's last sign-in that opened a session before the given time. */
  async lastBefore(login: string, before: number): Promise<{ at: number; address: string; device: string } | null> {
    const row = await this.db
      .selectFrom('site_sign_ins')
      .select(['at', 'address', 'device'])
      .where('login', '=', normalizeLogin(login))
      .where('outcome', 'in', ['success', 'banned'])
      .where('at', '<', before)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ? { at: Number(row.at), address: row.address, device: row.device } : null;
  }

  /** Forgets the attempts past 90 days. */
  async prune(now: number): Promise<void> {
    await this.db
      .deleteFrom('site_sign_ins')
      .where('at', '<=', now - SIGN_IN_HISTORY_MS)
      .execute();
  }
}

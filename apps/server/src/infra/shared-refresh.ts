import { createHash } from 'node:crypto';
import { type Migration, MysqlAdapter, sql } from 'kysely';
import type { AnyKysely } from '../db/connections';
import type { SiteDatabase } from '../db/tables';
import type { Kysely } from 'kysely';
import type { ClaimStore } from './durable-claims';

/**
 * Background work that several instances would otherwise each do: the rankings read from the
 * game database, the YouTube gallery fetched against a daily quota, the Facebook and referral
 * passes. Time is cut in periods (now / period, alike on every instance); the first instance to
 * claim a period's turn (a claim in site_claims, which every instance sees) does the work and
 * stores what it computed in site_shared_values; the others read that row. So the work is done at
 * most once per period whatever the number of instances and however their timers drift.
 */
export interface SharedRefresh {
  /**
   * The value of `name`, computed at most once per `intervalMs` across instances. `force`
   * computes now whoever's turn it is (a test, an owner's refresh).
   */
  value(
    name: string,
    intervalMs: number,
    compute: () => Promise<string>,
    options?: { force?: boolean },
  ): Promise<string>;
  /** True for the one instance that runs `name`'s pass in the current period of `periodMs`. */
  takeTurn(name: string, periodMs: number): Promise<boolean>;
}

/**
 * The name a value is shared under: instances share it only when the inputs that make it (the
 * settings it is computed from) are the same, e.g. during a rolling change of the settings.
 */
export const sharedName = (base: string, inputs: unknown): string =>
  `${base}:${createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 16)}`;

/** How long an instance that lost the turn waits for the turn holder's fresh value (or, at first, any). */
export const FOLLOWER_WAIT_MS = 5_000;
const FOLLOWER_POLL_MS = 200;

export const sharedRefresh = (deps: {
  db: Kysely<SiteDatabase>;
  claims: ClaimStore;
  now: () => number;
  onError?: (error: unknown, name: string) => void;
}): SharedRefresh => {
  const { db, claims, now } = deps;

  const takeTurn = async (name: string, periodMs: number) => {
    const period = Math.floor(now() / periodMs);
    try {
      // Kept two periods, then pruned with the other expired claims.
      return await claims.claim(`turn:${name}:${period}`, periodMs * 2);
    } catch (error) {
      // No site database to agree on turns: each instance does its own work rather than none.
      deps.onError?.(error, name);
      return true;
    }
  };

  const stored = (name: string) =>
    db.selectFrom('site_shared_values').select(['value', 'computed_at']).where('name', '=', name).executeTakeFirst();

  const store = async (name: string, value: string) => {
    const computedAt = now();
    const updated = await db
      .updateTable('site_shared_values')
      .set({ value, computed_at: computedAt })
      .where('name', '=', name)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await db.insertInto('site_shared_values').values({ name, value, computed_at: computedAt }).ignore().execute();
    }
  };

  const computeAndStore = async (name: string, compute: () => Promise<string>) => {
    const value = await compute();
    try {
      await store(name, value);
    } catch (error) {
      deps.onError?.(error, name);
    }
    return value;
  };

  return {
    takeTurn,
    async value(name, intervalMs, compute, options) {
      if (options?.force || (await takeTurn(name, intervalMs))) return computeAndStore(name, compute);
      // Another instance's turn: this period's value once stored, or the last one if it is slow or failed.
      const freshAfter = Math.floor(now() / intervalMs) * intervalMs;
      const deadline = Date.now() + FOLLOWER_WAIT_MS;
      let last: { value: string; computed_at: number } | undefined;
      for (;;) {
        try {
          last = await stored(name);
        } catch (error) {
          deps.onError?.(error, name);
          return compute();
        }
        if ((last && Number(last.computed_at) >= freshAfter) || Date.now() >= deadline) break;
        await new Promise((resolve) => setTimeout(resolve, FOLLOWER_POLL_MS));
      }
      return last ? last.value : computeAndStore(name, compute);
    },
  };
};

export const sharedValueMigrations: Record<string, Migration> = {
  '120_shared_values': {
    async up(db: AnyKysely) {
      const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
      await db.schema
        .createTable('site_shared_values')
        .ifNotExists()
        .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
        // The rankings of every list together pass TEXT's 64 KB.
        .addColumn('value', mysql ? sql`mediumtext` : 'text', (col) => col.notNull())
        .addColumn('computed_at', 'bigint', (col) => col.notNull())
        .modifyEnd(mysql ? sql`engine=InnoDB character set utf8mb4 collate utf8mb4_bin` : sql``)
        .execute();
    },
    async down(db: AnyKysely) {
      await db.schema.dropTable('site_shared_values').ifExists().execute();
    },
  },
};

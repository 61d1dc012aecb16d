import { type Migration, Migrator } from 'kysely';
import { accountMigrations } from './features/accounts/migrations';
import { donationMigrations } from './features/donations/migrations';
import { referralMigrations } from './features/referral/migrations';
import { sessionMigrations } from './features/sessions/migrations';
import { consoleMigrations } from './features/console/migrations';
import { rewardMigrations } from './features/rewards/migrations';
import { mailMigrations } from './features/mail/migrations';
import { onlineMigrations } from './features/online/migrations';
import { newsMigrations } from './features/news/migrations';
import { facebookStreamMigrations } from './features/facebook-streams/migrations';
import { streamMigrations } from './features/streams/migrations';
import { voteMigrations } from './features/votes/migrations';
import { walletMigrations } from './features/wallet/migrations';
import { shopMigrations } from './features/shop/migrations';
import type { AnyKysely } from './db/connections';
import { siteCharsetMigrations } from './db/site-charset';
import { sharedValueMigrations } from './infra/shared-refresh';

/**
 * The site's own tables, all named site_*: the only tables the site migrates on a real game
 * database. Each feature keeps its migrations beside its code (features/<name>/migrations.ts),
 * named NNN_feature_what; append new ones, never edit one that has shipped.
 */
const migrations: Record<string, Migration> = {
  ...accountMigrations,
  ...donationMigrations,
  ...streamMigrations,
  ...referralMigrations,
  ...rewardMigrations,
  ...mailMigrations,
  ...facebookStreamMigrations,
  ...siteCharsetMigrations,
  ...sharedValueMigrations,
  ...voteMigrations,
  ...sessionMigrations,
  ...onlineMigrations,
  ...consoleMigrations,
  ...newsMigrations,
  ...walletMigrations,
  ...shopMigrations,
};

export const migrateSiteTables = async (db: AnyKysely): Promise<string[]> => {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'site_migrations',
    migrationLockTableName: 'site_migrations_lock',
    // Features are built side by side: a migration may land with a name that sorts earlier.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};

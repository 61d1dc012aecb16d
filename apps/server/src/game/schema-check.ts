import { sql } from 'kysely';
import type { AnyKysely, Connections } from '../db/connections';
import { FLAVORS, type FlavorName, type GameFlavor, type PasswordScheme } from './flavors';
import { schemeOfHash } from './password-hash';

export class SchemaError extends Error {}

/** What start-up found: the flavour, how passwords are stored, and which optional tables exist. */
export interface GameSchema {
  flavor: GameFlavor;
  passwordScheme: PasswordScheme;
  /** account_data (l2j login database): temporary bans (ban_temp). */
  hasAccountData: boolean;
  hasEventStats: boolean;
  hasPremiumItems: boolean;
  hasCustomMail: boolean;
  /** items_delayed with payment_id (RusAcis, L2-Scripts): the game polls it (docs/game/item-delivery.md). */
  hasItemsDelayed: boolean;
  hasPunishments: boolean;
  /** grandboss_data and raidboss_spawnlist (the Bosses page). */
  hasBosses: boolean;
  /** raidboss_spawnlist's respawn delay columns of the flavour (flavor.raidRespawn): a raid boss's respawn window. */
  hasRaidRespawnDelays: boolean;
  /** olympiad_nobles (the Olympiad page's standings and heroes) and olympiad_data (its period). */
  hasOlympiad: boolean;
  hasOlympiadData: boolean;
  /** castle, siege_clans and clan_data.hasCastle (the Castles page). */
  hasCastles: boolean;
  /** crests (l2j): the clans' crests as DDS pictures (docs/game/crests.md). */
  hasCrests: boolean;
}

type Columns = Map<string, Set<string>>;

const readColumns = async (db: AnyKysely): Promise<Columns> => {
  const tables = await db.introspection.getTables();
  // Identifiers compare case-insensitively, as MariaDB does on the emulators' usual setups.
  return new Map(
    tables.map((table) => [table.name.toLowerCase(), new Set(table.columns.map((c) => c.name.toLowerCase()))]),
  );
};

const missingIn = (columns: Columns, table: string, wanted: readonly string[]): string[] => {
  const present = columns.get(table.toLowerCase());
  if (!present) return [`table ${table}`];
  return wanted.filter((column) => !present.has(column.toLowerCase())).map((column) => `column ${table}.${column}`);
};

type Role = 'login' | 'game';

interface LiveColumns {
  login: Columns;
  game: Columns;
  labels: { login: string; game: string };
  /** The databases whose tables tell the flavour: both, or the game's alone (a realm after the first). */
  roles?: readonly Role[];
}

const BOTH_ROLES: readonly Role[] = ['login', 'game'];

/** Every table and column the flavour requires that the live schema lacks, each named with its database. */
export const missingColumns = (live: LiveColumns, flavor: GameFlavor): string[] =>
  (live.roles ?? BOTH_ROLES).flatMap((role) =>
    Object.entries(flavor.requiredColumns[role]).flatMap(([table, cols]) =>
      missingIn(live[role], table, cols).map((what) => `${role} database ${live.labels[role]}: missing ${what}`),
    ),
  );

const guide = 'See docs/owner/game-databases.md: point LOGIN_DATABASE_URL / GAME_DATABASE_URL at the game databases';

/**
 * The flavour of the live schema. Set (GAME_FLAVOR): it must match, and a schema of another
 * flavour is named as such. Unset: the one flavour whose required columns are all there.
 * Throws a SchemaError naming the flavour and every missing table and column.
 */
export const detectFlavor = (live: LiveColumns, wanted: FlavorName | undefined): GameFlavor => {
  const flavors = Object.values(FLAVORS);
  const fits = flavors.filter((flavor) => missingColumns(live, flavor).length === 0);
  if (wanted !== undefined) {
    const flavor = FLAVORS[wanted];
    if (fits.includes(flavor)) return flavor;
    const other = fits[0];
    const contradiction = other
      ? `The database looks like flavour ${other.name} (${other.title}), not GAME_FLAVOR=${wanted} (${flavor.title}); ` +
        `set GAME_FLAVOR=${other.name} or leave it unset.\n`
      : '';
    throw new SchemaError(
      `${contradiction}The database does not look like a ${flavor.title} (flavour ${flavor.name}) schema:\n  ` +
        `${missingColumns(live, flavor).join('\n  ')}\n${guide}.`,
    );
  }
  const [only, ...others] = fits;
  if (only && others.length === 0) return only;
  if (only) {
    throw new SchemaError(
      `The database fits more than one flavour (${fits.map((f) => f.name).join(', ')}): set GAME_FLAVOR.`,
    );
  }
  throw new SchemaError(
    'The database matches no game flavour:\n' +
      flavors
        .map(
          (flavor) => `  ${flavor.title} (flavour ${flavor.name}):\n    ${missingColumns(live, flavor).join('\n    ')}`,
        )
        .join('\n') +
      `\n${guide}.`,
  );
};

/**
 * The scheme the accounts' hashes are in: the flavour's own unless every stored hash is in the
 * other one (an aCis from before its BCrypt move). An empty table follows the flavour.
 */
const detectPasswordScheme = async (db: AnyKysely, flavor: GameFlavor): Promise<PasswordScheme> => {
  const { rows } = await sql<{ password: string | null }>`select password from accounts limit 20`.execute(db);
  const schemes = new Set(rows.flatMap((row) => schemeOfHash(row.password ?? '') ?? []));
  return schemes.size === 1 ? [...schemes][0]! : flavor.passwordScheme;
};

/**
 * Reads the live schema: the flavour (GAME_FLAVOR or detected), its required columns (a
 * SchemaError names every missing one), its optional tables, and the password scheme (set by
 * GAME_PASSWORD_HASH, else told by the stored hashes).
 */
export const checkGameSchema = async (
  connections: Pick<Connections, 'login' | 'game'>,
  options: {
    flavor?: FlavorName | undefined;
    passwordScheme?: PasswordScheme | undefined;
    /**
     * The flavour from the game database's tables alone: a realm after the first (decision 049),
     * whose accounts are the first realm's login database's.
     */
    gameOnly?: boolean;
  } = {},
): Promise<GameSchema> => {
  const login = await readColumns(connections.login.db);
  const game = connections.game.db === connections.login.db ? login : await readColumns(connections.game.db);
  const live = {
    login,
    game,
    labels: { login: connections.login.label, game: connections.game.label },
    roles: options.gameOnly ? (['game'] as const) : BOTH_ROLES,
  };
  const flavor = detectFlavor(live, options.flavor);
  const has = (role: 'login' | 'game', table: string) => {
    const wanted = flavor.optionalColumns[role][table];
    return wanted !== undefined && missingIn(live[role], table, wanted).length === 0;
  };
  return {
    flavor,
    passwordScheme: options.passwordScheme ?? (await detectPasswordScheme(connections.login.db, flavor)),
    hasAccountData: has('login', 'account_data'),
    hasEventStats: has('game', 'event_stats'),
    hasPremiumItems: has('game', 'character_premium_items'),
    hasCustomMail: has('game', 'custom_mail'),
    hasItemsDelayed: has('game', 'items_delayed'),
    hasPunishments: has('game', 'punishments'),
    hasBosses: has('game', 'grandboss_data') && has('game', 'raidboss_spawnlist'),
    hasRaidRespawnDelays:
      missingIn(game, 'raidboss_spawnlist', [flavor.raidRespawn.base, flavor.raidRespawn.random]).length === 0,
    hasOlympiad: has('game', 'olympiad_nobles'),
    hasOlympiadData: has('game', 'olympiad_data'),
    hasCastles: has('game', 'castle') && has('game', 'siege_clans') && has('game', 'clan_data'),
    hasCrests: has('game', 'crests'),
  };
};

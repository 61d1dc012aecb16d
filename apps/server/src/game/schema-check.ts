import type { AnyKysely, Connections } from '../db/connections';

/**
 * What the l2j flavour needs of the live schema (L2J.md). At start-up the site reads the columns
 * of the databases it is pointed at and refuses to run, naming table and column, when one is
 * missing. Optional tables switch features off instead (event_stats falls back to pvp/pk kills).
 */
export const REQUIRED_COLUMNS = {
  login: {
    accounts: ['login', 'password', 'email', 'created_time', 'lastactive', 'accessLevel', 'lastIP'],
  },
  game: {
    characters: [
      'charId',
      'account_name',
      'char_name',
      'level',
      'x',
      'y',
      'z',
      'pvpkills',
      'pkkills',
      'clanid',
      'race',
      'classid',
      'base_class',
      'accesslevel',
      'online',
      'onlinetime',
      'deletetime',
      'nobless',
    ],
    clan_data: ['clan_id', 'clan_name', 'clan_level', 'reputation_score', 'leader_id', 'ally_name'],
    heroes: ['charId', 'class_id', 'count', 'played', 'claimed'],
    account_gsdata: ['account_name', 'var', 'value'],
  },
} as const;

export const OPTIONAL_COLUMNS = {
  game: {
    event_stats: ['char_id', 'score', 'assists', 'kills', 'deaths', 'event_seconds'],
    character_premium_items: ['charId', 'itemNum', 'itemId', 'itemCount', 'itemSender'],
    custom_mail: ['date', 'receiver', 'subject', 'message', 'items'],
    punishments: ['key', 'affect', 'type', 'expiration'],
  },
} as const;

export class SchemaError extends Error {}

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

export interface GameSchema {
  hasEventStats: boolean;
  hasPremiumItems: boolean;
  hasCustomMail: boolean;
  hasPunishments: boolean;
}

/** Throws a SchemaError naming every missing table and column; answers which optional tables exist. */
export const checkGameSchema = async (connections: Connections): Promise<GameSchema> => {
  const login = await readColumns(connections.login.db);
  const game = connections.game.db === connections.login.db ? login : await readColumns(connections.game.db);
  const problems = [
    ...Object.entries(REQUIRED_COLUMNS.login).flatMap(([table, cols]) =>
      missingIn(login, table, cols).map((what) => `login database ${connections.login.label}: missing ${what}`),
    ),
    ...Object.entries(REQUIRED_COLUMNS.game).flatMap(([table, cols]) =>
      missingIn(game, table, cols).map((what) => `game database ${connections.game.label}: missing ${what}`),
    ),
  ];
  if (problems.length > 0) {
    throw new SchemaError(
      `The database does not look like an L2J (flavour l2j) schema:\n  ${problems.join('\n  ')}\n` +
        'Point LOGIN_DATABASE_URL / GAME_DATABASE_URL at the login and game server databases (see docs/owner/game-databases.md).',
    );
  }
  const has = (table: keyof typeof OPTIONAL_COLUMNS.game) =>
    missingIn(game, table, OPTIONAL_COLUMNS.game[table]).length === 0;
  return {
    hasEventStats: has('event_stats'),
    hasPremiumItems: has('character_premium_items'),
    hasCustomMail: has('custom_mail'),
    hasPunishments: has('punishments'),
  };
};

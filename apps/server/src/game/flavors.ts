/**
 * The game flavours the site knows: one description per emulator family, read from the
 * emulators' own SQL and Java files (docs/game/, docs/owner/game-databases.md). Every query of game/
 * takes its table and column names, its password scheme, its ban rules and its features from
 * here; nothing else in the code names a flavour's columns. Adding a fork is one more entry in
 * FLAVORS (and its demo tables and tests).
 */

export const FLAVOR_NAMES = ['l2j', 'acis'] as const;
export type FlavorName = (typeof FLAVOR_NAMES)[number];

/**
 * How the login server stores a password: `sha1` is Base64(SHA-1(UTF-8)), 28 characters (L2J
 * Server, Mobius, old aCis); `bcrypt` is jBCrypt's `$2a$` with cost 10 (aCis).
 */
export const PASSWORD_SCHEMES = ['sha1', 'bcrypt'] as const;
export type PasswordScheme = (typeof PASSWORD_SCHEMES)[number];

export interface GameFlavor {
  name: FlavorName;
  /** How start-up messages and the owner's guide call it. */
  title: string;
  accounts: {
    accessLevel: 'accessLevel' | 'access_level';
    lastActive: 'lastactive' | 'last_active';
    /** The game's email column; null when the game keeps none and the site stores it (site_account_emails). */
    email: 'email' | null;
    /** When the account was made (a timestamp column); null where the game keeps none (aCis). */
    createdAt: 'created_time' | null;
    /** Columns only this flavour's accounts rows have, written at registration with these values. */
    extraOnInsert: Record<string, string | number | null>;
  };
  characters: {
    /** The object id every other table refers to. */
    key: 'charId' | 'obj_Id';
    /** aCis keeps a character's chat ban / jail in the row itself: punish_level, punish_timer. */
    punishLevel: 'punish_level' | null;
  };
  heroes: { characterKey: 'charId' | 'char_id' };
  /** olympiad_data.period's values (docs/game/olympiad.md): an ordinal on L2J, the state's name on aCis. */
  olympiadPeriod: { competition: number | string; validation: number | string };
  /**
   * How siege_clans.type names a registered clan's side (docs/game/castles.md): an int on L2J
   * (Siege.java's DEFENDER 0, ATTACKER 1, DEFENDER_NOT_APPROVED 2), a SiegeSide name on aCis. A
   * defender still waiting for the owner's approval is neither.
   */
  siegeSides: { attackers: readonly (number | string)[]; defenders: readonly (number | string)[] };
  /**
   * raidboss_spawnlist's respawn delays (docs/game/world.md): the game draws a dead raid boss's
   * return between base − random and base + random after its death, never sooner than
   * `shortestMs`. `baseZeroNever`: a base of 0 means the game never spawns it again by itself.
   */
  raidRespawn: {
    base: 'respawn_delay' | 'spawn_time';
    random: 'respawn_random' | 'random_time';
    unitMs: number;
    shortestMs: number;
    baseZeroNever: boolean;
  };
  /** What the login server writes for a new password (start-up may find the other in the rows). */
  passwordScheme: PasswordScheme;
  bans: {
    /** account_data var holding a temporary ban's end in epoch ms (L2J Server, Mobius); null: none. */
    temporaryBanVar: 'ban_temp' | null;
    /** characters.punish_level of a jailed character (aCis PunishmentType.JAIL); null: no such column. */
    jailPunishLevel: number | null;
  };
  /** What the game itself supports, so the page shows only the tools that work. */
  features: {
    /** A character-selection PIN (account_gsdata secauth_pwd). */
    pincode: boolean;
  };
  /**
   * The game tables rewards can be put in when present (character_premium_items, custom_mail,
   * items_delayed), and why the flavour itself has none (null: it has); without one of these
   * tables its rewards wait in the site's queue.
   */
  itemDelivery: { tables: readonly string[]; whyNone: string | null };
  /** The columns start-up requires in the login and game databases. */
  requiredColumns: { login: Record<string, readonly string[]>; game: Record<string, readonly string[]> };
  /** Tables that switch a feature on when present, off when absent. */
  optionalColumns: { login: Record<string, readonly string[]>; game: Record<string, readonly string[]> };
}

const COMMON_CHARACTER_COLUMNS = [
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
  'lastAccess',
  'deletetime',
  'nobless',
] as const;

const CLAN_COLUMNS = ['clan_id', 'clan_name', 'clan_level', 'reputation_score', 'leader_id', 'ally_name'] as const;
/** Boss tables, the same columns the site reads on both flavours (docs/game/world.md). */
const BOSS_COLUMNS = ['boss_id', 'respawn_time'] as const;
/** The Olympiad's tables as the site reads them (docs/game/olympiad.md), after the nobles' key. */
const OLYMPIAD_NOBLES_COLUMNS = [
  'class_id',
  'olympiad_points',
  'competitions_done',
  'competitions_won',
  'competitions_lost',
] as const;
const OLYMPIAD_DATA_COLUMNS = ['id', 'current_cycle', 'period', 'olympiad_end', 'validation_end'] as const;
/** Castles and their sieges (docs/game/castles.md): the columns the Castles page reads on both flavours. */
const CASTLE_TABLES = {
  castle: ['id', 'name', 'taxPercent', 'treasury', 'siegeDate'],
  siege_clans: ['castle_id', 'clan_id', 'type'],
  clan_data: ['hasCastle'],
} as const;
/**
 * items_delayed as the packs that poll it create it (RusAcis, L2-Scripts; docs/game/item-delivery.md):
 * the game marks a handed-out row by payment_id, and the site finds its rows by description. A
 * table without payment_id is another pack's (it deletes rows by their values) and is left alone.
 */
const ITEMS_DELAYED_COLUMNS = ['payment_id', 'owner_id', 'item_id', 'count', 'payment_status', 'description'] as const;
const EVENT_STATS_COLUMNS = ['char_id', 'score', 'assists', 'kills', 'deaths', 'event_seconds'] as const;

/** L2J Server (login + game databases) and L2J Mobius (one database). */
const L2J: GameFlavor = {
  name: 'l2j',
  title: 'L2J Server / L2J Mobius',
  accounts: {
    accessLevel: 'accessLevel',
    lastActive: 'lastactive',
    email: 'email',
    createdAt: 'created_time',
    extraOnInsert: { lastIP: null },
  },
  characters: { key: 'charId', punishLevel: null },
  heroes: { characterKey: 'charId' },
  olympiadPeriod: { competition: 0, validation: 1 },
  siegeSides: { attackers: [1], defenders: [0] },
  // Seconds; L2Spawn.setRespawnDelay keeps at least 10 s and leaves a delay of 0 unscheduled.
  raidRespawn: {
    base: 'respawn_delay',
    random: 'respawn_random',
    unitMs: 1000,
    shortestMs: 10_000,
    baseZeroNever: true,
  },
  passwordScheme: 'sha1',
  bans: { temporaryBanVar: 'ban_temp', jailPunishLevel: null },
  features: { pincode: true },
  itemDelivery: { tables: ['character_premium_items', 'custom_mail', 'items_delayed'], whyNone: null },
  requiredColumns: {
    login: {
      accounts: ['login', 'password', 'email', 'created_time', 'lastactive', 'accessLevel', 'lastIP'],
    },
    game: {
      characters: ['charId', ...COMMON_CHARACTER_COLUMNS],
      clan_data: CLAN_COLUMNS,
      heroes: ['charId', 'class_id', 'count', 'played', 'claimed'],
      account_gsdata: ['account_name', 'var', 'value'],
    },
  },
  optionalColumns: {
    login: { account_data: ['account_name', 'var', 'value'] },
    game: {
      event_stats: EVENT_STATS_COLUMNS,
      character_premium_items: ['charId', 'itemNum', 'itemId', 'itemCount', 'itemSender'],
      custom_mail: ['date', 'receiver', 'subject', 'message', 'items'],
      items_delayed: ITEMS_DELAYED_COLUMNS,
      punishments: ['key', 'affect', 'type', 'expiration'],
      grandboss_data: BOSS_COLUMNS,
      raidboss_spawnlist: BOSS_COLUMNS,
      olympiad_nobles: ['charId', ...OLYMPIAD_NOBLES_COLUMNS],
      olympiad_data: OLYMPIAD_DATA_COLUMNS,
      ...CASTLE_TABLES,
      // Clan crests as DDS pictures (docs/game/crests.md); aCis keeps them as files instead.
      crests: ['crest_id', 'data', 'type'],
    },
  },
};

/**
 * aCis (datapack sql/accounts.sql, sql/characters.sql, sql/heroes.sql; LoginController,
 * AccountTable, Punishment): one database, BCrypt passwords, no email, no PIN, bans in
 * access_level (GM ban -100) and jail in characters.punish_level (PunishmentType ordinal 2).
 */
const ACIS: GameFlavor = {
  name: 'acis',
  title: 'aCis',
  accounts: { accessLevel: 'access_level', lastActive: 'last_active', email: null, createdAt: null, extraOnInsert: {} },
  characters: { key: 'obj_Id', punishLevel: 'punish_level' },
  heroes: { characterKey: 'char_id' },
  olympiadPeriod: { competition: 'COMPETITION', validation: 'VALIDATION' },
  siegeSides: { attackers: ['ATTACKER'], defenders: ['DEFENDER', 'OWNER'] },
  // Hours; BossSpawn.onDeath adds spawn_time and a draw between −random_time and +random_time.
  raidRespawn: { base: 'spawn_time', random: 'random_time', unitMs: 3_600_000, shortestMs: 0, baseZeroNever: false },
  passwordScheme: 'bcrypt',
  bans: { temporaryBanVar: null, jailPunishLevel: 2 },
  features: { pincode: false },
  // Interlude has no mail with items nor premium items; aCis's items rows take object ids from the
  // running server's IdFactory (read once at start) and an online player's inventory lives in memory.
  // Packs of the family that poll items_delayed (RusAcis) take items there.
  itemDelivery: {
    tables: ['items_delayed'],
    whyNone:
      "aCis has no table the site can put items in: its items rows take object ids from the running game server's IdFactory, and an online player's inventory is kept in memory; packs that poll an items_delayed table (RusAcis, L2-Scripts) take items there, and this game database has none",
  },
  requiredColumns: {
    login: { accounts: ['login', 'password', 'last_active', 'access_level'] },
    game: {
      characters: ['obj_Id', ...COMMON_CHARACTER_COLUMNS, 'punish_level', 'punish_timer'],
      clan_data: CLAN_COLUMNS,
      heroes: ['char_id', 'class_id', 'count', 'played', 'active'],
    },
  },
  optionalColumns: {
    login: {},
    game: {
      event_stats: EVENT_STATS_COLUMNS,
      items_delayed: ITEMS_DELAYED_COLUMNS,
      grandboss_data: BOSS_COLUMNS,
      raidboss_spawnlist: BOSS_COLUMNS,
      olympiad_nobles: ['char_id', ...OLYMPIAD_NOBLES_COLUMNS],
      olympiad_data: OLYMPIAD_DATA_COLUMNS,
      ...CASTLE_TABLES,
    },
  },
};

export const FLAVORS: Record<FlavorName, GameFlavor> = { l2j: L2J, acis: ACIS };

export const flavorNamed = (name: FlavorName): GameFlavor => FLAVORS[name];

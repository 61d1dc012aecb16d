import { sql } from 'kysely';
import type { AnyKysely, Dialect } from '../db/connections';
import type { FlavorName } from './flavors';

/**
 * The game and login tables of each flavour, with the emulators' column names and types, for the
 * embedded demo database and the tests only: on a real server the game owns these tables and the
 * site never creates them. Names compare case-insensitively on both dialects, as MariaDB's
 * utf8mb3_general_ci does. The tests run on the emulators' own SQL files, transcribed in
 * test/support/emulator-tables.ts, and test/emulator-tables.test.ts fails when a table here
 * drifts from them (a column, its type or its NOT NULL).
 */

type Role = 'login' | 'game';

const dialectParts = (dialect: Dialect) => {
  const mysql = dialect === 'mysql';
  return {
    nocase: mysql ? '' : ' COLLATE NOCASE',
    table: mysql ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci' : '',
  };
};

/** The site's own event table (docs/owner/game-databases.md), the same in every flavour. */
const eventStatsDdl = (dialect: Dialect) => `CREATE TABLE IF NOT EXISTS event_stats (
      char_id INT UNSIGNED NOT NULL,
      score INT NOT NULL DEFAULT 0,
      assists INT NOT NULL DEFAULT 0,
      kills INT NOT NULL DEFAULT 0,
      deaths INT NOT NULL DEFAULT 0,
      event_seconds INT NOT NULL DEFAULT 0,
      updated_at BIGINT NOT NULL DEFAULT 0,
      PRIMARY KEY (char_id)
    )${dialectParts(dialect).table}`;

/** An ENUM('true','false') column: MariaDB's ENUM, SQLite's TEXT with a CHECK. */
const trueFalse = (dialect: Dialect, column: string) =>
  dialect === 'mysql' ? "ENUM('true','false')" : `TEXT CHECK (${column} IN ('true','false'))`;

/** L2J Server's castles and siege registrations (datapack sql/castle.sql, sql/siege_clans.sql; docs/game/castles.md). */
const l2jCastleDdl = (dialect: Dialect): string[] => {
  const { nocase, table } = dialectParts(dialect);
  return [
    `CREATE TABLE IF NOT EXISTS castle (
      id INT NOT NULL DEFAULT 0,
      name VARCHAR(25)${nocase} NOT NULL,
      taxPercent INT NOT NULL DEFAULT 15,
      treasury BIGINT NOT NULL DEFAULT 0,
      siegeDate BIGINT UNSIGNED NOT NULL DEFAULT 0,
      regTimeOver ${trueFalse(dialect, 'regTimeOver')} NOT NULL DEFAULT 'true',
      regTimeEnd BIGINT UNSIGNED NOT NULL DEFAULT 0,
      showNpcCrest ${trueFalse(dialect, 'showNpcCrest')} NOT NULL DEFAULT 'false',
      ticketBuyCount SMALLINT NOT NULL DEFAULT 0,
      PRIMARY KEY (name)
    )${table}`,
    `CREATE INDEX IF NOT EXISTS castle_id ON castle (id)`,
    `CREATE TABLE IF NOT EXISTS siege_clans (
      castle_id INT NOT NULL DEFAULT 0,
      clan_id INT NOT NULL DEFAULT 0,
      type INT DEFAULT NULL,
      castle_owner INT DEFAULT NULL,
      PRIMARY KEY (clan_id, castle_id)
    )${table}`,
  ];
};

/** aCis's castles and siege registrations (aCis_datapack/sql/castle.sql, sql/siege_clans.sql; docs/game/castles.md). */
const acisCastleDdl = (dialect: Dialect): string[] => {
  const { nocase, table } = dialectParts(dialect);
  return [
    `CREATE TABLE IF NOT EXISTS castle (
      id INT NOT NULL DEFAULT 0,
      name VARCHAR(25)${nocase} NOT NULL,
      taxPercent INT NOT NULL DEFAULT 15,
      treasury BIGINT NOT NULL DEFAULT 0,
      siegeDate DECIMAL(20,0) NOT NULL DEFAULT 0,
      regTimeOver ${trueFalse(dialect, 'regTimeOver')} NOT NULL DEFAULT 'true',
      certificates SMALLINT NOT NULL DEFAULT 300,
      PRIMARY KEY (id)
    )${table}`,
    `CREATE TABLE IF NOT EXISTS siege_clans (
      castle_id TINYINT NOT NULL DEFAULT 0,
      clan_id INT NOT NULL DEFAULT 0,
      type VARCHAR(8) DEFAULT 'PENDING',
      PRIMARY KEY (castle_id, clan_id)
    )${table}`,
  ];
};

const l2jDdl = (dialect: Dialect): Record<Role, string[]> => {
  const mysql = dialect === 'mysql';
  const nocase = mysql ? '' : ' COLLATE NOCASE';
  const table = mysql ? ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci' : '';
  const claimed = mysql ? "ENUM('true','false')" : "TEXT CHECK (claimed IN ('true','false'))";
  const timestampNow = mysql
    ? 'TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP'
    : 'TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP';
  return {
    login: [
      `CREATE TABLE IF NOT EXISTS accounts (
      login VARCHAR(45)${nocase} NOT NULL DEFAULT '',
      password VARCHAR(45),
      email VARCHAR(255)${nocase} DEFAULT NULL,
      created_time ${timestampNow},
      lastactive BIGINT UNSIGNED NOT NULL DEFAULT 0,
      accessLevel TINYINT NOT NULL DEFAULT 0,
      lastIP CHAR(15) NULL DEFAULT NULL,
      lastServer TINYINT DEFAULT 1,
      pcIp CHAR(15) DEFAULT NULL,
      hop1 CHAR(15) DEFAULT NULL,
      hop2 CHAR(15) DEFAULT NULL,
      hop3 CHAR(15) DEFAULT NULL,
      hop4 CHAR(15) DEFAULT NULL,
      PRIMARY KEY (login)
    )${table}`,
      `CREATE TABLE IF NOT EXISTS account_data (
      account_name VARCHAR(45)${nocase} NOT NULL DEFAULT '',
      var VARCHAR(20) NOT NULL DEFAULT '',
      value VARCHAR(255),
      PRIMARY KEY (account_name, var)
    )${table}`,
    ],
    game: [
      `CREATE TABLE IF NOT EXISTS characters (
      account_name VARCHAR(45)${nocase} DEFAULT NULL,
      charId INT UNSIGNED NOT NULL DEFAULT 0,
      char_name VARCHAR(35)${nocase} NOT NULL,
      level TINYINT UNSIGNED DEFAULT NULL,
      maxHp MEDIUMINT UNSIGNED DEFAULT NULL,
      curHp MEDIUMINT UNSIGNED DEFAULT NULL,
      maxCp MEDIUMINT UNSIGNED DEFAULT NULL,
      curCp MEDIUMINT UNSIGNED DEFAULT NULL,
      maxMp MEDIUMINT UNSIGNED DEFAULT NULL,
      curMp MEDIUMINT UNSIGNED DEFAULT NULL,
      face TINYINT UNSIGNED DEFAULT NULL,
      hairStyle TINYINT UNSIGNED DEFAULT NULL,
      hairColor TINYINT UNSIGNED DEFAULT NULL,
      sex TINYINT UNSIGNED DEFAULT NULL,
      heading MEDIUMINT DEFAULT NULL,
      x MEDIUMINT DEFAULT NULL,
      y MEDIUMINT DEFAULT NULL,
      z MEDIUMINT DEFAULT NULL,
      exp BIGINT UNSIGNED DEFAULT 0,
      expBeforeDeath BIGINT UNSIGNED DEFAULT 0,
      sp INT UNSIGNED NOT NULL DEFAULT 0,
      karma INT UNSIGNED DEFAULT NULL,
      fame MEDIUMINT UNSIGNED NOT NULL DEFAULT 0,
      pvpkills SMALLINT UNSIGNED DEFAULT NULL,
      pkkills SMALLINT UNSIGNED DEFAULT NULL,
      clanid INT UNSIGNED DEFAULT NULL,
      race TINYINT UNSIGNED DEFAULT NULL,
      classid TINYINT UNSIGNED DEFAULT NULL,
      base_class TINYINT UNSIGNED NOT NULL DEFAULT 0,
      transform_id SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      deletetime BIGINT UNSIGNED NOT NULL DEFAULT 0,
      cancraft TINYINT UNSIGNED DEFAULT NULL,
      title VARCHAR(21) DEFAULT NULL,
      title_color MEDIUMINT UNSIGNED NOT NULL DEFAULT 15530402,
      accesslevel MEDIUMINT DEFAULT 0,
      online TINYINT UNSIGNED DEFAULT NULL,
      onlinetime INT DEFAULT NULL,
      char_slot TINYINT UNSIGNED DEFAULT NULL,
      newbie MEDIUMINT UNSIGNED DEFAULT 1,
      lastAccess BIGINT UNSIGNED NOT NULL DEFAULT 0,
      clan_privs MEDIUMINT UNSIGNED DEFAULT 0,
      wantspeace TINYINT UNSIGNED DEFAULT 0,
      isin7sdungeon TINYINT UNSIGNED NOT NULL DEFAULT 0,
      power_grade TINYINT UNSIGNED DEFAULT NULL,
      nobless TINYINT UNSIGNED NOT NULL DEFAULT 0,
      subpledge SMALLINT NOT NULL DEFAULT 0,
      lvl_joined_academy TINYINT UNSIGNED NOT NULL DEFAULT 0,
      apprentice INT UNSIGNED NOT NULL DEFAULT 0,
      sponsor INT UNSIGNED NOT NULL DEFAULT 0,
      clan_join_expiry_time BIGINT UNSIGNED NOT NULL DEFAULT 0,
      clan_create_expiry_time BIGINT UNSIGNED NOT NULL DEFAULT 0,
      death_penalty_level SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      bookmarkslot SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      vitality_points SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      hunting_bonus INT UNSIGNED NOT NULL DEFAULT 0,
      nevit_blessing_points INT UNSIGNED NOT NULL DEFAULT 0,
      nevit_blessing_time INT UNSIGNED NOT NULL DEFAULT 0,
      createDate ${timestampNow},
      language VARCHAR(2) DEFAULT NULL,
      PRIMARY KEY (charId)
    )${table}`,
      `CREATE INDEX IF NOT EXISTS characters_account_name ON characters (account_name)`,
      `CREATE INDEX IF NOT EXISTS characters_char_name ON characters (char_name)`,
      `CREATE INDEX IF NOT EXISTS characters_clanid ON characters (clanid)`,
      `CREATE TABLE IF NOT EXISTS clan_data (
      clan_id INT NOT NULL DEFAULT 0,
      clan_name VARCHAR(45)${nocase},
      clan_level INT,
      reputation_score INT NOT NULL DEFAULT 0,
      hasCastle INT,
      blood_alliance_count SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      blood_oath_count SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      ally_id INT,
      ally_name VARCHAR(45),
      leader_id INT,
      crest_id INT,
      crest_large_id INT,
      ally_crest_id INT,
      auction_bid_at INT NOT NULL DEFAULT 0,
      ally_penalty_expiry_time BIGINT UNSIGNED NOT NULL DEFAULT 0,
      ally_penalty_type TINYINT NOT NULL DEFAULT 0,
      char_penalty_expiry_time BIGINT UNSIGNED NOT NULL DEFAULT 0,
      dissolving_expiry_time BIGINT UNSIGNED NOT NULL DEFAULT 0,
      new_leader_id INT UNSIGNED NOT NULL DEFAULT 0,
      PRIMARY KEY (clan_id)
    )${table}`,
      `CREATE TABLE IF NOT EXISTS heroes (
      charId INT UNSIGNED NOT NULL DEFAULT 0,
      class_id DECIMAL(3,0) NOT NULL DEFAULT 0,
      count DECIMAL(3,0) NOT NULL DEFAULT 0,
      played DECIMAL(1,0) NOT NULL DEFAULT 0,
      claimed ${claimed} NOT NULL DEFAULT 'false',
      message VARCHAR(300) NOT NULL DEFAULT '',
      PRIMARY KEY (charId)
    )${table}`,
      `CREATE TABLE IF NOT EXISTS account_gsdata (
      account_name VARCHAR(45)${nocase} NOT NULL DEFAULT '',
      var VARCHAR(255) NOT NULL DEFAULT '',
      value TEXT NOT NULL,
      PRIMARY KEY (account_name, var)
    )${table}`,
      `CREATE TABLE IF NOT EXISTS olympiad_nobles (
      charId INT UNSIGNED NOT NULL DEFAULT 0,
      class_id TINYINT UNSIGNED NOT NULL DEFAULT 0,
      olympiad_points INT UNSIGNED NOT NULL DEFAULT 0,
      competitions_done SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      competitions_won SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      competitions_lost SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      competitions_drawn SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      competitions_done_week TINYINT UNSIGNED NOT NULL DEFAULT 0,
      competitions_done_week_classed TINYINT UNSIGNED NOT NULL DEFAULT 0,
      competitions_done_week_non_classed TINYINT UNSIGNED NOT NULL DEFAULT 0,
      competitions_done_week_team TINYINT UNSIGNED NOT NULL DEFAULT 0,
      PRIMARY KEY (charId)
    )${table}`,
      `CREATE TABLE IF NOT EXISTS character_premium_items (
      charId INT NOT NULL,
      itemNum INT NOT NULL,
      itemId INT NOT NULL,
      itemCount BIGINT UNSIGNED NOT NULL,
      itemSender VARCHAR(50) NOT NULL
    )${table}`,
      `CREATE INDEX IF NOT EXISTS character_premium_items_charId ON character_premium_items (charId)`,
      `CREATE TABLE IF NOT EXISTS custom_mail (
      date ${timestampNow},
      receiver INT UNSIGNED NOT NULL DEFAULT 0,
      subject ${mysql ? 'TINYTEXT' : 'TEXT'} NOT NULL,
      message TEXT NOT NULL,
      items TEXT NOT NULL
    )${table}`,
      `CREATE TABLE IF NOT EXISTS punishments (
      id ${mysql ? 'INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY' : 'INTEGER PRIMARY KEY AUTOINCREMENT'},
      \`key\` VARCHAR(255) NOT NULL,
      affect VARCHAR(255) NOT NULL,
      type VARCHAR(255) NOT NULL,
      expiration BIGINT NOT NULL DEFAULT 0,
      reason TEXT NOT NULL,
      punishedBy VARCHAR(255) NOT NULL
    )${table}`,
      `CREATE TABLE IF NOT EXISTS grandboss_data (
      boss_id SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      loc_x MEDIUMINT NOT NULL DEFAULT 0,
      loc_y MEDIUMINT NOT NULL DEFAULT 0,
      loc_z MEDIUMINT NOT NULL DEFAULT 0,
      heading MEDIUMINT NOT NULL DEFAULT 0,
      respawn_time BIGINT UNSIGNED NOT NULL DEFAULT 0,
      currentHP DECIMAL(30,15) NOT NULL,
      currentMP DECIMAL(30,15) NOT NULL,
      status TINYINT UNSIGNED NOT NULL DEFAULT 0,
      PRIMARY KEY (boss_id)
    )${table}`,
      `CREATE TABLE IF NOT EXISTS raidboss_spawnlist (
      boss_id SMALLINT UNSIGNED NOT NULL,
      amount TINYINT UNSIGNED NOT NULL DEFAULT 1,
      loc_x MEDIUMINT NOT NULL,
      loc_y MEDIUMINT NOT NULL,
      loc_z MEDIUMINT NOT NULL,
      heading MEDIUMINT NOT NULL DEFAULT 0,
      respawn_delay MEDIUMINT UNSIGNED NOT NULL DEFAULT 129600,
      respawn_random MEDIUMINT UNSIGNED NOT NULL DEFAULT 86400,
      respawn_time BIGINT UNSIGNED NOT NULL DEFAULT 0,
      currentHp DECIMAL(8,0) DEFAULT NULL,
      currentMp DECIMAL(8,0) DEFAULT NULL,
      PRIMARY KEY (boss_id)
    )${table}`,
      // The Olympiad's period (docs/game/olympiad.md): period 0 competition, 1 validation.
      `CREATE TABLE IF NOT EXISTS olympiad_data (
      id TINYINT UNSIGNED NOT NULL DEFAULT 0,
      current_cycle MEDIUMINT UNSIGNED NOT NULL DEFAULT 1,
      period MEDIUMINT UNSIGNED NOT NULL DEFAULT 0,
      olympiad_end BIGINT UNSIGNED NOT NULL DEFAULT 0,
      validation_end BIGINT UNSIGNED NOT NULL DEFAULT 0,
      next_weekly_change BIGINT UNSIGNED NOT NULL DEFAULT 0,
      PRIMARY KEY (id)
    )${table}`,
      ...l2jCastleDdl(dialect),
      `CREATE TABLE IF NOT EXISTS crests (
      crest_id INT NOT NULL DEFAULT 0,
      data ${mysql ? 'VARBINARY(2176)' : 'BLOB'} NOT NULL,
      type TINYINT NOT NULL,
      PRIMARY KEY (crest_id)
    )${table}`,
      eventStatsDdl(dialect),
    ],
  };
};

/**
 * aCis's tables (datapack sql/accounts.sql, characters.sql, clan_data.sql, heroes.sql,
 * olympiad_nobles.sql), column for column; one database plays both roles on a real server.
 */
const acisDdl = (dialect: Dialect): Record<Role, string[]> => {
  const { nocase, table } = dialectParts(dialect);
  return {
    login: [
      `CREATE TABLE IF NOT EXISTS accounts (
      login VARCHAR(45)${nocase} NOT NULL DEFAULT '',
      password VARCHAR(60) NOT NULL DEFAULT '',
      last_active BIGINT NOT NULL DEFAULT 0,
      access_level INT NOT NULL DEFAULT 0,
      last_server INT NOT NULL DEFAULT 1,
      PRIMARY KEY (login)
    )${table}`,
    ],
    game: [
      `CREATE TABLE IF NOT EXISTS characters (
      account_name VARCHAR(45)${nocase} DEFAULT NULL,
      obj_Id INT UNSIGNED NOT NULL DEFAULT 0,
      char_name VARCHAR(35)${nocase} NOT NULL,
      level TINYINT UNSIGNED DEFAULT NULL,
      maxHp MEDIUMINT UNSIGNED DEFAULT NULL,
      curHp MEDIUMINT UNSIGNED DEFAULT NULL,
      maxCp MEDIUMINT UNSIGNED DEFAULT NULL,
      curCp MEDIUMINT UNSIGNED DEFAULT NULL,
      maxMp MEDIUMINT UNSIGNED DEFAULT NULL,
      curMp MEDIUMINT UNSIGNED DEFAULT NULL,
      face TINYINT UNSIGNED DEFAULT NULL,
      hairStyle TINYINT UNSIGNED DEFAULT NULL,
      hairColor TINYINT UNSIGNED DEFAULT NULL,
      sex TINYINT UNSIGNED DEFAULT NULL,
      heading MEDIUMINT DEFAULT NULL,
      x MEDIUMINT DEFAULT NULL,
      y MEDIUMINT DEFAULT NULL,
      z MEDIUMINT DEFAULT NULL,
      exp BIGINT UNSIGNED DEFAULT 0,
      expBeforeDeath BIGINT UNSIGNED DEFAULT 0,
      sp INT UNSIGNED NOT NULL DEFAULT 0,
      karma INT UNSIGNED DEFAULT NULL,
      pvpkills SMALLINT UNSIGNED DEFAULT NULL,
      pkkills SMALLINT UNSIGNED DEFAULT NULL,
      clanid INT UNSIGNED DEFAULT NULL,
      race TINYINT UNSIGNED DEFAULT NULL,
      classid TINYINT UNSIGNED DEFAULT NULL,
      base_class TINYINT UNSIGNED NOT NULL DEFAULT 0,
      deletetime BIGINT DEFAULT NULL,
      cancraft TINYINT UNSIGNED DEFAULT NULL,
      title VARCHAR(16) DEFAULT NULL,
      rec_have TINYINT UNSIGNED NOT NULL DEFAULT 0,
      rec_left TINYINT UNSIGNED NOT NULL DEFAULT 0,
      accesslevel MEDIUMINT DEFAULT 0,
      online TINYINT UNSIGNED DEFAULT NULL,
      onlinetime INT DEFAULT NULL,
      lastAccess BIGINT UNSIGNED DEFAULT NULL,
      clan_privs MEDIUMINT UNSIGNED DEFAULT 0,
      wantspeace TINYINT UNSIGNED DEFAULT 0,
      isin7sdungeon TINYINT UNSIGNED NOT NULL DEFAULT 0,
      punish_level TINYINT UNSIGNED NOT NULL DEFAULT 0,
      punish_timer BIGINT UNSIGNED NOT NULL DEFAULT 0,
      power_grade TINYINT UNSIGNED DEFAULT NULL,
      nobless TINYINT UNSIGNED NOT NULL DEFAULT 0,
      hero TINYINT UNSIGNED NOT NULL DEFAULT 0,
      subpledge SMALLINT NOT NULL DEFAULT 0,
      lvl_joined_academy TINYINT UNSIGNED NOT NULL DEFAULT 0,
      apprentice INT UNSIGNED NOT NULL DEFAULT 0,
      sponsor INT UNSIGNED NOT NULL DEFAULT 0,
      varka_ketra_ally TINYINT NOT NULL DEFAULT 0,
      clan_join_expiry_time BIGINT UNSIGNED NOT NULL DEFAULT 0,
      clan_create_expiry_time BIGINT UNSIGNED NOT NULL DEFAULT 0,
      death_penalty_level SMALLINT UNSIGNED NOT NULL DEFAULT 0,
      PRIMARY KEY (obj_Id)
    )${table}`,
      `CREATE INDEX IF NOT EXISTS characters_clanid ON characters (clanid)`,
      `CREATE TABLE IF NOT EXISTS clan_data (
      clan_id INT NOT NULL DEFAULT 0,
      clan_name VARCHAR(20)${nocase},
      clan_level INT NOT NULL DEFAULT 0,
      reputation_score INT NOT NULL DEFAULT 0,
      hasCastle TINYINT NOT NULL DEFAULT 0,
      ally_id INT NOT NULL DEFAULT 0,
      ally_name VARCHAR(20),
      leader_id INT NOT NULL DEFAULT 0,
      new_leader_id INT NOT NULL DEFAULT 0,
      crest_id INT NOT NULL DEFAULT 0,
      crest_large_id INT NOT NULL DEFAULT 0,
      ally_crest_id INT NOT NULL DEFAULT 0,
      auction_bid_at INT NOT NULL DEFAULT 0,
      ally_penalty_expiry_time BIGINT NOT NULL DEFAULT 0,
      ally_penalty_type INT NOT NULL DEFAULT 0,
      char_penalty_expiry_time BIGINT NOT NULL DEFAULT 0,
      dissolving_expiry_time BIGINT NOT NULL DEFAULT 0,
      enabled TINYINT NOT NULL DEFAULT 0,
      notice TEXT,
      introduction TEXT,
      PRIMARY KEY (clan_id)
    )${table}`,
      `CREATE INDEX IF NOT EXISTS clan_data_leader_id ON clan_data (leader_id)`,
      `CREATE TABLE IF NOT EXISTS heroes (
      char_id DECIMAL(11,0) NOT NULL DEFAULT 0,
      class_id DECIMAL(3,0) NOT NULL DEFAULT 0,
      count DECIMAL(3,0) NOT NULL DEFAULT 0,
      played DECIMAL(1,0) NOT NULL DEFAULT 0,
      active TINYINT NOT NULL DEFAULT 0,
      message VARCHAR(300) NOT NULL DEFAULT '',
      PRIMARY KEY (char_id)
    )${table}`,
      `CREATE TABLE IF NOT EXISTS olympiad_nobles (
      char_id INT UNSIGNED NOT NULL DEFAULT 0,
      class_id TINYINT UNSIGNED NOT NULL DEFAULT 0,
      olympiad_points INT NOT NULL DEFAULT 0,
      competitions_done SMALLINT NOT NULL DEFAULT 0,
      competitions_won SMALLINT NOT NULL DEFAULT 0,
      competitions_lost SMALLINT NOT NULL DEFAULT 0,
      competitions_drawn SMALLINT NOT NULL DEFAULT 0,
      PRIMARY KEY (char_id)
    )${table}`,
      `CREATE TABLE IF NOT EXISTS grandboss_data (
      boss_id INTEGER NOT NULL DEFAULT 0,
      loc_x INTEGER NOT NULL DEFAULT 0,
      loc_y INTEGER NOT NULL DEFAULT 0,
      loc_z INTEGER NOT NULL DEFAULT 0,
      heading INTEGER NOT NULL DEFAULT 0,
      respawn_time BIGINT NOT NULL DEFAULT 0,
      currentHP INTEGER NOT NULL DEFAULT 0,
      currentMP INTEGER NOT NULL DEFAULT 0,
      status TINYINT NOT NULL DEFAULT 0,
      PRIMARY KEY (boss_id)
    )${table}`,
      `CREATE TABLE IF NOT EXISTS raidboss_spawnlist (
      boss_id INT NOT NULL DEFAULT 0,
      loc_x INT NOT NULL DEFAULT 0,
      loc_y INT NOT NULL DEFAULT 0,
      loc_z INT NOT NULL DEFAULT 0,
      heading INT NOT NULL DEFAULT 0,
      spawn_time INT NOT NULL DEFAULT 36,
      random_time INT NOT NULL DEFAULT 24,
      respawn_time BIGINT NOT NULL DEFAULT 0,
      currentHp DECIMAL(8,0) DEFAULT NULL,
      currentMp DECIMAL(8,0) DEFAULT NULL,
      PRIMARY KEY (boss_id)
    )${table}`,
      // The Olympiad's period (docs/game/olympiad.md): period COMPETITION or VALIDATION.
      `CREATE TABLE IF NOT EXISTS olympiad_data (
      id TINYINT UNSIGNED NOT NULL DEFAULT 0,
      current_cycle MEDIUMINT UNSIGNED NOT NULL DEFAULT 1,
      period VARCHAR(12) NOT NULL DEFAULT 'COMPETITION',
      olympiad_end BIGINT UNSIGNED NOT NULL DEFAULT 0,
      validation_end BIGINT UNSIGNED NOT NULL DEFAULT 0,
      next_weekly_change BIGINT UNSIGNED NOT NULL DEFAULT 0,
      PRIMARY KEY (id)
    )${table}`,
      ...acisCastleDdl(dialect),
      eventStatsDdl(dialect),
    ],
  };
};

const DDL: Record<FlavorName, (dialect: Dialect) => Record<Role, string[]>> = { l2j: l2jDdl, acis: acisDdl };

/** The DDL text of each statement; docs/owner/game-databases.md prints the event_stats one for the game's event mod. */
export const gameTableStatements = (dialect: Dialect, flavor: FlavorName = 'l2j') => DDL[flavor](dialect);

/** Creates the login tables, the game tables, or both when one database plays both roles. */
export const createGameTables = async (
  db: AnyKysely,
  dialect: Dialect,
  roles: readonly Role[] = ['login', 'game'],
  flavor: FlavorName = 'l2j',
): Promise<void> => {
  const statements = gameTableStatements(dialect, flavor);
  for (const role of roles) for (const statement of statements[role]) await sql.raw(statement).execute(db);
};

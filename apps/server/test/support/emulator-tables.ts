import { sql } from 'kysely';
import type { AnyKysely, Dialect } from '../../src/db/connections';
import type { FlavorName } from '../../src/game/flavors';
import { gameTableStatements } from '../../src/game/game-tables';

/**
 * The game and login tables as each emulator's own SQL files create them, transcribed column for
 * column (names, types, NULL / NOT NULL, defaults, keys; comments and table options as written).
 * The API suites run on these, not on the demo tables of src/game/game-tables.ts; the test
 * emulator-tables.test.ts fails when the demo tables drift from them.
 *
 * Sources (fetched and read, not copied by program):
 * - aCis: github.com/Hl4p3x/L2jaCis at 1f97b4278f8dfc0249d6e0d93fd849ed3e392d92 (2021-02-26),
 *   aCis_datapack/sql/{accounts,characters,clan_data,heroes,olympiad_nobles,grandboss_data,raidboss_spawnlist,
 *   olympiad_data,castle,siege_clans}.sql.
 * - L2J Server login: github.com/Shagooh/l2j-server-login at b39c28e5ce036e0ae41f2d99d4d202dfceefdc28,
 *   src/main/resources/sql/{accounts,account_data}.sql.
 * - L2J Server game: github.com/Shagooh/l2j-server-datapack at 03897cc4ee42361304fb5a96e59bb7fba174c0a8,
 *   src/main/resources/sql/{characters,clan_data,heroes,account_gsdata,olympiad_nobles,
 *   character_premium_items,punishments,raidboss_spawnlist,olympiad_data,castle,siege_clans,crests}.sql; grandboss_data.sql of the L2J Server
 *   game (the same columns in every L2J Server and Mobius High Five pack).
 * - L2J Mobius High Five: github.com/danielbarion/HighFive at 0851a90acc804e6b6238866b02d92b7169279799,
 *   dist/db_installer/sql/game/custom_mail.sql (the table CustomMailManager reads).
 *
 * event_stats is not an emulator's table but the site's own contract for an event mod
 * (docs/owner/game-databases.md): it comes from game-tables.ts as the owner's guide prints it.
 *
 * PACK_SQL holds the tables a pack adds to a flavour's schema, made only by the suites that ask
 * for them (createPackTable):
 * - items_delayed: github.com/Hl4p3x/L2Scripts_H5_2268 at d7aff581d6f717b0d84294e6ded7f7ceabd93b9e,
 *   dist/gameserver/sql/install/items_delayed.sql with dist/gameserver/sql/updates/2018_03_07 02-24.sql
 *   (count made bigint), the table its DelayedItemsManager polls; RusAcis's DelayedItemsManager
 *   polls the same columns (docs/game/item-delivery.md).
 */

type Role = 'login' | 'game';

const ACIS: Record<Role, string[]> = {
  login: [
    `CREATE TABLE IF NOT EXISTS \`accounts\` (
 	\`login\` VARCHAR(45) NOT NULL DEFAULT '',
 	\`password\` VARCHAR(60) NOT NULL DEFAULT '',
 	\`last_active\` BIGINT NOT NULL DEFAULT 0,
 	\`access_level\` INT(3) NOT NULL DEFAULT 0,
 	\`last_server\` INT(4) NOT NULL DEFAULT 1,
 	PRIMARY KEY (\`login\`)
);`,
  ],
  game: [
    `CREATE TABLE IF NOT EXISTS characters (
  \`account_name\` VARCHAR(45) DEFAULT NULL,
  \`obj_Id\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`char_name\` VARCHAR(35) NOT NULL,
  \`level\` TINYINT UNSIGNED DEFAULT NULL,
  \`maxHp\` MEDIUMINT UNSIGNED DEFAULT NULL,
  \`curHp\` MEDIUMINT UNSIGNED DEFAULT NULL,
  \`maxCp\` MEDIUMINT UNSIGNED DEFAULT NULL,
  \`curCp\` MEDIUMINT UNSIGNED DEFAULT NULL,
  \`maxMp\` MEDIUMINT UNSIGNED DEFAULT NULL,
  \`curMp\` MEDIUMINT UNSIGNED DEFAULT NULL,
  \`face\` TINYINT UNSIGNED DEFAULT NULL,
  \`hairStyle\` TINYINT UNSIGNED DEFAULT NULL,
  \`hairColor\` TINYINT UNSIGNED DEFAULT NULL,
  \`sex\` TINYINT UNSIGNED DEFAULT NULL,
  \`heading\` MEDIUMINT DEFAULT NULL,
  \`x\` MEDIUMINT DEFAULT NULL,
  \`y\` MEDIUMINT DEFAULT NULL,
  \`z\` MEDIUMINT DEFAULT NULL,
  \`exp\` BIGINT UNSIGNED DEFAULT 0,
  \`expBeforeDeath\` BIGINT UNSIGNED DEFAULT 0,
  \`sp\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`karma\` INT UNSIGNED DEFAULT NULL,
  \`pvpkills\` SMALLINT UNSIGNED DEFAULT NULL,
  \`pkkills\` SMALLINT UNSIGNED DEFAULT NULL,
  \`clanid\` INT UNSIGNED DEFAULT NULL,
  \`race\` TINYINT UNSIGNED DEFAULT NULL,
  \`classid\` TINYINT UNSIGNED DEFAULT NULL,
  \`base_class\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`deletetime\` BIGINT DEFAULT NULL,
  \`cancraft\` TINYINT UNSIGNED DEFAULT NULL,
  \`title\` VARCHAR(16) DEFAULT NULL,
  \`rec_have\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`rec_left\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`accesslevel\` MEDIUMINT DEFAULT 0,
  \`online\` TINYINT UNSIGNED DEFAULT NULL,
  \`onlinetime\` INT DEFAULT NULL,
  \`lastAccess\` BIGINT UNSIGNED DEFAULT NULL,
  \`clan_privs\` MEDIUMINT UNSIGNED DEFAULT 0,
  \`wantspeace\` TINYINT UNSIGNED DEFAULT 0,
  \`isin7sdungeon\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`punish_level\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`punish_timer\` BIGINT UNSIGNED NOT NULL DEFAULT 0,
  \`power_grade\` TINYINT UNSIGNED DEFAULT NULL,
  \`nobless\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`hero\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`subpledge\` SMALLINT NOT NULL DEFAULT 0,
  \`lvl_joined_academy\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`apprentice\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`sponsor\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`varka_ketra_ally\` TINYINT NOT NULL DEFAULT 0,
  \`clan_join_expiry_time\` BIGINT UNSIGNED NOT NULL DEFAULT 0,
  \`clan_create_expiry_time\` BIGINT UNSIGNED NOT NULL DEFAULT 0,
  \`death_penalty_level\` SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  PRIMARY KEY (obj_Id),
  KEY \`clanid\` (\`clanid\`)
);`,
    `CREATE TABLE IF NOT EXISTS \`clan_data\` (
  \`clan_id\` INT NOT NULL DEFAULT 0,
  \`clan_name\` VARCHAR(20),
  \`clan_level\` INT NOT NULL DEFAULT 0,
  \`reputation_score\` INT NOT NULL DEFAULT 0,
  \`hasCastle\` TINYINT NOT NULL DEFAULT 0,
  \`ally_id\` INT NOT NULL DEFAULT 0,
  \`ally_name\` VARCHAR(20),
  \`leader_id\` INT NOT NULL DEFAULT 0,
  \`new_leader_id\` INT NOT NULL DEFAULT 0,
  \`crest_id\` INT NOT NULL DEFAULT 0,
  \`crest_large_id\` INT NOT NULL DEFAULT 0,
  \`ally_crest_id\` INT NOT NULL DEFAULT 0,
  \`auction_bid_at\` INT NOT NULL DEFAULT 0,
  \`ally_penalty_expiry_time\` BIGINT NOT NULL DEFAULT 0,
  \`ally_penalty_type\` INT NOT NULL DEFAULT 0,
  \`char_penalty_expiry_time\` BIGINT NOT NULL DEFAULT 0,
  \`dissolving_expiry_time\` BIGINT NOT NULL DEFAULT 0,
  \`enabled\` TINYINT NOT NULL DEFAULT 0,
  \`notice\` TEXT,
  \`introduction\` TEXT,
  PRIMARY KEY (\`clan_id\`),
  KEY \`leader_id\` (\`leader_id\`),
  KEY \`ally_id\` (\`ally_id\`)
);`,
    `CREATE TABLE IF NOT EXISTS \`heroes\` (
  \`char_id\` decimal(11,0) NOT NULL default '0',
  \`class_id\` decimal(3,0) NOT NULL default '0',
  \`count\` decimal(3,0) NOT NULL default '0',
  \`played\` decimal(1,0) NOT NULL default '0',
  \`active\` tinyint NOT NULL default 0,
  \`message\` varchar(300) NOT NULL default '',
  PRIMARY KEY  (\`char_id\`)
);`,
    `CREATE TABLE IF NOT EXISTS \`olympiad_nobles\` (
  \`char_id\` INT UNSIGNED NOT NULL default 0,
  \`class_id\` tinyint(3) unsigned NOT NULL default 0,
  \`olympiad_points\` int(10) NOT NULL default 0,
  \`competitions_done\` smallint(3) NOT NULL default 0,
  \`competitions_won\` smallint(3) NOT NULL default 0,
  \`competitions_lost\` smallint(3) NOT NULL default 0,
  \`competitions_drawn\` smallint(3) NOT NULL default 0,
  PRIMARY KEY (\`char_id\`)
);`,
    `CREATE TABLE IF NOT EXISTS \`grandboss_data\` (
  \`boss_id\` INTEGER NOT NULL DEFAULT 0,
  \`loc_x\` INTEGER NOT NULL DEFAULT 0,
  \`loc_y\` INTEGER NOT NULL DEFAULT 0,
  \`loc_z\` INTEGER NOT NULL DEFAULT 0,
  \`heading\` INTEGER NOT NULL DEFAULT 0,
  \`respawn_time\` BIGINT NOT NULL DEFAULT 0,
  \`currentHP\` INTEGER NOT NULL DEFAULT 0,
  \`currentMP\` INTEGER NOT NULL DEFAULT 0,
  \`status\` TINYINT NOT NULL DEFAULT 0,
  PRIMARY KEY (\`boss_id\`)
);`,
    `CREATE TABLE IF NOT EXISTS \`raidboss_spawnlist\` (
  \`boss_id\` INT NOT NULL DEFAULT '0',
  \`loc_x\` INT NOT NULL DEFAULT '0',
  \`loc_y\` INT NOT NULL DEFAULT '0',
  \`loc_z\` INT NOT NULL DEFAULT '0',
  \`heading\` INT NOT NULL DEFAULT '0',
  \`spawn_time\` INT(11) NOT NULL DEFAULT '36',
  \`random_time\` INT(11) NOT NULL DEFAULT '24',
  \`respawn_time\` BIGINT NOT NULL DEFAULT '0',
  \`currentHp\` decimal(8,0) DEFAULT NULL,
  \`currentMp\` decimal(8,0) DEFAULT NULL,
  PRIMARY KEY (\`boss_id\`)
);`,
    `CREATE TABLE IF NOT EXISTS \`olympiad_data\` (
  \`id\` TINYINT UNSIGNED NOT NULL DEFAULT '0',
  \`current_cycle\` MEDIUMINT UNSIGNED NOT NULL DEFAULT '1',
  \`period\` VARCHAR(12) NOT NULL DEFAULT 'COMPETITION',
  \`olympiad_end\` BIGINT(13) UNSIGNED NOT NULL DEFAULT '0',
  \`validation_end\` BIGINT(13) UNSIGNED NOT NULL DEFAULT '0',
  \`next_weekly_change\` BIGINT(13) UNSIGNED NOT NULL DEFAULT '0',
  PRIMARY KEY (\`id\`)
);`,
    `CREATE TABLE IF NOT EXISTS \`castle\` (
  \`id\` INT NOT NULL DEFAULT '0',
  \`name\` VARCHAR(25) NOT NULL,
  \`taxPercent\` INT NOT NULL DEFAULT '15',
  \`treasury\` BIGINT NOT NULL DEFAULT '0',
  \`siegeDate\` DECIMAL(20,0) NOT NULL DEFAULT '0',
  \`regTimeOver\` ENUM('true','false') DEFAULT 'true' NOT NULL,
  \`certificates\` SMALLINT NOT NULL DEFAULT '300',
  PRIMARY KEY (\`id\`)
);`,
    `CREATE TABLE IF NOT EXISTS \`siege_clans\` (
   \`castle_id\` TINYINT NOT NULL DEFAULT '0',
   \`clan_id\` INT(11) NOT NULL DEFAULT '0',
   \`type\` VARCHAR(8) DEFAULT 'PENDING',
   PRIMARY KEY (\`castle_id\`, \`clan_id\`)
);`,
  ],
};

const L2J: Record<Role, string[]> = {
  login: [
    `CREATE TABLE IF NOT EXISTS \`accounts\` (
  \`login\` VARCHAR(45) NOT NULL default '',
  \`password\` VARCHAR(45),
  \`email\` varchar(255) DEFAULT NULL,
  \`created_time\` timestamp NOT NULL DEFAULT CURRENT_TIMESTAMP,
  \`lastactive\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`accessLevel\` TINYINT NOT NULL DEFAULT 0,
  \`lastIP\` CHAR(15) NULL DEFAULT NULL,
  \`lastServer\` TINYINT DEFAULT 1,
  \`pcIp\` char(15) DEFAULT NULL,
  \`hop1\` char(15) DEFAULT NULL,
  \`hop2\` char(15) DEFAULT NULL,
  \`hop3\` char(15) DEFAULT NULL,
  \`hop4\` char(15) DEFAULT NULL,
  PRIMARY KEY (\`login\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;`,
    `CREATE TABLE IF NOT EXISTS \`account_data\` (
  \`account_name\` VARCHAR(45) NOT NULL DEFAULT '',
  \`var\`  VARCHAR(20) NOT NULL DEFAULT '',
  \`value\` VARCHAR(255) ,
  PRIMARY KEY (\`account_name\`,\`var\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;`,
  ],
  game: [
    `CREATE TABLE IF NOT EXISTS \`characters\` (
  \`account_name\` VARCHAR(45) DEFAULT NULL,
  \`charId\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`char_name\` VARCHAR(35) NOT NULL,
  \`level\` TINYINT UNSIGNED DEFAULT NULL,
  \`maxHp\` MEDIUMINT UNSIGNED DEFAULT NULL,
  \`curHp\` MEDIUMINT UNSIGNED DEFAULT NULL,
  \`maxCp\` MEDIUMINT UNSIGNED DEFAULT NULL,
  \`curCp\` MEDIUMINT UNSIGNED DEFAULT NULL,
  \`maxMp\` MEDIUMINT UNSIGNED DEFAULT NULL,
  \`curMp\` MEDIUMINT UNSIGNED DEFAULT NULL,
  \`face\` TINYINT UNSIGNED DEFAULT NULL,
  \`hairStyle\` TINYINT UNSIGNED DEFAULT NULL,
  \`hairColor\` TINYINT UNSIGNED DEFAULT NULL,
  \`sex\` TINYINT UNSIGNED DEFAULT NULL,
  \`heading\` MEDIUMINT DEFAULT NULL,
  \`x\` MEDIUMINT DEFAULT NULL,
  \`y\` MEDIUMINT DEFAULT NULL,
  \`z\` MEDIUMINT DEFAULT NULL,
  \`exp\` BIGINT UNSIGNED DEFAULT 0,
  \`expBeforeDeath\` BIGINT UNSIGNED DEFAULT 0,
  \`sp\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`karma\` INT UNSIGNED DEFAULT NULL,
  \`fame\` MEDIUMINT UNSIGNED NOT NULL DEFAULT 0,
  \`pvpkills\` SMALLINT UNSIGNED DEFAULT NULL,
  \`pkkills\` SMALLINT UNSIGNED DEFAULT NULL,
  \`clanid\` INT UNSIGNED DEFAULT NULL,
  \`race\` TINYINT UNSIGNED DEFAULT NULL,
  \`classid\` TINYINT UNSIGNED DEFAULT NULL,
  \`base_class\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`transform_id\` SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  \`deletetime\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`cancraft\` TINYINT UNSIGNED DEFAULT NULL,
  \`title\` VARCHAR(21) DEFAULT NULL,
  \`title_color\` MEDIUMINT UNSIGNED NOT NULL DEFAULT 0xECF9A2,
  \`accesslevel\` MEDIUMINT DEFAULT 0,
  \`online\` TINYINT UNSIGNED DEFAULT NULL,
  \`onlinetime\` INT DEFAULT NULL,
  \`char_slot\` TINYINT UNSIGNED DEFAULT NULL,
  \`newbie\` MEDIUMINT UNSIGNED DEFAULT 1,
  \`lastAccess\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`clan_privs\` MEDIUMINT UNSIGNED DEFAULT 0,
  \`wantspeace\` TINYINT UNSIGNED DEFAULT 0,
  \`isin7sdungeon\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`power_grade\` TINYINT UNSIGNED DEFAULT NULL,
  \`nobless\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`subpledge\` SMALLINT NOT NULL DEFAULT 0,
  \`lvl_joined_academy\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`apprentice\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`sponsor\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`clan_join_expiry_time\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`clan_create_expiry_time\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`death_penalty_level\` SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  \`bookmarkslot\` SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  \`vitality_points\` SMALLINT UNSIGNED NOT NULL DEFAULT 0,
  \`hunting_bonus\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`nevit_blessing_points\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`nevit_blessing_time\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`createDate\` TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  \`language\` VARCHAR(2) DEFAULT NULL,
  PRIMARY KEY (\`charId\`),
  KEY \`account_name\` (\`account_name\`),
  KEY \`char_name\` (\`char_name\`),
  KEY \`clanid\` (\`clanid\`),
  KEY \`online\` (\`online\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`clan_data\` (
  \`clan_id\` INT NOT NULL DEFAULT 0,
  \`clan_name\` varchar(45) ,
  \`clan_level\` INT,
  \`reputation_score\` INT NOT NULL DEFAULT 0,
  \`hasCastle\` INT,
  \`blood_alliance_count\` smallint(5) unsigned NOT NULL DEFAULT 0,
  \`blood_oath_count\` smallint(5) unsigned NOT NULL DEFAULT 0,
  \`ally_id\` INT,
  \`ally_name\` varchar(45),
  \`leader_id\` INT,
  \`crest_id\` INT,
  \`crest_large_id\` INT,
  \`ally_crest_id\` INT,
  \`auction_bid_at\` INT NOT NULL DEFAULT 0,
  \`ally_penalty_expiry_time\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`ally_penalty_type\` tinyint(1) NOT NULL DEFAULT 0,
  \`char_penalty_expiry_time\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`dissolving_expiry_time\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`new_leader_id\` INT(10) unsigned NOT NULL DEFAULT '0',
  PRIMARY KEY (\`clan_id\`),
  KEY \`ally_id\` (\`ally_id\`),
  KEY \`leader_id\` (\`leader_id\`),
  KEY \`auction_bid_at\` (\`auction_bid_at\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`heroes\` (
  \`charId\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`class_id\` decimal(3,0) NOT NULL DEFAULT 0,
  \`count\` decimal(3,0) NOT NULL DEFAULT 0,
  \`played\` decimal(1,0) NOT NULL DEFAULT 0,
  \`claimed\` ENUM('true','false') NOT NULL DEFAULT 'false',
  \`message\` varchar(300) NOT NULL DEFAULT '',
  PRIMARY KEY (\`charId\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`account_gsdata\` (
  \`account_name\` VARCHAR(45) NOT NULL DEFAULT '',
  \`var\`  VARCHAR(255) NOT NULL DEFAULT '',
  \`value\` text NOT NULL,
  PRIMARY KEY (\`account_name\`,\`var\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`olympiad_nobles\` (
  \`charId\` int(10) unsigned NOT NULL DEFAULT 0,
  \`class_id\` tinyint(3) unsigned NOT NULL DEFAULT 0,
  \`olympiad_points\` int(10) unsigned NOT NULL DEFAULT 0,
  \`competitions_done\` smallint(3) unsigned NOT NULL DEFAULT 0,
  \`competitions_won\` smallint(3) unsigned NOT NULL DEFAULT 0,
  \`competitions_lost\` smallint(3) unsigned NOT NULL DEFAULT 0,
  \`competitions_drawn\` smallint(3) unsigned NOT NULL DEFAULT 0,
  \`competitions_done_week\` tinyint(3) unsigned NOT NULL DEFAULT 0,
  \`competitions_done_week_classed\` tinyint(3) unsigned NOT NULL DEFAULT 0,
  \`competitions_done_week_non_classed\` tinyint(3) unsigned NOT NULL DEFAULT 0,
  \`competitions_done_week_team\` tinyint(3) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY (\`charId\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`character_premium_items\` (
  \`charId\` int(11) NOT NULL,
  \`itemNum\` int(11) NOT NULL,
  \`itemId\` int(11) NOT NULL,
  \`itemCount\` bigint(20) unsigned NOT NULL,
  \`itemSender\` varchar(50) NOT NULL,
  KEY \`charId\` (\`charId\`),
  KEY \`itemNum\` (\`itemNum\`),
  KEY \`itemId\` (\`itemId\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`punishments\` (
  \`id\` int(10) unsigned NOT NULL AUTO_INCREMENT,
  \`key\` varchar(255) NOT NULL,
  \`affect\` varchar(255) NOT NULL,
  \`type\` varchar(255) NOT NULL,
  \`expiration\`  bigint NOT NULL,
  \`reason\` TEXT NOT NULL,
  \`punishedBy\` varchar(255) NOT NULL,
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`custom_mail\` (
  \`date\` TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  \`receiver\` INT UNSIGNED NOT NULL DEFAULT 0,
  \`subject\` TINYTEXT NOT NULL,
  \`message\` TEXT NOT NULL,
  \`items\` TEXT NOT NULL -- format: itemId1 count1;itemId2 count2;itemId3 count3...
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`grandboss_data\` (
  \`boss_id\` smallint(5) unsigned NOT NULL DEFAULT '0',
  \`loc_x\` mediumint(6) NOT NULL DEFAULT '0',
  \`loc_y\` mediumint(6) NOT NULL DEFAULT '0',
  \`loc_z\` mediumint(6) NOT NULL DEFAULT '0',
  \`heading\` mediumint(6) NOT NULL DEFAULT '0',
  \`respawn_time\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`currentHP\` decimal(30,15) NOT NULL,
  \`currentMP\` decimal(30,15) NOT NULL,
  \`status\` tinyint(1) unsigned NOT NULL DEFAULT '0',
  PRIMARY KEY (\`boss_id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`raidboss_spawnlist\` (
  \`boss_id\` smallint(5) unsigned NOT NULL,
  \`amount\` tinyint(1) unsigned NOT NULL DEFAULT '1',
  \`loc_x\` mediumint(6) NOT NULL,
  \`loc_y\` mediumint(6) NOT NULL,
  \`loc_z\` mediumint(6) NOT NULL,
  \`heading\` mediumint(6) NOT NULL DEFAULT '0',
  \`respawn_delay\` mediumint(6) unsigned NOT NULL DEFAULT '129600', -- 36 Hours
  \`respawn_random\` mediumint(6) unsigned NOT NULL DEFAULT '86400', -- (24 Hours)
  \`respawn_time\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`currentHp\` decimal(8,0) DEFAULT NULL,
  \`currentMp\` decimal(8,0) DEFAULT NULL,
  PRIMARY KEY (\`boss_id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`olympiad_data\` (
  \`id\` TINYINT UNSIGNED NOT NULL DEFAULT 0,
  \`current_cycle\` MEDIUMINT UNSIGNED NOT NULL DEFAULT 1,
  \`period\` MEDIUMINT UNSIGNED NOT NULL DEFAULT 0,
  \`olympiad_end\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`validation_end\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`next_weekly_change\` bigint(13) unsigned NOT NULL DEFAULT '0',
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`castle\` (
  \`id\` INT NOT NULL DEFAULT 0,
  \`name\` varchar(25) NOT NULL,
  \`taxPercent\` INT NOT NULL DEFAULT 15,
  \`treasury\` BIGINT NOT NULL DEFAULT 0,
  \`siegeDate\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`regTimeOver\` enum('true','false') DEFAULT 'true' NOT NULL,
  \`regTimeEnd\` bigint(13) unsigned NOT NULL DEFAULT '0',
  \`showNpcCrest\` enum('true','false') DEFAULT 'false' NOT NULL,
  \`ticketBuyCount\` smallint(3) NOT NULL DEFAULT 0,
  PRIMARY KEY (\`name\`),
  KEY \`id\` (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`siege_clans\` (
   \`castle_id\` int(1) NOT NULL DEFAULT 0,
   \`clan_id\` int(11) NOT NULL DEFAULT 0,
   \`type\` int(1) DEFAULT NULL,
   \`castle_owner\` int(1) DEFAULT NULL,
   PRIMARY KEY (\`clan_id\`,\`castle_id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
    `CREATE TABLE IF NOT EXISTS \`crests\` (
  \`crest_id\` INT(11) NOT NULL DEFAULT 0,
  \`data\` VARBINARY(2176) NOT NULL,
  \`type\` TINYINT NOT NULL,
  PRIMARY KEY(\`crest_id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8;`,
  ],
};

const EMULATOR_SQL: Record<FlavorName, Record<Role, string[]>> = { acis: ACIS, l2j: L2J };

/** Game tables a pack adds to its flavour's (see the sources above): not in the demo, made on demand. */
export const PACK_SQL = {
  items_delayed: `CREATE TABLE IF NOT EXISTS \`items_delayed\` (
	\`payment_id\` INT NOT NULL auto_increment,
	\`owner_id\` INT NOT NULL,
	\`item_id\` SMALLINT UNSIGNED NOT NULL,
	\`count\` bigint(20) NOT NULL DEFAULT '1',
	\`enchant_level\` SMALLINT UNSIGNED NOT NULL DEFAULT '0',
	\`attribute\` SMALLINT NOT NULL DEFAULT '-1',
	\`attribute_level\` SMALLINT NOT NULL DEFAULT '-1',
	\`flags\` INT NOT NULL DEFAULT '0',
	\`payment_status\` TINYINT UNSIGNED NOT NULL DEFAULT '0',
	\`description\` VARCHAR(255) DEFAULT NULL,
	PRIMARY KEY (\`payment_id\`),
	KEY \`key_owner_id\` (\`owner_id\`),
	KEY \`key_item_id\` (\`item_id\`)
) ENGINE=MyISAM;`,
} as const;

/** One column as a CREATE TABLE line states it. */
export interface ColumnDefinition {
  name: string;
  /** Lower case, integer display widths dropped (`int(10) unsigned` is `int unsigned`). */
  type: string;
  nullable: boolean;
}

const NOT_A_COLUMN = /^(PRIMARY\s+KEY|KEY|UNIQUE|INDEX|CONSTRAINT|FULLTEXT)\b/i;
const AFTER_TYPE = /\s+(NOT\s+NULL|NULL|DEFAULT|AUTO_INCREMENT|COLLATE|PRIMARY\s+KEY|COMMENT|CHECK|--)\b/i;

/** The part between the table name's parenthesis and its closing one, one definition a line. */
const bodyLines = (statement: string): string[] =>
  statement
    .slice(statement.indexOf('(') + 1, statement.lastIndexOf(')'))
    .split('\n')
    .map((line) => line.replace(/--.*$/, '').trim().replace(/,$/, '').trim())
    .filter((line) => line !== '');

export const tableNameOf = (statement: string): string | undefined =>
  /^\s*CREATE\s+TABLE\s+IF\s+NOT\s+EXISTS\s+`?(\w+)`?/i.exec(statement)?.[1];

const normalizeType = (type: string): string =>
  type
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^(tinyint|smallint|mediumint|int|integer|bigint)\(\d+\)/, '$1')
    .replace(/^integer\b/, 'int')
    .trim();

/** The columns of a MySQL CREATE TABLE statement, in order. */
export const columnsOf = (statement: string): ColumnDefinition[] =>
  bodyLines(statement)
    .filter((line) => !NOT_A_COLUMN.test(line))
    .map((line) => {
      const match = /^`?(\w+)`?\s+(.+)$/.exec(line);
      if (!match) throw new Error(`not a column definition: ${line}`);
      const rest = match[2]!;
      const cut = AFTER_TYPE.exec(rest);
      const type = cut ? rest.slice(0, cut.index) : rest;
      const nullable = !/\bNOT\s+NULL\b/i.test(rest) && !/\bPRIMARY\s+KEY\b/i.test(rest);
      return { name: match[1]!, type: normalizeType(type), nullable };
    });

/**
 * The same table for SQLite: text columns compare case-insensitively (NOCASE), as MariaDB's
 * utf8*_general_ci makes every text column of these tables do; an ENUM becomes TEXT with a
 * CHECK; AUTO_INCREMENT becomes SQLite's INTEGER PRIMARY KEY AUTOINCREMENT; KEY lines become
 * CREATE INDEX statements; table options go. Names, order and NOT NULL stay as written.
 */
const forSqlite = (statement: string): string[] => {
  const table = tableNameOf(statement)!;
  const lines = bodyLines(statement);
  const autoIncrement = lines.find((line) => /\bAUTO_INCREMENT\b/i.test(line));
  const autoColumn = autoIncrement && /^`?(\w+)`?/.exec(autoIncrement)?.[1];
  const indexes: string[] = [];
  const definitions = lines.flatMap((line) => {
    const key = /^KEY\s+`?(\w+)`?\s*\((.+)\)$/i.exec(line);
    if (key) {
      indexes.push(`CREATE INDEX IF NOT EXISTS ${table}_${key[1]} ON ${table} (${key[2]})`);
      return [];
    }
    if (autoColumn && new RegExp(`^PRIMARY\\s+KEY\\s*\\(\`?${autoColumn}\`?\\)$`, 'i').test(line)) return [];
    if (NOT_A_COLUMN.test(line)) return [line];
    const [, name, rest] = /^(`?\w+`?)\s+(.+)$/.exec(line)!;
    if (name!.replace(/`/g, '') === autoColumn) return [`${name} INTEGER PRIMARY KEY AUTOINCREMENT`];
    const enumMatch = /^ENUM\(([^)]*)\)(.*)$/i.exec(rest!);
    if (enumMatch) return [`${name} TEXT COLLATE NOCASE CHECK (${name} IN (${enumMatch[1]}))${enumMatch[2]}`];
    const text = /^((?:var)?char\(\d+\)|(?:tiny|medium|long)?text)(.*)$/i.exec(rest!);
    if (text) return [`${name} ${text[1]} COLLATE NOCASE${text[2]}`];
    // SQLite takes a type's (width) only at its end: \`int(10) unsigned\` is written \`int unsigned\`.
    return [`${name} ${rest!.replace(/^(\w+)\(\d+\)\s+unsigned\b/i, '$1 unsigned')}`];
  });
  return [`CREATE TABLE IF NOT EXISTS ${table} (\n  ${definitions.join(',\n  ')}\n)`, ...indexes];
};

/** The emulator's statements of a flavour and role in a dialect, then the site's event_stats for the game role. */
export const emulatorTableStatements = (flavor: FlavorName, dialect: Dialect): Record<Role, string[]> => {
  const written = EMULATOR_SQL[flavor];
  const convert = (statement: string) =>
    dialect === 'sqlite' ? forSqlite(statement) : [statement.trim().replace(/;$/, '')];
  const eventStats = gameTableStatements(dialect, flavor).game.filter((s) => tableNameOf(s) === 'event_stats');
  return { login: written.login.flatMap(convert), game: [...written.game.flatMap(convert), ...eventStats] };
};

/** The emulator's own statements as transcribed (MySQL), for comparing with the demo tables. */
export const emulatorSql = (flavor: FlavorName): Record<Role, string[]> => EMULATOR_SQL[flavor];

/** Creates a pack's table (a PACK_SQL statement, or another pack's MySQL one) in a game database. */
export const createPackTable = async (db: AnyKysely, dialect: Dialect, statement: string): Promise<void> => {
  const statements = dialect === 'sqlite' ? forSqlite(statement) : [statement.trim().replace(/;$/, '')];
  for (const each of statements) await sql.raw(each).execute(db);
};

/** Creates the emulator's login tables, game tables, or both (one database playing both roles). */
export const createEmulatorTables = async (
  db: AnyKysely,
  dialect: Dialect,
  roles: readonly Role[] = ['login', 'game'],
  flavor: FlavorName = 'l2j',
): Promise<void> => {
  const statements = emulatorTableStatements(flavor, dialect);
  for (const role of roles) for (const statement of statements[role]) await sql.raw(statement).execute(db);
};

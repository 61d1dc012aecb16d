import type { Generated } from 'kysely';
import type { AccountTables } from '../features/accounts/tables';
import type { ConsoleTables } from '../features/console/tables';
import type { DonationTables } from '../features/donations/tables';
import type { FacebookTables } from '../features/facebook-streams/tables';
import type { MailTables } from '../features/mail/tables';
import type { NewsTables } from '../features/news/tables';
import type { OnlineTables } from '../features/online/tables';
import type { ReferralTables } from '../features/referral/tables';
import type { RewardTables } from '../features/rewards/tables';
import type { SessionTables } from '../features/sessions/tables';
import type { StreamTables } from '../features/streams/tables';
import type { VoteTables } from '../features/votes/tables';
import type { WalletTables } from '../features/wallet/tables';
import type { ShopTables } from '../features/shop/tables';

/**
 * The game tables the site reads and writes, as the emulators define them. A table holds
 * the columns of every flavour (game/flavors.ts): the flavour says which of them its schema has,
 * so a column of one flavour only is optional here (Generated or nullable).
 */

export interface AccountsTable {
  login: string;
  password: string | null;
  /** l2j only; aCis keeps no email (the site's site_account_emails does). */
  email: string | null;
  created_time: Generated<string | Date>;
  /** l2j: lastactive, accessLevel, lastIP, lastServer. */
  lastactive: Generated<number>;
  accessLevel: Generated<number>;
  lastIP: string | null;
  lastServer: Generated<number | null>;
  /** aCis: last_active, access_level, last_server. */
  last_active: Generated<number>;
  access_level: Generated<number>;
  last_server: Generated<number>;
}

export interface AccountDataTable {
  account_name: string;
  var: string;
  value: string | null;
}

export interface CharactersTable {
  /**
   * The object id: charId (l2j) or obj_Id (aCis). Typed as l2j names it; queries name the
   * flavour's (game/flavors.ts), and aCis rows are written through character-row.ts inFlavor.
   */
  charId: number;
  obj_Id: Generated<number>;
  account_name: string | null;
  char_name: string;
  level: number | null;
  x: number | null;
  y: number | null;
  z: number | null;
  pvpkills: number | null;
  pkkills: number | null;
  clanid: number | null;
  race: number | null;
  classid: number | null;
  base_class: number;
  sex: number | null;
  title: string | null;
  accesslevel: number | null;
  online: number | null;
  onlinetime: number | null;
  lastAccess: number | null;
  deletetime: number | null;
  nobless: number | null;
  karma: number | null;
  /** aCis: PunishmentType ordinal (0 none, 1 chat ban, 2 jail) and the time left in ms (0: for good). */
  punish_level: Generated<number>;
  punish_timer: Generated<number>;
}

export interface ClanDataTable {
  clan_id: number;
  clan_name: string | null;
  clan_level: number | null;
  reputation_score: number;
  leader_id: number | null;
  ally_name: string | null;
  /** The castle's id (1 Gludio … 9 Schuttgart), 0 or NULL without one; the crest's id, 0 or NULL without one. */
  hasCastle: Generated<number | null>;
  crest_id: Generated<number | null>;
}

/** L2J's crests (docs/game/crests.md): a DDS picture per crest id; type 1 clan, 2 large clan, 3 alliance. */
export interface CrestsTable {
  crest_id: number;
  data: Buffer | Uint8Array;
  type: number;
}

export interface HeroesTable {
  /** charId (l2j) or char_id (aCis), as characters' key. */
  charId: number;
  char_id: Generated<number>;
  class_id: number;
  count: number;
  played: number;
  /** l2j: claimed; aCis: active. */
  claimed: 'true' | 'false';
  active: Generated<number>;
  message: string | null;
}

export interface OlympiadNoblesTable {
  /** charId (l2j) or char_id (aCis), as heroes. */
  charId: number;
  char_id: Generated<number>;
  class_id: number;
  olympiad_points: number;
  competitions_done: number;
  competitions_won: number;
  competitions_lost: number;
  competitions_drawn: number;
}

/** The Olympiad's period, one row (id 0): period 0/1 on L2J, 'COMPETITION'/'VALIDATION' on aCis (docs/game/olympiad.md). */
export interface OlympiadDataTable {
  id: number;
  current_cycle: number;
  period: number | string;
  olympiad_end: number;
  validation_end: number;
  next_weekly_change: number;
}

export interface CharacterPremiumItemsTable {
  charId: number;
  itemNum: number;
  itemId: number;
  itemCount: number;
  itemSender: string;
}

export interface CustomMailTable {
  date: Generated<string | Date>;
  receiver: number;
  subject: string;
  message: string;
  items: string;
}

/**
 * items_delayed of the packs that poll it (RusAcis, L2-Scripts; docs/game/item-delivery.md): the
 * game hands a row with payment_status 0 to its owner while online and sets payment_status 1.
 * The other columns of a pack's table (enchant_level, flags, attribute...) keep their defaults.
 */
export interface ItemsDelayedTable {
  payment_id: Generated<number>;
  owner_id: number;
  item_id: number;
  count: number;
  payment_status: number;
  description: string | null;
}

export interface EventStatsTable {
  char_id: number;
  score: number;
  assists: number;
  kills: number;
  deaths: number;
  event_seconds: number;
  updated_at: number;
}

/** L2J Server's punishments (game database): affect ACCOUNT / CHARACTER / IP, type BAN / CHAT_BAN / JAIL. */
export interface PunishmentsTable {
  id: Generated<number>;
  key: string;
  affect: string;
  type: string;
  expiration: number;
  reason: string | null;
  punishedBy: string | null;
}

/** Grand bosses (both flavours): respawn_time is the epoch ms the game spawns the boss again, 0 when alive. */
export interface GrandbossDataTable {
  boss_id: number;
  loc_x: number;
  loc_y: number;
  loc_z: number;
  heading: number;
  respawn_time: number;
  currentHP: number | null;
  currentMP: number | null;
  status: number;
}

/** Raid bosses (both flavours): respawn_time as grandboss_data; the delays differ (docs/game/world.md). */
export interface RaidbossSpawnlistTable {
  boss_id: number;
  loc_x: number;
  loc_y: number;
  loc_z: number;
  heading: number;
  respawn_time: number;
  currentHp: number | null;
  currentMp: number | null;
  /** L2J: seconds. */
  respawn_delay?: number;
  respawn_random?: number;
  /** aCis: hours. */
  spawn_time?: number;
  random_time?: number;
}

/** Castles (both flavours, docs/game/castles.md): siegeDate is the epoch ms of the next (or current) siege. */
export interface CastleTable {
  id: number;
  name: string;
  taxPercent: number;
  treasury: number | string;
  /** BIGINT UNSIGNED on L2J, DECIMAL(20,0) on aCis: a driver may hand it over as a string. */
  siegeDate: number | string;
}

/** Siege registrations (docs/game/castles.md): `type` is an int on L2J (0 defender, 1 attacker, 2 waiting), a text on aCis. */
export interface SiegeClansTable {
  castle_id: number;
  clan_id: number;
  type: number | string | null;
}

export interface LoginDatabase {
  accounts: AccountsTable;
  account_data: AccountDataTable;
}

export interface GameDatabase {
  characters: CharactersTable;
  clan_data: ClanDataTable;
  heroes: HeroesTable;
  account_gsdata: AccountDataTable;
  olympiad_nobles: OlympiadNoblesTable;
  olympiad_data: OlympiadDataTable;
  character_premium_items: CharacterPremiumItemsTable;
  custom_mail: CustomMailTable;
  items_delayed: ItemsDelayedTable;
  event_stats: EventStatsTable;
  punishments: PunishmentsTable;
  grandboss_data: GrandbossDataTable;
  raidboss_spawnlist: RaidbossSpawnlistTable;
  castle: CastleTable;
  siege_clans: SiegeClansTable;
  crests: CrestsTable;
}

/** The last value of a background refresh, computed by one instance for all (infra/shared-refresh.ts). */
export interface SiteSharedValuesTable {
  name: string;
  value: string;
  computed_at: number;
}

/** A one-time claim that survives a Redis restart (infra/durable-claims.ts). */
export interface SiteClaimsTable {
  /** e.g. lockout:<login>, altcha:<challenge>; longer keys as sha256:<hex>. */
  claim_key: string;
  /** Milliseconds since the epoch; an expired row is no claim and is pruned. */
  expires_at: number;
}

/**
 * The site's own tables, gathered: each feature declares its tables beside its migrations
 * (features/<name>/tables.ts) and owns them; another feature asks it, never names its tables
 * (apps/server/test/site-table-owners.test.ts). The two below are infra's: one-time claims and
 * the values shared across instances.
 */
export type SiteDatabase = {
  site_claims: SiteClaimsTable;
  site_shared_values: SiteSharedValuesTable;
} & AccountTables &
  ConsoleTables &
  DonationTables &
  FacebookTables &
  MailTables &
  NewsTables &
  OnlineTables &
  ReferralTables &
  RewardTables &
  WalletTables &
  ShopTables &
  SessionTables &
  StreamTables &
  VoteTables;

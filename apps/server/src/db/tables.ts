import type { Generated } from 'kysely';

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
  event_stats: EventStatsTable;
  punishments: PunishmentsTable;
  grandboss_data: GrandbossDataTable;
  raidboss_spawnlist: RaidbossSpawnlistTable;
  castle: CastleTable;
  siege_clans: SiegeClansTable;
  crests: CrestsTable;
}

/** The email of each account where the game keeps none (aCis): written at registration, or attached once. */
export interface SiteAccountEmailsTable {
  login: string;
  email: string;
  created_at: number;
}

/** IPs an account was created or seen from (docs/product.md#createaccount, #updateips). */
export interface SiteAccountIpsTable {
  id: Generated<number>;
  login: string;
  ip_v4: string;
  ip_v6: string;
  kind: 'creation' | 'update';
  created_at: number;
}

/** Password recovery keys: only a hash is stored; a key works once, until it expires. */
export interface SitePasswordResetsTable {
  id: Generated<number>;
  login: string;
  key_hash: string;
  language: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/**
 * Live streams shown on the home page after the settings' own (features/streams): registered from
 * the site (source 'facebook', one row per owner), kept while live. Whoever fills it touches
 * updated_at on every check while the stream is live; rows older than LIVE_STREAM_FRESH_MS are
 * no longer shown.
 */
export interface SiteLiveStreamsTable {
  id: Generated<number>;
  type: 'TWITCH' | 'TROVO' | 'KICK' | 'FACEBOOK' | 'YOUTUBE';
  /** Channel name, YouTube channel id or Facebook video URL, as the page embeds it. */
  channel: string;
  title: Generated<string>;
  viewers: Generated<number>;
  source: 'settings' | 'facebook';
  /** Who registered it (e.g. the Facebook user id); unique per source. */
  owner_key: string;
  /** Milliseconds since the epoch. */
  updated_at: number;
}

/** Every payment notification received (features/donations), with what became of it. */
export interface SiteDonationNotificationsTable {
  id: Generated<number>;
  provider: 'paypal';
  /** Milliseconds since the epoch. */
  received_at: number;
  txn_id: Generated<string>;
  payment_status: Generated<string>;
  /** The provider's answer to the validation postback: VERIFIED, INVALID, or error. */
  verification: Generated<string>;
  outcome: Generated<string>;
  detail: Generated<string>;
  /**
   * The notification exactly as received (form-encoded, read as latin1), kept only until it is
   * settled: verification needs the exact bytes. Empty afterwards.
   */
  body: string;
  /** The fields kept of a notification (migration 042). */
  mc_gross: Generated<string>;
  mc_currency: Generated<string>;
  custom: Generated<string>;
  payer_email: Generated<string>;
  receiver_email: Generated<string>;
  /** Failed verification or processing attempts, and when the next one is due (ms since the epoch). */
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
}

/**
 * Donations recorded from verified notifications, one row per provider transaction (unique): a
 * payment, or a refund / reversal / cancelled reversal pointing at its payment by parent_txn_id.
 */
export interface SiteDonationsTable {
  id: Generated<number>;
  provider: 'paypal';
  txn_id: string;
  kind: 'payment' | 'refund' | 'reversal' | 'canceled_reversal';
  parent_txn_id: Generated<string>;
  char_name: Generated<string>;
  char_id: number | null;
  /** Negative for refunds and reversals. */
  amount_cents: number;
  currency: string;
  coins: Generated<number>;
  payer_email: Generated<string>;
  /** payment: crediting, credited, unknown_character, refunded, reversed; others: recorded. */
  status: string;
  /** What reward delivery answered: delivered, pending, failed (empty until asked). */
  reward_status: Generated<string>;
  created_at: number;
  updated_at: number;
}

/**
 * PayPal orders of the donate page (Orders v2, features/donations/checkout.ts): one per donation
 * started, with its state; the capture's credit is the site_donations row of txn_id capture_id.
 */
export interface SitePaypalOrdersTable {
  id: Generated<number>;
  /** Our donation id, sent to PayPal as the purchase unit's custom_id. */
  donation_id: string;
  /** PayPal's order id (the token of the donor's return); empty until PayPal created it. */
  order_id: Generated<string>;
  char_name: string;
  char_id: number;
  amount_cents: number;
  currency: string;
  coins: number;
  /** created, approved, pending, credited, denied, failed, refunded, reversed (see checkout.ts). */
  status: string;
  capture_id: Generated<string>;
  /** Why the last step failed (PayPal's issue, an error). */
  detail: Generated<string>;
  /** Capture attempts after the donor's return, and when the next retry is due (ms since the epoch). */
  attempts: Generated<number>;
  next_attempt_at: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** PayPal webhook events received and verified, once each by PayPal's event id. */
export interface SitePaypalWebhookEventsTable {
  event_id: string;
  event_type: string;
  resource_id: string;
  outcome: string;
  received_at: number;
}

/** The owner's actions of npm run donations (a re-queued delivery...), with who and what came of it. */
export interface SiteDonationActionsTable {
  id: Generated<number>;
  at: number;
  /** The operating system user who ran the command. */
  actor: string;
  action: string;
  target: string;
  result: string;
}

/** One stable referral code per account; reward_char_id is the character its rewards go to. */
export interface SiteReferralCodesTable {
  login: string;
  code: string;
  reward_char_id: number | null;
  created_at: number;
}

/** A visitor a referral link brought; visitor_key is the value of its httpOnly `ref` cookie. */
export interface SiteReferralVisitorsTable {
  id: Generated<number>;
  visitor_key: string;
  code: string;
  ip: string;
  created_at: number;
}

/** What a referred visitor did (updateref), once per kind. */
export interface SiteReferralEventsTable {
  id: Generated<number>;
  visitor_id: number;
  type: 'donated' | 'downloaded' | 'registered';
  created_at: number;
}

/** An account a referred visitor registered: one row per login, so a referral counts once. */
export interface SiteReferralAccountsTable {
  login: string;
  code: string;
  visitor_id: number;
  registered_at: number;
  /** When one of its characters first reached the playing level. */
  playing_at: number | null;
  /** When the referrer's reward was handed to the reward delivery. */
  rewarded_at: number | null;
  reward_char_id: number | null;
  reward_status: 'delivered' | 'pending' | 'failed' | 'duplicate' | 'none' | null;
}

export interface SiteRewardQueueTable {
  id: Generated<number>;
  /** Unique: a grant with the same id is paid once. */
  request_id: string;
  char_id: number;
  item_id: number;
  item_count: number;
  reason: 'donation' | 'referral' | 'vote';
  delivery: 'premiumItems' | 'customMail' | 'queue';
  /** cancelled: taken back before delivery (a refunded donation, features/rewards/reward-queue.ts). */
  status: 'pending' | 'delivered' | 'failed' | 'cancelled';
  attempts: number;
  last_error: string | null;
  /** Milliseconds since the epoch. */
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
}

/** A mass mail sent from the mail form (features/mail): its content once, its mails in the outbox. */
export interface SiteMailJobsTable {
  id: Generated<number>;
  created_by: string;
  created_at: number;
  version: string;
  registered_only: number;
  /** 1 when the job went only to the form's test addresses. */
  test: number;
  subject: string;
  /** Sanitized HTML. */
  html: string;
  queued: number;
  skipped: number;
}

/**
 * One mail of a job per address (unique job_id + email), or a single mail of its own (kind other
 * than 'mass', no job: its subject and text in the row until it is sent). pending -> sending
 * (claimed by one worker until lease_until) -> sent; a failed send goes back to pending with a
 * later next_attempt_at, or to failed once its retry window is over; a mail still sending when its
 * lease ran out (its worker died while sending) goes back to pending and is sent again with the
 * same Message-ID. 'unconfirmed' is what earlier versions made of such a mail.
 */
export interface SiteMailOutboxTable {
  id: Generated<number>;
  job_id: number | null;
  /** 'mass': made from its job; 'recovery': a password recovery mail (ref_id: its site_password_resets row). */
  kind: Generated<'mass' | 'recovery' | 'emailChange' | 'emailNotice'>;
  /** A single mail's subject and plain text; the text is cleared once the mail is sent. */
  subject: string | null;
  body: string | null;
  ref_id: number | null;
  /** When the mail was first tried (set at its first failure): its retry window starts there. */
  first_attempt_at: number | null;
  email: string;
  login: string;
  language: string;
  status: 'pending' | 'sending' | 'sent' | 'failed' | 'unconfirmed';
  attempts: number;
  next_attempt_at: number;
  claimed_by: string | null;
  lease_until: number | null;
  sent_at: number | null;
  last_error: string | null;
}

/** Addresses that left the list of one version (signed unsubscribe links). */
export interface SiteMailUnsubscribesTable {
  id: Generated<number>;
  email: string;
  version: string;
  login: string;
  created_at: number;
}

/** A rewarded vote (features/votes): unique per site, voter (an address, or char:<id>) and vote window. */
export interface SiteVoteClaimsTable {
  id: Generated<number>;
  site: string;
  voter: string;
  /** The vote's time as the site gave it, or the 12-hour period when the site gives none. */
  vote_window: string;
  char_id: number;
  /** Its grant in site_reward_queue. */
  request_id: string;
  voted_at: number | null;
  created_at: number;
}

/**
 * A voter's last paid vote at one site (features/votes/vote-claims.ts): the voter is an address or
 * char:<id>, the character paid; a new vote is paid only 12 hours or more after this one.
 */
export interface SiteVoteTurnsTable {
  site: string;
  voter: string;
  /** The paid vote's time: the site's when it gives one, else ours (milliseconds). */
  last_vote_at: number;
}

/** The last value of a background refresh, computed by one instance for all (infra/shared-refresh.ts). */
export interface SiteSharedValuesTable {
  name: string;
  value: string;
  computed_at: number;
}

/**
 * One minute's sample of who was online (features/online): players, offline traders and GMs apart
 * (null when the game database did not answer), and whether the login and game servers' probes
 * found them open (1) or not (0). `minute` is Unix time / 60 000: one row per minute, whichever
 * instance wrote it.
 */
export interface SiteOnlineMinutesTable {
  minute: number;
  players: number | null;
  traders: number | null;
  gms: number | null;
  login_up: number;
  game_up: number;
}

/** An hour rolled up from its minutes: averages, the peak (players and traders together) and the probes' counts. */
export interface SiteOnlineHoursTable {
  hour: number;
  samples: number;
  counted: number;
  players_avg: number;
  traders_avg: number;
  gms_avg: number;
  peak: number;
  peak_minute: number;
  login_up: number;
  game_up: number;
}

/** A one-time claim that survives a Redis restart (infra/durable-claims.ts). */
export interface SiteClaimsTable {
  /** e.g. lockout:<login>, altcha:<challenge>; longer keys as sha256:<hex>. */
  claim_key: string;
  /** Milliseconds since the epoch; an expired row is no claim and is pruned. */
  expires_at: number;
}

/** A signed-in session of a player's own account (features/sessions). */
export interface SiteSessionsTable {
  /** SHA-256 (hex) of the cookie's value. */
  id_hash: string;
  /** The id the account's list names it by: not the cookie's value. */
  public_id: string;
  login: string;
  created_at: number;
  last_seen_at: number;
  address: string;
  device: string;
  /** SHA-256 of the game's stored password hash at sign-in: another hash since ends the session. */
  fingerprint: string;
  /** 1: the account was banned at sign-in; the session reads its ban and nothing else. */
  banned: number;
  /** 1: the password was right, the second factor's code is awaited; the session can do nothing else. */
  pending: Generated<number>;
  /** When the session last proved the password: its sign-in, or the password typed again (0: never). */
  proved_at: Generated<number>;
}

/** An account's authenticator app (features/sessions/second-factor.ts). */
export interface SiteSecondFactorsTable {
  login: string;
  /** `v1.…` encrypted with TOTP_SECRET_KEY or its file's key (base32 until then, from older versions); null while a set-up waits. */
  secret: string | null;
  pending_secret: string | null;
  /** The last accepted code's time step (30 s since the epoch). */
  last_step: Generated<number>;
  enabled_at: number | null;
}

/** One unused recovery code of an account's second factor, as its SHA-256. */
export interface SiteRecoveryCodesTable {
  login: string;
  code_hash: string;
}

/** One sign-in attempt of an account (features/sessions), kept 90 days. */
export interface SiteSignInsTable {
  id: Generated<number>;
  login: string;
  at: number;
  address: string;
  device: string;
  outcome: string;
}

/** One console action or console sign-in (features/console): written once, never changed. */
export interface SiteConsoleAuditTable {
  id: Generated<number>;
  at: number;
  login: string;
  role: string;
  action: string;
  record: string;
  address: string;
  detail: string;
}

/** A session's console step-up (features/console): it lapses after the console's idle minutes. */
export interface SiteConsoleStepUpsTable {
  session_hash: string;
  login: string;
  granted_at: number;
  last_seen_at: number;
}

/** One news post (features/news); its texts are in site_news_texts. */
export interface SiteNewsPostsTable {
  id: Generated<number>;
  slug: string;
  /** 'draft' or 'published'; a published post with a future publish_at is scheduled. */
  state: string;
  publish_at: number;
  pinned: number;
  created_at: number;
  updated_at: number;
  announced_at: number | null;
  announce_attempts: Generated<number>;
}

/** A news post's Markdown in one language. */
export interface SiteNewsTextsTable {
  post_id: number;
  language: string;
  title: string;
  body: string;
}

/** A passkey (WebAuthn credential) of an account (features/sessions/passkeys.ts). */
export interface SitePasskeysTable {
  credential_hash: string;
  /** base64url, as the browser names it. */
  credential_id: string;
  login: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter at its last use (0 for those that keep none). */
  counter: number;
  /** The transports the browser reported, comma separated. */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A WebAuthn challenge handed out and not yet answered: single use, expiring. */
export interface SitePasskeyChallengesTable {
  challenge_hash: string;
  purpose: 'register' | 'signin';
  binding: string;
  login: string;
  expires_at: number;
}

/** A change of an account's email waiting for the link mailed to the new address (features/accounts/email-change.ts). */
export interface SiteEmailChangesTable {
  id: Generated<number>;
  login: string;
  /** SHA-256 (hex) of the link's key. */
  key_hash: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** The password's fingerprint when the change was asked (sessions' passwordFingerprint). */
  password_fingerprint: Generated<string>;
}

/** A flagged donation the owner marked handled in the console (features/console/donations-section.ts). */
export interface SiteDonationResolutionsTable {
  txn_id: string;
  at: number;
  login: string;
  note: string;
}

/** A vote site's question that got no usable answer (features/votes/site-failures.ts), kept 31 days. */
export interface SiteVoteFailuresTable {
  id: Generated<number>;
  site: string;
  at: number;
  reason: string;
}

/** The site's own tables, all site_*; each feature's migration adds its own. */
export interface SiteDatabase {
  site_account_ips: SiteAccountIpsTable;
  site_account_emails: SiteAccountEmailsTable;
  site_donation_notifications: SiteDonationNotificationsTable;
  site_donations: SiteDonationsTable;
  site_paypal_orders: SitePaypalOrdersTable;
  site_paypal_webhook_events: SitePaypalWebhookEventsTable;
  site_donation_actions: SiteDonationActionsTable;
  site_live_streams: SiteLiveStreamsTable;
  site_password_resets: SitePasswordResetsTable;
  site_referral_codes: SiteReferralCodesTable;
  site_referral_visitors: SiteReferralVisitorsTable;
  site_referral_events: SiteReferralEventsTable;
  site_referral_accounts: SiteReferralAccountsTable;
  site_reward_queue: SiteRewardQueueTable;
  site_mail_jobs: SiteMailJobsTable;
  site_mail_outbox: SiteMailOutboxTable;
  site_mail_unsubscribes: SiteMailUnsubscribesTable;
  site_claims: SiteClaimsTable;
  site_shared_values: SiteSharedValuesTable;
  site_online_minutes: SiteOnlineMinutesTable;
  site_online_hours: SiteOnlineHoursTable;
  site_vote_claims: SiteVoteClaimsTable;
  site_vote_turns: SiteVoteTurnsTable;
  site_sessions: SiteSessionsTable;
  site_sign_ins: SiteSignInsTable;
  site_second_factors: SiteSecondFactorsTable;
  site_recovery_codes: SiteRecoveryCodesTable;
  site_console_audit: SiteConsoleAuditTable;
  site_console_step_ups: SiteConsoleStepUpsTable;
  site_news_posts: SiteNewsPostsTable;
  site_news_texts: SiteNewsTextsTable;
  site_passkeys: SitePasskeysTable;
  site_passkey_challenges: SitePasskeyChallengesTable;
  site_email_changes: SiteEmailChangesTable;
  site_donation_resolutions: SiteDonationResolutionsTable;
  site_vote_failures: SiteVoteFailuresTable;
}

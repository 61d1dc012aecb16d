import { z } from 'zod';
import { CONSOLE_BAN_DURATIONS, LIMITS, PAYMENT_PROVIDERS } from './constants';
import { CONSOLE_NOTE_MAX, CONSOLE_SEARCH_MAX, consoleDayCount } from './console';

/**
 * The console's Donations, Votes and Accounts sections (docs/owner/console.md#donations,
 * #votes, #accounts). A gm reads all three; only an owner acts on a donation.
 */

/** The ledger's states (`npm run donations -- --state`), from the order to the game. */
export const DONATION_LEDGER_STATES = [
  'created',
  'approved',
  'pending',
  'credited',
  'delivered',
  'refunded',
  'reversed',
  'denied',
  'failed',
] as const;

/** How many ledger rows a page of the section holds. */
export const CONSOLE_DONATIONS_PAGE = 50;
/** The most rows one CSV export holds (the newest). */
export const CONSOLE_DONATIONS_CSV_MAX = 10_000;

const searchText = z
  .string({ error: 'formInvalid' })
  .max(CONSOLE_SEARCH_MAX, { error: 'formInvalid' })
  .trim()
  .optional();

/**
 * The ledger's search: `q` is a login, a character, a PayPal order, capture or transaction id,
 * our donation id or a payer's e-mail (exact, as the command's --find); `state` one of the
 * states; `flagged` only what needs the owner; `from` where the page starts (a row count).
 */
export const consoleDonationsQuery = z.object({
  q: searchText,
  state: z.enum(DONATION_LEDGER_STATES, { error: 'formInvalid' }).optional(),
  flagged: z.enum(['true', 'false'], { error: 'formInvalid' }).optional(),
  from: z.coerce.number({ error: 'formInvalid' }).int().min(0).max(1_000_000).optional(),
});
export type ConsoleDonationsQuery = z.input<typeof consoleDonationsQuery>;

/** One ledger row: what `npm run donations` prints, and whether the owner marked it resolved. */
export const consoleDonationRow = z.object({
  at: z.number(),
  via: z.enum(['orders', 'ipn']),
  /** Who took the payment (docs/owner/payments.md). */
  provider: z.enum(PAYMENT_PROVIDERS),
  donationId: z.string(),
  orderId: z.string(),
  txnId: z.string(),
  charName: z.string(),
  charId: z.number().int().nullable(),
  /** The account whose wallet the donation credited; empty for a character's donation. */
  account: z.string(),
  cents: z.number().int(),
  currency: z.string(),
  coins: z.number().int(),
  state: z.string(),
  reward: z.string(),
  detail: z.string(),
  refundedCents: z.number().int(),
  coinsTakenBack: z.number().int(),
  coinsByHand: z.number().int(),
  refundUnsettled: z.boolean(),
  /** Coins a wallet donation's refunds could not take back (spent): flagged until resolved. */
  walletShortfall: z.number().int(),
  /** Coins of a supporter code's share a refund could not take back from the partner (spent): flagged. */
  supporterShortfall: z.number().int(),
  flagged: z.boolean(),
  /** Who marked a flagged refund resolved, when, and their note; null while it is not. */
  resolved: z.object({ by: z.string(), at: z.number(), note: z.string() }).nullable(),
});
export type ConsoleDonationRow = z.infer<typeof consoleDonationRow>;

export const consoleDonationsAnswer = z.object({
  rows: z.array(consoleDonationRow),
  /** The `from` of the next page, or null at the end. */
  next: z.number().int().nullable(),
});
export type ConsoleDonationsAnswer = z.infer<typeof consoleDonationsAnswer>;

const txnIdField = z
  .string({ error: 'formInvalid' })
  .trim()
  .min(1, { error: 'formInvalid' })
  .max(64, { error: 'formInvalid' });

/** Put a donation's failed or cancelled delivery back in line (`npm run donations -- --requeue`): by its capture or transaction id. */
export const consoleDonationRetryModel = z.object({ txnId: txnIdField });
export type ConsoleDonationRetryModel = z.input<typeof consoleDonationRetryModel>;

/** The owner's note or reason of an action, kept in the audit log: 3 to 500 characters. */
const reasonField = z
  .string({ error: 'consoleReasonRequired' })
  .max(CONSOLE_NOTE_MAX, { error: 'consoleReasonRequired' })
  .trim()
  .min(3, { error: 'consoleReasonRequired' });

/** Mark a flagged refund handled (coins taken back in the game by hand, or left on purpose), with a note. */
export const consoleDonationResolveModel = z.object({ txnId: txnIdField, note: reasonField });
export type ConsoleDonationResolveModel = z.input<typeof consoleDonationResolveModel>;

/** What a donation action found: the delivery's or the flag's state before, and after. */
export const consoleDonationActionAnswer = z.object({ before: z.string(), after: z.string() });

/** The Votes section: claims per site per day and the sites that failed to answer, the last 30 days. */
export const consoleVotesAnswer = z.object({
  /** One line per site: its count for each of the 30 days (UTC), oldest first. */
  claims: z.array(z.object({ site: z.string(), days: z.array(consoleDayCount), total: z.number().int() })),
  /** Each site's unanswered questions per day (down, too slow, an answer not understood), newest first. */
  failures: z.array(
    z.object({
      site: z.string(),
      day: z.string(),
      count: z.number().int(),
      lastReason: z.string(),
      lastAt: z.number(),
    }),
  ),
});
export type ConsoleVotesAnswer = z.infer<typeof consoleVotesAnswer>;

/**
 * The Accounts section's look-up: a login, an e-mail or a character name (exact, any case). Empty
 * or absent, the call answers consoleLookupRequired (after the console's door, like every call).
 */
export const consoleAccountQuery = z.object({
  q: z
    .string({ error: 'consoleLookupRequired' })
    .trim()
    .max(CONSOLE_SEARCH_MAX, { error: 'consoleLookupRequired' })
    .default(''),
});
export type ConsoleAccountQuery = z.input<typeof consoleAccountQuery>;

/** One account found: its state, characters, rewards, donations and sign-ins, read only. */
export const consoleAccountView = z.object({
  login: z.string(),
  /** How the look-up found it. */
  foundBy: z.enum(['login', 'email', 'character']),
  email: z.string().nullable(),
  accessLevel: z.number().int(),
  createdAt: z.number().nullable(),
  ban: z.object({ banned: z.boolean(), until: z.number().nullable() }),
  characters: z.array(
    z.object({
      name: z.string(),
      level: z.number().int(),
      classId: z.number().int(),
      clan: z.string(),
      online: z.boolean(),
      lastSeen: z.number().nullable(),
    }),
  ),
  rewards: z.array(
    z.object({
      source: z.string(),
      character: z.string(),
      itemId: z.number().int(),
      count: z.number().int(),
      state: z.string(),
      createdAt: z.number(),
    }),
  ),
  donations: z.array(consoleDonationRow),
  signIns: z.array(z.object({ at: z.number(), address: z.string(), device: z.string(), outcome: z.string() })),
  /** Whether the account's authenticator app is on (its second factor on the site). */
  secondFactorOn: z.boolean(),
});
export type ConsoleAccountView = z.infer<typeof consoleAccountView>;

/** At most this many accounts answer one look-up (an e-mail may hold several). */
export const CONSOLE_LOOKUP_MAX = 5;
export const consoleAccountAnswer = z.object({ accounts: z.array(consoleAccountView) });
export type ConsoleAccountAnswer = z.infer<typeof consoleAccountAnswer>;

const accountLoginField = z
  .string({ error: 'consoleAccountNotFound' })
  .trim()
  .min(1, { error: 'consoleAccountNotFound' })
  .max(LIMITS.loginMax, { error: 'consoleAccountNotFound' });

/**
 * An owner's action on one account that needs only its reason: unban, end its sessions, mail it a
 * reset link, switch its authenticator off (the reason says how the owner made sure the one
 * asking is the player).
 */
export const consoleAccountActionModel = z.object({ login: accountLoginField, reason: reasonField });
export type ConsoleAccountActionModel = z.input<typeof consoleAccountActionModel>;

/** What the console's ban form asks (the account is the one shown): the reason and how long. */
export const consoleBanFields = z.object({
  reason: reasonField,
  duration: z.enum(CONSOLE_BAN_DURATIONS, { error: 'consoleBanDurationInvalid' }),
});
export type ConsoleBanFields = z.input<typeof consoleBanFields>;

/** Ban an account in the game (its access level set to -1) for a while or for good, with a reason. */
export const consoleAccountBanModel = consoleBanFields.extend({ login: accountLoginField });
export type ConsoleAccountBanModel = z.input<typeof consoleAccountBanModel>;

/**
 * What an action on an account did: the game's access level before and after, the ban's end
 * (null: for good, or no ban), how many of the player's site sessions ended, and whether one of
 * its characters is in the game now (a ban does not take it out of the game).
 */
export const consoleAccountActionAnswer = z.object({
  login: z.string(),
  accessLevelBefore: z.number().int(),
  accessLevelAfter: z.number().int(),
  bannedUntil: z.number().nullable(),
  sessionsEnded: z.number().int(),
  inGame: z.boolean(),
});
export type ConsoleAccountActionAnswer = z.infer<typeof consoleAccountActionAnswer>;

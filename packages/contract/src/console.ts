import { z } from 'zod';
import { LIMITS } from './constants';
import { boundedText } from './rules';

/**
 * The owner's console (docs/owner/console.md): who is in it, the step-up with the second factor,
 * and the audit log. A `gm` reads, sends mass mail and writes news; an `owner` may also act on
 * money and rewards.
 */
export const CONSOLE_ROLES = ['gm', 'owner'] as const;
export const consoleRole = z.enum(CONSOLE_ROLES);
export type ConsoleRole = z.infer<typeof consoleRole>;

/**
 * The second factors the console accepts on its sign-in (docs/owner/console.md#second-factor):
 * `totp`, the authenticator app (a code, consoleSignIn), and `passkey` (its own two calls,
 * consoleStepUpPasskeyOptions and consoleSignInPasskey, as decision 028's sign-in).
 */
export const CONSOLE_FACTORS = ['totp', 'passkey'] as const;
export type ConsoleFactor = (typeof CONSOLE_FACTORS)[number];

/**
 * The console's step-up with a code: for `totp`, a code of the app or a recovery code. A passkey
 * sends its assertion to consoleSignInPasskey instead.
 */
export const consoleSignInModel = z.object({
  factor: z.enum(['totp'], { error: 'formInvalid' }),
  code: boundedText(LIMITS.secondFactorCodeMax, 'wrongSecondFactorCode').min(1, {
    error: 'wrongSecondFactorCode',
    abort: true,
  }),
});
export type ConsoleSignInModel = z.input<typeof consoleSignInModel>;

/**
 * Who is at the console: the login, the role, whether the second factor was given on this
 * session within the idle minutes (steppedUp), and the factors the account can give (empty: it
 * must switch one on in "My account" first).
 */
export const consoleMeAnswer = z.object({
  login: z.string(),
  role: consoleRole,
  idleMinutes: z.number().int(),
  steppedUp: z.boolean(),
  factors: z.array(z.enum(CONSOLE_FACTORS)),
});
export type ConsoleMeAnswer = z.infer<typeof consoleMeAnswer>;

/** The longest search the console's lists take (the audit log, the ledger, the accounts' look-up). */
export const CONSOLE_SEARCH_MAX = 100;
/** The longest note or reason an owner's action keeps in the audit log; the shortest is 3. */
export const CONSOLE_NOTE_MAX = 500;
/** The largest character id (the game's INT column). */
export const CHARACTER_ID_MAX = 2_147_483_647;

/** The audit log's search: free text over who, what and which record; a page ends before an id. */
export const consoleAuditQuery = z.object({
  q: z.string().max(CONSOLE_SEARCH_MAX, { error: 'formInvalid' }).optional(),
  before: z.coerce.number({ error: 'formInvalid' }).int().positive().optional(),
});
export type ConsoleAuditQuery = z.input<typeof consoleAuditQuery>;

export const consoleAuditRow = z.object({
  id: z.number().int(),
  at: z.number(),
  login: z.string(),
  role: z.string(),
  action: z.string(),
  record: z.string(),
  address: z.string(),
  detail: z.string(),
});
export type ConsoleAuditRow = z.infer<typeof consoleAuditRow>;

export const consoleAuditAnswer = z.object({
  rows: z.array(consoleAuditRow),
  /** Where the next page starts (the `before` to send), or null at the end. */
  next: z.number().int().nullable(),
});
export type ConsoleAuditAnswer = z.infer<typeof consoleAuditAnswer>;

/** One day's count: the day as YYYY-MM-DD (UTC). */
export const consoleDayCount = z.object({ day: z.string(), count: z.number().int() });

/** Payments and refunds (or reversals) recorded on one day (UTC). */
export const consoleDonationDay = z.object({ day: z.string(), payments: z.number().int(), refunds: z.number().int() });

/** A vote site as the dashboard's health shows it: its last claim and its failures. */
export const consoleVoteSiteHealth = z.object({
  site: z.string(),
  lastClaimAt: z.number().nullable(),
  lastFailureAt: z.number().nullable(),
  /** Questions the site did not answer (or answered in a way not understood) in the last 24 hours. */
  failuresLastDay: z.number().int(),
});
export type ConsoleVoteSiteHealth = z.infer<typeof consoleVoteSiteHealth>;

/** The dashboard's figures (docs/owner/console.md#dashboard); null where the game keeps no such fact. */
export const consoleDashboardAnswer = z.object({
  /** The last 30 days, oldest first; null on a flavour without account creation times (aCis). */
  registrationsPerDay: z.array(consoleDayCount).nullable(),
  onlineNow: z.number().int().nullable(),
  /** The last 30 days, oldest first: each day's peak of players online, from the Online page's record. */
  onlinePeakPerDay: z.array(consoleDayCount),
  /** The last 30 days, oldest first: vote rewards claimed on all sites. */
  votesPerDay: z.array(consoleDayCount),
  /** The last 30 days, oldest first: payments and refunds recorded. */
  donationsPerDay: z.array(consoleDonationDay),
  /** Payments this calendar month (UTC), per currency, in cents. */
  donationsThisMonth: z.array(z.object({ currency: z.string(), cents: z.number().int(), count: z.number().int() })),
  /** Refunds and reversals recorded this month: the owner checks each in the ledger. */
  refundsThisMonth: z.number().int(),
  /** Vote rewards claimed in the last 30 days, per vote site. */
  votesPerSite: z.array(z.object({ site: z.string(), count: z.number().int() })),
  rewardBacklog: z.object({
    pending: z.number().int(),
    failed: z.number().int(),
    /** The oldest grant not delivered yet: its request id and when it was made. */
    oldest: z.object({ requestId: z.string(), createdAt: z.number() }).nullable(),
  }),
  /** The mail outbox by state. */
  mailOutbox: z.array(z.object({ status: z.string(), count: z.number().int() })),
  health: z.object({
    loginDatabase: z.boolean(),
    gameDatabase: z.boolean(),
    siteDatabase: z.boolean(),
    /** null: the site runs without Redis. */
    redis: z.boolean().nullable(),
    /** Configured, not probed: the dashboard sends no mail and calls no payment service. */
    smtpConfigured: z.boolean(),
    paypalConfigured: z.boolean(),
    /** The vote sites that reward votes, and those that only link once they have a claim or a failure. */
    voteSites: z.array(consoleVoteSiteHealth),
    /**
     * Each game server of the site (decision 049), from the status lights' latest round: its game
     * database answering, its game server's light, its players online (null when not known).
     */
    realms: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        database: z.boolean(),
        gameServer: z.boolean(),
        online: z.number().int().min(0).nullable(),
      }),
    ),
  }),
});
export type ConsoleDashboardAnswer = z.infer<typeof consoleDashboardAnswer>;

export const QUEUE_STATES = ['pending', 'delivered', 'failed', 'cancelled'] as const;
export const REWARD_KINDS = ['donation', 'referral', 'vote'] as const;

/** The reward queue's filter: state, kind, and a character id; a page ends before an id. */
export const consoleRewardsQuery = z.object({
  status: z.enum(QUEUE_STATES, { error: 'formInvalid' }).optional(),
  reason: z.enum(REWARD_KINDS, { error: 'formInvalid' }).optional(),
  charId: z.coerce.number({ error: 'formInvalid' }).int().positive().max(CHARACTER_ID_MAX).optional(),
  before: z.coerce.number({ error: 'formInvalid' }).int().positive().optional(),
});
export type ConsoleRewardsQuery = z.input<typeof consoleRewardsQuery>;

export const consoleRewardRow = z.object({
  id: z.number().int(),
  requestId: z.string(),
  charId: z.number().int(),
  itemId: z.number().int(),
  itemCount: z.number().int(),
  reason: z.string(),
  delivery: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.number(),
  deliveredAt: z.number().nullable(),
});
export type ConsoleRewardRow = z.infer<typeof consoleRewardRow>;

export const consoleRewardsAnswer = z.object({ rows: z.array(consoleRewardRow), next: z.number().int().nullable() });
export type ConsoleRewardsAnswer = z.infer<typeof consoleRewardsAnswer>;

const requestIdField = z
  .string({ error: 'formInvalid' })
  .max(190, { error: 'formInvalid' })
  .min(1, { error: 'formInvalid' });

/** Retry a failed (or cancelled) grant's delivery now. */
export const consoleRewardRetryModel = z.object({ requestId: requestIdField });
export type ConsoleRewardRetryModel = z.input<typeof consoleRewardRetryModel>;

/** Cancel a grant not delivered yet, with the reason the audit log keeps. */
export const consoleRewardCancelModel = z.object({
  requestId: requestIdField,
  reason: z
    .string({ error: 'consoleReasonRequired' })
    .max(CONSOLE_NOTE_MAX, { error: 'consoleReasonRequired' })
    .trim()
    .min(3, { error: 'consoleReasonRequired' }),
});
export type ConsoleRewardCancelModel = z.input<typeof consoleRewardCancelModel>;

/** What a reward action found: the grant's state before, and after. */
export const consoleRewardActionAnswer = z.object({ before: z.string(), after: z.string() });

/** The mail outbox's mails given up after mail.retryForHours, as `npm run mail -- --list-failed` lists them. */
export const consoleFailedMailsAnswer = z.array(
  z.object({
    id: z.number().int(),
    jobId: z.number().int().nullable(),
    kind: z.string(),
    email: z.string(),
    subject: z.string().nullable(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
  }),
);
export type ConsoleFailedMailsAnswer = z.infer<typeof consoleFailedMailsAnswer>;

/** Put the failed mails back in the outbox, of one mass mail or all (`npm run mail -- --retry-failed`). */
export const consoleRetryMailsModel = z.object({
  jobId: z.number({ error: 'formInvalid' }).int().positive().max(2_147_483_647).optional(),
});
export type ConsoleRetryMailsModel = z.input<typeof consoleRetryMailsModel>;
export const consoleRetryMailsAnswer = z.object({ requeued: z.number().int() });

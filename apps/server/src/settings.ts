import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_TIME_ZONE, LANGUAGE_STORAGE_MODES } from '@gatekeeper/contract';
import { z } from 'zod';
import { ConfigError, formatIssues } from './config';
import { facebookSettings } from './features/facebook-streams/settings-schema';
import { donationSettings } from './features/donations/settings-schema';
import { downloadsSettings } from './features/downloads/settings-schema';
import { youtubeSettings } from './features/media/settings-schema';
import { referralSettings } from './features/referral/settings-schema';
import { sessionSettings } from './features/sessions/settings-schema';
import { consoleSettings } from './features/console/settings-schema';
import { rewardSettings } from './features/rewards/settings-schema';
import { mailSettings } from './features/mail/settings-schema';
import { statisticsSettings } from './features/statistics/settings-schema';
import { worldSettings } from './features/world/settings-schema';
import { clansSettings } from './features/clans/settings-schema';
import { onlineSettings } from './features/online/settings-schema';
import { isTimeZone, realmVoteSitesSettings, voteSettings, voteSitesSettings } from './features/votes/settings-schema';
import { legalSettings } from './features/legal/settings-schema';
import { liveStreamMinViewersSetting, liveStreamsSetting } from './features/streams/settings-schema';
import { openingDate, rates, realmsSettingsWith } from './features/realms/settings-schema';

/**
 * The owner's settings file (gatekeeper.settings.json): everything that is not a secret or a
 * connection. Every key has a default, so a fresh clone runs the demo without a file. Each key's
 * .describe() text is its documentation: `npm run docs:settings` writes it to
 * docs/owner/settings-reference.md; gatekeeper.settings.example.json shows every key.
 */

const optionalUrl = z.union([z.literal(''), z.url()]);

const percent = z.number().min(0).max(100);

/**
 * `donations` with the PayPal checkout's rate limit, which app.ts hands to the checkout routes
 * (a limit of its own, not the account forms').
 */
const donationsWithCheckoutLimit = donationSettings
  .unwrap()
  .safeExtend({
    checkoutsPerMinute: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(10)
      .describe('PayPal checkouts (an order created or captured) one address may start per minute.'),
  })
  .prefault({})
  .describe(donationSettings.description ?? '');

export const settingsSchema = z
  .object({
    server: z
      .object({
        chronicle: z
          .string()
          .default('Interlude')
          .describe('Chronicle name in the right-hand pane and the header (empty shows `N/A`).'),
        eventName: z.string().default('Team vs Team').describe('The current event (empty shows `N/A`).'),
        orderPercent: percent.default(50).describe('The Order part of the two-part Order/Chaos bar.'),
        chaosPercent: percent.default(50).describe('The Chaos part of the Order/Chaos bar.'),
        openingDate: openingDate
          .nullable()
          .default('2025-11-01T18:00:00+02:00')
          .describe(
            "Opening time, ISO 8601 with the server's own UTC offset (the page shows it as `GMT +2`; the home page's countdown counts to it and stops there; until then the header shows it instead of the status lights); `null` shows `N/A`. The default is the demo world's, a server open for a year.",
          ),
        timeZone: z
          .string()
          .refine(isTimeZone, 'not a time zone name')
          .default(DEFAULT_TIME_ZONE)
          .describe(
            'The time zone every time on the site is shown in (boss respawns, the Olympiad period, sieges, news, the Online chart, account and console times), an IANA name such as `Europe/Athens`; the world pages name it after a time (`UTC`, `EET`, `GMT+2`). The opening date keeps the offset written in `openingDate`.',
          ),
        rates: rates
          .default({ exp: 1, sp: 1, adena: 1, drop: 1 })
          .describe("The game's rates, shown under the server's name on the home page; a rate left out is not shown."),
      })
      .strict()
      .prefault({})
      .describe(
        'What the right-hand pane and the header say about the game server; with several `realms`, what a realm leaves out.',
      ),
    realms: realmsSettingsWith(realmVoteSitesSettings),
    coins: z
      .object({
        name: z
          .string()
          .default('Donation Coin')
          .describe(
            "Name of the in-game currency, shown where the site's item names do not name `rewards.coinItemId` (a custom item); a game item (4037, Coin of Luck) is named as the game's client names it, in the page's language.",
          ),
        perRef: z
          .number()
          .int()
          .min(0)
          .default(10)
          .describe('Coins a referrer earns when a referred player starts playing.'),
        perEuro: z
          .number()
          .min(0)
          .default(100)
          .describe('Coins credited per euro donated (per unit of `donations.currency`), rounded down.'),
      })
      .strict()
      .prefault({}),
    rewards: rewardSettings,
    links: z
      .object({
        features: optionalUrl
          .default('')
          .describe("The top menu's Features link (opens in a new tab). Empty hides the link."),
        discord: optionalUrl.default('').describe("The top menu's Discord invitation. Empty hides the link."),
        communityChat: optionalUrl
          .default('')
          .describe("The sub-menu's community chat link (e.g. a Telegram group). Empty hides the link."),
      })
      .strict()
      .prefault({}),
    voteSites: voteSitesSettings,
    votes: voteSettings,
    chat: z
      .object({
        discordWidgetId: z
          .string()
          .regex(/^\d*$/, 'expected the numeric Discord server id')
          .default('')
          .describe(
            'Your Discord server id; enables the Discord widget in the right-hand pane (turn on "Enable Server Widget" in Discord\'s server settings). Empty hides the widget.',
          ),
      })
      .strict()
      .prefault({}),
    social: z
      .object({
        facebookPageUrl: optionalUrl
          .default('')
          .describe("Your Facebook page URL; shows Facebook's page plugin in the right-hand pane. Empty hides it."),
      })
      .strict()
      .prefault({}),
    liveStreams: liveStreamsSetting,
    liveStreamMinViewers: liveStreamMinViewersSetting,
    facebook: facebookSettings,
    youtube: youtubeSettings,
    ipv6LookupUrl: optionalUrl
      .default('')
      .describe(
        'A service answering `{"ip": "..."}` with the visitor\'s IPv6 (e.g. `https://api64.ipify.org?format=json`), called from the page at registration; empty skips the lookup.',
      ),
    languageStorage: z
      .enum(LANGUAGE_STORAGE_MODES)
      .default('localStorage')
      .describe("Where the page keeps the visitor's language: `localStorage` or a 30-day `cookie`."),
    statistics: statisticsSettings,
    world: worldSettings,
    clans: clansSettings,
    online: onlineSettings,
    referral: referralSettings,
    legal: legalSettings,
    accounts: z
      .object({
        unstuckTown: z
          .union([
            z.enum(['giran', 'talkingIsland']),
            z.object({ x: z.number().int(), y: z.number().int(), z: z.number().int() }).strict(),
          ])
          .default('giran')
          .describe(
            'Where "unblock character" moves a character: `giran` (83400, 147943, -3404), `talkingIsland` (-84318, 244579, -3730) or `{ "x": ..., "y": ..., "z": ... }`.',
          ),
        maxFailedAttempts: z
          .number()
          .int()
          .min(1)
          .max(100)
          .default(5)
          .describe("Wrong passwords (or emails) in a row before an account is locked for the site's tools."),
        lockoutMinutes: z
          .number()
          .int()
          .min(1)
          .max(24 * 60)
          .default(15)
          .describe('How long such a lock lasts.'),
        failedChecksPerAddressPerHour: z
          .number()
          .int()
          .min(1)
          .max(10_000)
          .default(20)
          .describe(
            'Wrong answers one address may give per hour over all accounts; past it the address gets "too many attempts" and no account is checked, so one address cannot lock many accounts.',
          ),
        requestsPerMinute: z
          .number()
          .int()
          .min(1)
          .max(1000)
          .default(10)
          .describe(
            'Account calls (register, change password, recover, PIN, unblock, IP update), referral calls (referral link, visit, event) and mail form calls one address may make per minute.',
          ),
        passwordResetMinutes: z
          .number()
          .int()
          .min(5)
          .max(24 * 60)
          .default(60)
          .describe('How long a password recovery link works (once).'),
      })
      .strict()
      .prefault({})
      .describe('The account tools (see accounts.md).'),
    sessions: sessionSettings,
    console: consoleSettings,
    captcha: z
      .object({
        altchaCost: z
          .number()
          .int()
          .min(1)
          .max(100_000)
          .default(5_000)
          .describe('The ALTCHA proof of work: PBKDF2 iterations per attempt.'),
        altchaMaxCounter: z
          .number()
          .int()
          .min(2)
          .max(1_000_000)
          .default(200)
          .describe('The most attempts a visitor may need (with the default cost, about half a second in a browser).'),
        expireMinutes: z
          .number()
          .int()
          .min(1)
          .max(60)
          .default(10)
          .describe('How long a captcha challenge or token stays valid.'),
      })
      .strict()
      .prefault({}),
    mail: mailSettings,
    donations: donationsWithCheckoutLimit,
    downloads: downloadsSettings,
  })
  .strict();

export type Settings = z.infer<typeof settingsSchema>;

export const parseSettings = (raw: unknown, source = 'settings'): Settings => {
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) throw new ConfigError(formatIssues(source, parsed.error));
  return parsed.data;
};

export const loadSettings = (file: string): Settings => {
  if (!existsSync(file)) return parseSettings({}, file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  return parseSettings(raw, file);
};

import { existsSync, readFileSync } from 'node:fs';
import { LANGUAGE_STORAGE_MODES, VOTE_SITE_COUNT, voteSite } from '@gatekeeper/contract';
import { z } from 'zod';
import { voteCheckSettings } from './features/votes/settings-schema';
import { ConfigError, formatIssues } from './config';
import { facebookSettings } from './features/facebook-streams/settings-schema';
import { donationSettings } from './features/donations/settings-schema';
import { downloadsSettings } from './features/downloads/settings-schema';
import { youtubeSettings } from './features/media/settings-schema';
import { referralSettings } from './features/referral/settings-schema';
import { sessionSettings } from './features/sessions/settings-schema';
import { rewardSettings } from './features/rewards/settings-schema';
import { mailSettings } from './features/mail/settings-schema';
import { liveStreamMinViewersSetting, liveStreamsSetting } from './features/streams/settings-schema';

/**
 * The owner's settings file (gatekeeper.settings.json): everything that is not a secret or a
 * connection. Every key has a default, so a fresh clone runs the demo without a file. Each key's
 * .describe() text is its documentation: `npm run docs:settings` writes it to
 * docs/owner/settings-reference.md; gatekeeper.settings.example.json shows every key.
 */

const url = z.url();
const optionalUrl = z.union([z.literal(''), z.url()]);

/** ISO 8601 with an explicit offset, e.g. 2027-03-01T18:00:00+02:00. */
const openingDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/, 'expected YYYY-MM-DDTHH:MM:SS+HH:MM')
  .refine((value) => {
    const timestamp = Date.parse(value);
    if (Number.isNaN(timestamp)) return false;
    // Date.parse rolls 30 February over into March: the written day must exist as written.
    const [year, month, day] = value.slice(0, 10).split('-').map(Number);
    const calendar = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1));
    return calendar.getUTCFullYear() === year && calendar.getUTCMonth() + 1 === month && calendar.getUTCDate() === day;
  }, 'not a real date');

const percent = z.number().min(0).max(100);

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
          .default('2027-03-01T18:00:00+02:00')
          .describe(
            "Opening time, ISO 8601 with the server's own UTC offset (the page shows it as `GMT +2`; the home page's countdown counts to it and stops there); `null` shows `N/A`.",
          ),
      })
      .strict()
      .prefault({})
      .describe('What the right-hand pane and the header say about the game server.'),
    coins: z
      .object({
        name: z.string().default('Donation Coin').describe('Name of the in-game currency.'),
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
        features: url
          .default('https://example.com/gatekeeper/features')
          .describe("The top menu's Features link (opens in a new tab)."),
        discord: url.default('https://discord.gg/gatekeeper').describe("The top menu's Discord invitation."),
        communityChat: url
          .default('https://t.me/gatekeeper_l2')
          .describe("The sub-menu's community chat link (e.g. a Telegram group)."),
      })
      .strict()
      .prefault({}),
    voteSites: z
      .array(
        voteSite
          .omit({ rewarded: true })
          .extend({
            name: voteSite.shape.name.describe('The vote site, as the vote panel names it.'),
            banner: z
              .string()
              .describe(
                "An 88x31 image served by this site, e.g. `/images/vote/l2topzone.svg` (ours are in `apps/web/public/images/vote/`); the page's content security policy shows no images from other hosts.",
              ),
            url: z
              .string()
              .regex(/^https?:\/\//, 'expected an http(s) URL')
              .describe('The vote link; `{id}` marks where the vote identifier goes.'),
            identifier: voteSite.shape.identifier.describe(
              '`any`: the character name, else the visitor\'s IPv4; `charName`: the character name only (as MMOTOP wants); `voteId`: the character\'s vote id (for a `check` with `by: "voteId"`); `none`: a plain link.',
            ),
            check: voteCheckSettings
              .optional()
              .describe(
                'How the site is asked who voted, and the reward for a vote (see votes.md); without it the site is a plain link.',
              ),
          })
          .strict()
          .refine((site) => (site.check?.by === 'voteId') === (site.identifier === 'voteId'), {
            message: 'a site asked by vote id (check.by "voteId") and only such a site has identifier "voteId"',
            path: ['identifier'],
          }),
      )
      .max(VOTE_SITE_COUNT)
      .default([
        {
          name: 'L2TopZone',
          banner: '/images/vote/l2topzone.svg',
          url: 'https://l2topzone.com/vote/id/00000/{id}',
          identifier: 'any',
        },
        {
          name: 'HopZone',
          banner: '/images/vote/hopzone.svg',
          url: 'https://l2.hopzone.net/site/vote/00000/{id}',
          identifier: 'any',
        },
        {
          name: 'L2Network',
          banner: '/images/vote/l2network.svg',
          url: 'https://l2network.eu/details/gatekeeper/vote/{id}',
          identifier: 'any',
        },
        {
          name: 'iTopZ',
          banner: '/images/vote/itopz.svg',
          url: 'https://itopz.com/vote/00000/{id}',
          identifier: 'any',
        },
        {
          name: 'L2TopGameServer',
          banner: '/images/vote/l2topgameserver.svg',
          url: 'https://l2topgameserver.com/voteGame/00000-gatekeeper/{id}',
          identifier: 'any',
        },
        {
          name: 'L2JBrasil',
          banner: '/images/vote/l2jbrasil.svg',
          url: 'https://top.l2jbrasil.com/index.php?a=in&u=gatekeeper',
          identifier: 'none',
        },
        {
          name: 'L2TopServers',
          banner: '/images/vote/l2topservers.svg',
          url: 'https://l2topservers.com/l2top/00000/gatekeeper',
          identifier: 'none',
        },
        {
          name: 'L2Votes',
          banner: '/images/vote/l2votes.svg',
          url: 'https://l2votes.com/votes.php?sid=00000',
          identifier: 'none',
        },
        {
          name: 'l2top.co',
          banner: '/images/vote/l2topco.svg',
          url: 'https://l2top.co/vote/server/00000',
          identifier: 'none',
        },
        {
          name: 'MMOTOP',
          banner: '/images/vote/mmotop.svg',
          url: 'https://l2.mmotop.ru/servers/00000/votes/new?charname={id}',
          identifier: 'charName',
        },
      ])
      .describe('The vote panel: up to ten vote sites (the default is ten common L2 vote sites; see votes.md).'),
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
    statistics: z
      .object({
        limit: z.number().int().min(1).max(1000).default(100).describe('Rows of each ranking.'),
        refreshSeconds: z
          .number()
          .int()
          .min(5)
          .max(86_400)
          .default(60)
          .describe('How often the rankings are read again from the game database, in the background.'),
      })
      .strict()
      .prefault({})
      .describe('The eleven rankings (see rankings.md).'),
    referral: referralSettings,
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
    donations: donationSettings,
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

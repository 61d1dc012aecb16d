import { existsSync, readFileSync } from 'node:fs';
import { LANGUAGE_STORAGE_MODES, VOTE_SITE_COUNT, voteSite } from '@gatekeeper/contract';
import { z } from 'zod';
import { ConfigError, formatIssues } from './config';
import { facebookSettings } from './features/facebook-streams/settings-schema';
import { donationSettings } from './features/donations/settings-schema';
import { downloadsSettings } from './features/downloads/settings-schema';
import { youtubeSettings } from './features/media/settings-schema';
import { referralSettings } from './features/referral/settings-schema';
import { rewardSettings } from './features/rewards/settings-schema';
import { mailSettings } from './features/mail/settings-schema';
import { liveStreamMinViewersSetting, liveStreamsSetting } from './features/streams/settings-schema';

/**
 * The owner's settings file (gatekeeper.settings.json): everything that is not a secret or a
 * connection. Every key has a default, so a fresh clone runs the demo without a file; README
 * documents each key and gatekeeper.settings.example.json shows them all.
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
        chronicle: z.string().default('Interlude'),
        eventName: z.string().default('Team vs Team'),
        orderPercent: percent.default(50),
        chaosPercent: percent.default(50),
        openingDate: openingDate.nullable().default('2027-03-01T18:00:00+02:00'),
      })
      .strict()
      .prefault({}),
    coins: z
      .object({
        name: z.string().default('Donation Coin'),
        perRef: z.number().int().min(0).default(10),
        perEuro: z.number().min(0).default(100),
      })
      .strict()
      .prefault({}),
    /** How rewards (coins of donations and referrals) reach a character. */
    rewards: rewardSettings,
    links: z
      .object({
        features: url.default('https://example.com/gatekeeper/features'),
        discord: url.default('https://discord.gg/gatekeeper'),
        communityChat: url.default('https://t.me/gatekeeper_l2'),
      })
      .strict()
      .prefault({}),
    voteSites: z
      .array(
        voteSite
          .extend({ banner: z.string(), url: z.string().regex(/^https?:\/\//, 'expected an http(s) URL') })
          .strict(),
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
      ]),
    chat: z
      .object({
        /** Discord server id for the widget; empty hides the widget. */
        discordWidgetId: z.string().regex(/^\d*$/, 'expected the numeric Discord server id').default(''),
      })
      .strict()
      .prefault({}),
    social: z
      .object({ facebookPageUrl: optionalUrl.default('') })
      .strict()
      .prefault({}),
    /** The owner's live streams, shown first in the home page's three slots. */
    liveStreams: liveStreamsSetting,
    /** Streams registered in game show only with at least this many viewers. */
    liveStreamMinViewers: liveStreamMinViewersSetting,
    /** Stream registration (route fb): the Facebook app and the live video collector. */
    facebook: facebookSettings,
    /** The home page's video gallery (YouTube Data API with YOUTUBE_API_KEY, else the list here). */
    youtube: youtubeSettings,
    /** External service answering {"ip": "..."} with the visitor's IPv6; empty skips the lookup. */
    ipv6LookupUrl: optionalUrl.default(''),
    languageStorage: z.enum(LANGUAGE_STORAGE_MODES).default('localStorage'),
    statistics: z
      .object({
        /** Rows of each ranking. */
        limit: z.number().int().min(1).max(1000).default(100),
        /** How often the rankings are read again from the game database, in the background. */
        refreshSeconds: z.number().int().min(5).max(86_400).default(60),
      })
      .strict()
      .prefault({}),
    /** The referral programme: when a referred account counts as playing, and how often that is checked. */
    referral: referralSettings,
    accounts: z
      .object({
        /** Where unblock-character moves a character: a town of L2J.md or explicit coordinates. */
        unstuckTown: z
          .union([
            z.enum(['giran', 'talkingIsland']),
            z.object({ x: z.number().int(), y: z.number().int(), z: z.number().int() }).strict(),
          ])
          .default('giran'),
        /** Wrong passwords (or emails) in a row before an account is locked, and for how long. */
        maxFailedAttempts: z.number().int().min(1).max(100).default(5),
        lockoutMinutes: z
          .number()
          .int()
          .min(1)
          .max(24 * 60)
          .default(15),
        /** Account calls one address may make per minute. */
        requestsPerMinute: z.number().int().min(1).max(1000).default(10),
        passwordResetMinutes: z
          .number()
          .int()
          .min(5)
          .max(24 * 60)
          .default(60),
      })
      .strict()
      .prefault({}),
    captcha: z
      .object({
        /** ALTCHA work: PBKDF2 iterations per attempt and the highest counter a visitor may need. */
        altchaCost: z.number().int().min(1).max(100_000).default(5_000),
        altchaMaxCounter: z.number().int().min(2).max(1_000_000).default(200),
        expireMinutes: z.number().int().min(1).max(60).default(10),
      })
      .strict()
      .prefault({}),
    /** The admin mail form and its outbox (features/mail). */
    mail: mailSettings,
    /** The donate page's payment form and the checks of its notifications. */
    donations: donationSettings,
    /** The downloads page's updaters. */
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

import { VOTE_SITE_COUNT, voteSite } from '@gatekeeper/contract';
import { z } from 'zod';

/** The vote sites whose API the site can ask who voted (features/votes/site-checks.ts). */
export const VOTE_CHECK_KINDS = ['l2topzone', 'hopzone', 'itopz', 'l2votes', 'l2jbrasil', 'l2network'] as const;
export type VoteCheckKind = (typeof VOTE_CHECK_KINDS)[number];
/** The vote sites that call the site back when somebody voted (features/votes/vote-callbacks.ts). */
export const VOTE_CALLBACK_KINDS = ['gtop100', 'top100arena', 'topg'] as const;
/** The callback sites without a shared key: they are known by the address they call from. */
export const KEYLESS_CALLBACK_KINDS: readonly string[] = ['top100arena', 'topg'];
export type VoteCallbackKind = (typeof VOTE_CALLBACK_KINDS)[number];
/** The vote sites that publish a list of votes to download (features/votes/vote-lists.ts). */
export const VOTE_LIST_KINDS = ['mmotop'] as const;
export type VoteListKind = (typeof VOTE_LIST_KINDS)[number];
const ALL_KINDS = [...VOTE_CHECK_KINDS, ...VOTE_CALLBACK_KINDS, ...VOTE_LIST_KINDS] as const;

/** The sites that can be asked by the character's vote id (the vote link's player_id) instead of the address. */
export const VOTE_ID_KINDS: readonly string[] = ['l2jbrasil'];

export const isListKind = (kind: string): kind is VoteListKind => (VOTE_LIST_KINDS as readonly string[]).includes(kind);

export const isCallbackKind = (kind: string): kind is VoteCallbackKind =>
  (VOTE_CALLBACK_KINDS as readonly string[]).includes(kind);

/** Each site's API base, as its own clients use it; tests and owners behind a proxy set apiUrl. */
export const DEFAULT_API_URLS: Record<VoteCheckKind, string> = {
  l2topzone: 'https://api.l2topzone.com',
  hopzone: 'https://api.hopzone.net',
  itopz: 'https://itopz.com',
  l2votes: 'https://l2votes.com',
  l2jbrasil: 'https://top.l2jbrasil.com',
  l2network: 'https://l2network.eu',
};

const httpUrl = z.string().regex(/^https?:\/\/[^\s]+$/, 'expected an http(s) URL');

/** `check` of a voteSites entry: how the site is asked, and what a vote there is worth. */
export const voteCheckSettings = z
  .object({
    kind: z
      .enum(ALL_KINDS)
      .describe(
        `How the site tells who voted: asked by the voter's address (${VOTE_CHECK_KINDS.join(', ')}), calling back (${VOTE_CALLBACK_KINDS.join(', ')}) or in a list of votes (${VOTE_LIST_KINDS.join(', ')}).`,
      ),
    by: z
      .enum(['ip', 'voteId'])
      .default('ip')
      .describe(
        "How the site is asked who voted: by the voter's address (`ip`), or by the character's vote id that the vote link carries (`voteId`, L2JBrasil's `player_id`: set the site's `identifier` to `voteId`), which counts whatever address the player votes from.",
      ),
    apiKey: z
      .string()
      .min(1)
      .optional()
      .describe(
        'The API key (or token) the site gives you; or leave it out and name an environment variable in `apiKeyEnv`.',
      ),
    apiKeyEnv: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/, 'expected an environment variable name')
      .optional()
      .describe('The environment variable that holds the API key, e.g. `VOTE_L2TOPZONE_KEY`.'),
    apiUrl: httpUrl
      .optional()
      .describe(
        "The site's API base, its public address by default; for MMOTop, the address of your vote list (required).",
      ),
    fetchMinutes: z
      .number()
      .int()
      .min(1)
      .max(1_440)
      .default(10)
      .describe('MMOTop: how often the vote list is downloaded.'),
    allowFrom: z
      .array(z.string().min(1))
      .optional()
      .describe('Callback sites without a shared key (Top100Arena): the addresses their callbacks come from.'),
    serverId: z
      .string()
      .min(1)
      .optional()
      .describe(
        "Your server's id on the site, where its API asks for one (iTopZ: the server id; L2JBrasil: the username).",
      ),
    timeZone: z
      .string()
      .default('UTC')
      .describe(
        "The site's time zone, for the vote times it sends without one (Hopzone, L2JBrasil), e.g. `Europe/Athens`.",
      ),
    requestsPerMinute: z
      .number()
      .int()
      .min(1)
      .max(6000)
      .default(60)
      .describe(
        'How many checks a minute the site allows from your server (L2TopZone: 60); over it, players are told to try again.',
      ),
    callbacksPerMinute: z
      .number()
      .int()
      .min(1)
      .max(60_000)
      .default(300)
      .describe(
        "Sites that call back (GTop100, Top100Arena, TopG): how many callbacks a minute each address may send to this site's callback address, a limit of its own (not the account forms'); over it, a callback gets 429.",
      ),
    reward: z
      .object({
        itemId: z
          .number()
          .int()
          .min(1)
          .describe('The item given for a vote; the coin item of `rewards` by default.')
          .optional(),
        count: z.number().int().min(1).max(1_000_000).describe('How many of it.'),
        paidCount: z
          .number()
          .int()
          .min(1)
          .max(1_000_000)
          .optional()
          .describe("MMOTop's paid votes (types 2 to 5): how many of the item; `count` by default."),
      })
      .strict()
      .describe('What one verified vote gives the vote reward character.'),
  })
  .strict()
  .refine(
    (check) =>
      KEYLESS_CALLBACK_KINDS.includes(check.kind) ||
      check.kind === 'mmotop' ||
      check.apiKey !== undefined ||
      check.apiKeyEnv !== undefined,
    {
      message: 'set apiKey or apiKeyEnv (for GTop100: your pingback key)',
      path: ['apiKey'],
    },
  )
  .refine((check) => check.kind !== 'mmotop' || check.apiUrl !== undefined, {
    message: 'set apiUrl to the address of your MMOTop vote list',
    path: ['apiUrl'],
  })
  .refine((check) => !KEYLESS_CALLBACK_KINDS.includes(check.kind) || (check.allowFrom ?? []).length > 0, {
    message: "this site's callbacks carry no key: list the addresses they come from",
    path: ['allowFrom'],
  })
  .refine((check) => !['itopz', 'l2jbrasil'].includes(check.kind) || check.serverId !== undefined, {
    message: 'this site needs serverId',
    path: ['serverId'],
  })
  .refine((check) => check.by === 'ip' || VOTE_ID_KINDS.includes(check.kind), {
    message: `only ${VOTE_ID_KINDS.join(', ')} can be asked by vote id`,
    path: ['by'],
  })
  .refine((check) => isTimeZone(check.timeZone), { message: 'not a time zone name', path: ['timeZone'] });

export type VoteCheckSettings = z.infer<typeof voteCheckSettings>;

/** An IANA time zone name the runtime's Intl knows (`Europe/Athens`, `UTC`). */
export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** One vote site of the vote panel: its link and, where the site can say, its `check`. */
const voteSiteEntry = voteSite
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
  });

/**
 * A realm's own `voteSites` (decision 049): the sites where that game server is listed, each
 * with its own keys, asked when a player claims a vote with a character of that realm. Sites that
 * call back or publish a list name no realm in what they send, so they stay in the site-wide list.
 */
export const realmVoteSitesSettings = z
  .array(voteSiteEntry)
  .max(VOTE_SITE_COUNT)
  .superRefine((sites, context) => {
    sites.forEach((site, index) => {
      const kind = site.check?.kind;
      if (kind !== undefined && (isCallbackKind(kind) || isListKind(kind))) {
        context.addIssue({
          code: 'custom',
          path: [index, 'check', 'kind'],
          message: `${kind} calls back or publishes a list without naming a realm: declare it in the site-wide voteSites`,
        });
      }
    });
  })
  .optional()
  .describe(
    "The realm's own vote sites (its listing at each, with its own keys: `apiKey` or `apiKeyEnv`), asked when a player claims with a character of this realm; sites that call back or publish a list (GTop100, Top100Arena, TopG, MMOTop) belong in the site-wide `voteSites`. Left out, the site-wide `voteSites`.",
  );

/** `voteSites`: the vote panel's sites, each with its link and, where the site can say, its `check`. */
export const voteSitesSettings = z
  .array(voteSiteEntry)
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
  .describe('The vote panel: up to ten vote sites (the default is ten common L2 vote sites; see votes.md).');
export type VoteSitesSettings = z.infer<typeof voteSitesSettings>;

/** `votes`: the vote panel's own limits. */
export const voteSettings = z
  .object({
    requestsPerMinute: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(10)
      .describe(
        'Vote claims ("I voted, give me the reward") one address may make per minute, a limit of its own (not the account forms\').',
      ),
  })
  .strict()
  .prefault({})
  .describe('The vote panel (see votes.md).');
export type VoteSettings = z.infer<typeof voteSettings>;

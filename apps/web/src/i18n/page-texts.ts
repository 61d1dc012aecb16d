import type { RouteId } from '@gatekeeper/contract/lite';

/**
 * Which texts a pre-rendered page carries (decision 048). The locale file's sections below belong
 * to the pages that show them; every other key (the shell's sections, the forms', the error
 * codes') goes with every page. A page carries the shell's texts and its own sections; the
 * browser fetches its language's whole file when the player goes to a page whose sections it
 * lacks, or when a text is missing.
 */
export const PAGE_SECTIONS = [
  'console',
  'myAccount',
  'legal',
  'mail',
  'donate',
  'statistics',
  'fb',
  'world',
  'downloads',
  'online',
  'referral',
  'clan',
  'streams',
  'gallery',
  'wallet',
  'shop',
] as const;
export type PageSection = (typeof PAGE_SECTIONS)[number];

/** Texts of a page's section that the shell shows on every page (the menu's sign-out), by path. */
const SHELL_KEYS: readonly string[] = ['myAccount.signOut'];

/** Texts of another page's section that a page shows, by path (My account's link to the console). */
const KEYS_OF: Partial<Record<TextPage, readonly string[]>> = { myAccount: ['console.shell.openConsole'] };

/** The pages that are not in the route table: a clan's page and a news post's. */
export type TextPage = RouteId | 'clan' | 'post';

const ACCOUNT: readonly PageSection[] = [];
const STATISTICS: readonly PageSection[] = ['statistics', 'online'];
const WORLD: readonly PageSection[] = ['world', 'statistics'];
const LEGAL: readonly PageSection[] = ['legal'];

/** The sections each page shows; the console shows them all. */
const SECTIONS_OF: Record<TextPage, readonly PageSection[]> = {
  home: ['streams', 'gallery'],
  register: ACCOUNT,
  changePassword: ACCOUNT,
  recoverPassword: ACCOUNT,
  changePincode: ACCOUNT,
  unblockCharacter: ACCOUNT,
  myAccount: ['myAccount', 'referral', 'wallet', 'shop'],
  console: PAGE_SECTIONS,
  news: [],
  post: [],
  downloads: ['downloads'],
  donate: ['donate'],
  shop: ['shop', 'wallet'],
  referral: ['referral'],
  mail: ['mail'],
  fb: ['fb'],
  privacy: LEGAL,
  terms: LEGAL,
  contact: LEGAL,
  notFound: [],
  statisticsReferrals: STATISTICS,
  statisticsScore: STATISTICS,
  statisticsAssists: STATISTICS,
  statisticsKills: STATISTICS,
  statisticsDeaths: STATISTICS,
  statisticsKd: STATISTICS,
  statisticsEventTime: STATISTICS,
  statisticsClans: STATISTICS,
  statisticsHeroes: STATISTICS,
  statisticsClasses: STATISTICS,
  statisticsVoters: STATISTICS,
  worldBosses: WORLD,
  worldOlympiad: WORLD,
  worldCastles: WORLD,
  online: ['online', 'statistics'],
  clan: ['clan', 'statistics'],
};

export const sectionsOf = (page: TextPage): readonly PageSection[] => SECTIONS_OF[page];

const isSection = (key: string): key is PageSection => (PAGE_SECTIONS as readonly string[]).includes(key);

/**
 * The texts a page of `page` carries: the shell's and its own sections, with any other section its
 * render read (`read`, the top-level keys the server's render looked up), and the sections it
 * carries whole. The same order of keys as the locale file.
 */
export const pageTexts = (
  page: TextPage,
  texts: Record<string, unknown>,
  read: ReadonlySet<string> = new Set(),
): { texts: Record<string, unknown>; sections: PageSection[] } => {
  const own = new Set<string>([...sectionsOf(page), ...read]);
  const single = [...SHELL_KEYS, ...(KEYS_OF[page] ?? [])].map((path) => path.split('.'));
  const carried: Record<string, unknown> = {};
  const sections: PageSection[] = [];
  for (const [key, value] of Object.entries(texts)) {
    if (!isSection(key) || own.has(key)) {
      carried[key] = value;
      if (isSection(key)) sections.push(key);
      continue;
    }
    // Single texts of a section left out, each at its path.
    for (const [, ...path] of single.filter(([section]) => section === key)) {
      let from: unknown = value;
      for (const part of path) from = (from as Record<string, unknown> | undefined)?.[part];
      if (from === undefined) continue;
      let into = (carried[key] ??= {}) as Record<string, unknown>;
      for (const part of path.slice(0, -1)) into = (into[part] ??= {}) as Record<string, unknown>;
      into[path.at(-1) ?? ''] = from;
    }
  }
  return { texts: carried, sections };
};

/**
 * The locale texts as the server's render reads them, noting each top-level key it looks up: a
 * section the render used goes with the page even if the table above forgot it, so hydration
 * always finds the texts the server's HTML was written with.
 */
export const recordingReads = (texts: Record<string, unknown>, read: Set<string>): Record<string, unknown> =>
  new Proxy(texts, {
    get: (target, key, receiver) => {
      if (typeof key === 'string' && Object.hasOwn(target, key)) read.add(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './constants';

/**
 * The one route table of the page: every route's path in every language. The page routes with it;
 * the server answers 404 for a path that is in it nowhere. English has no prefix,
 * the other languages live under /ru/, /gr/, /es/, /br/, /lt/ with translated slugs.
 */
export const ROUTE_SLUGS = {
  home: { en: '', ru: '', gr: '', es: '', br: '', lt: '' },
  register: { en: 'register', ru: 'registratsiya', gr: 'eggrafi', es: 'registro', br: 'cadastro', lt: 'registracija' },
  changePassword: {
    en: 'change-password',
    ru: 'smena-parolya',
    gr: 'allagi-kodikou',
    es: 'cambiar-contrasena',
    br: 'alterar-senha',
    lt: 'keisti-slaptazodi',
  },
  recoverPassword: {
    en: 'recover-password',
    ru: 'vosstanovlenie-parolya',
    gr: 'anaktisi-kodikou',
    es: 'recuperar-contrasena',
    br: 'recuperar-senha',
    lt: 'atkurti-slaptazodi',
  },
  changePincode: {
    en: 'change-pincode',
    ru: 'smena-pin-koda',
    gr: 'allagi-pin',
    es: 'cambiar-pin',
    br: 'alterar-pin',
    lt: 'keisti-pin',
  },
  unblockCharacter: {
    en: 'unblock-character',
    ru: 'razblokirovka-personazha',
    gr: 'xekleidoma-charaktira',
    es: 'desbloquear-personaje',
    br: 'desbloquear-personagem',
    lt: 'atblokuoti-veikeja',
  },
  myAccount: {
    en: 'account',
    ru: 'moy-akkaunt',
    gr: 'o-logariasmos-mou',
    es: 'mi-cuenta',
    br: 'minha-conta',
    lt: 'mano-paskyra',
  },
  console: { en: 'console', ru: 'konsol', gr: 'konsola', es: 'consola', br: 'console', lt: 'konsole' },
  news: { en: 'news', ru: 'novosti', gr: 'nea', es: 'noticias', br: 'noticias', lt: 'naujienos' },
  downloads: { en: 'downloads', ru: 'zagruzki', gr: 'lipseis', es: 'descargas', br: 'downloads', lt: 'atsisiuntimai' },
  donate: { en: 'donate', ru: 'pozhertvovaniya', gr: 'dorea', es: 'donar', br: 'doar', lt: 'parama' },
  shop: { en: 'shop', ru: 'magazin', gr: 'katastima', es: 'tienda', br: 'loja', lt: 'parduotuve' },
  referral: { en: 'referral', ru: 'referaly', gr: 'parapompi', es: 'referidos', br: 'indicacao', lt: 'rekomendacijos' },
  mail: { en: 'mail', ru: 'mail', gr: 'mail', es: 'mail', br: 'mail', lt: 'mail' },
  fb: { en: 'fb', ru: 'fb', gr: 'fb', es: 'fb', br: 'fb', lt: 'fb' },
  privacy: {
    en: 'privacy',
    ru: 'konfidentsialnost',
    gr: 'aporrito',
    es: 'privacidad',
    br: 'privacidade',
    lt: 'privatumas',
  },
  terms: { en: 'terms', ru: 'pravila', gr: 'oroi', es: 'terminos', br: 'termos', lt: 'salygos' },
  contact: { en: 'contact', ru: 'kontakty', gr: 'epikoinonia', es: 'contacto', br: 'contato', lt: 'kontaktai' },
  notFound: { en: 'notfound', ru: 'notfound', gr: 'notfound', es: 'notfound', br: 'notfound', lt: 'notfound' },
  statisticsReferrals: {
    en: 'statistics/referrals',
    ru: 'statistika/referaly',
    gr: 'statistika/parapompes',
    es: 'estadisticas/referidos',
    br: 'estatisticas/indicacoes',
    lt: 'statistika/rekomendacijos',
  },
  statisticsScore: {
    en: 'statistics/score',
    ru: 'statistika/ochki',
    gr: 'statistika/vathmologia',
    es: 'estadisticas/puntuacion',
    br: 'estatisticas/pontuacao',
    lt: 'statistika/taskai',
  },
  statisticsAssists: {
    en: 'statistics/assists',
    ru: 'statistika/pomoshch',
    gr: 'statistika/voitheies',
    es: 'estadisticas/asistencias',
    br: 'estatisticas/assistencias',
    lt: 'statistika/asistos',
  },
  statisticsKills: {
    en: 'statistics/kills',
    ru: 'statistika/ubiystva',
    gr: 'statistika/fonoi',
    es: 'estadisticas/asesinatos',
    br: 'estatisticas/abates',
    lt: 'statistika/nuzudymai',
  },
  statisticsDeaths: {
    en: 'statistics/deaths',
    ru: 'statistika/smerti',
    gr: 'statistika/thanatoi',
    es: 'estadisticas/muertes',
    br: 'estatisticas/mortes',
    lt: 'statistika/mirtys',
  },
  statisticsKd: {
    en: 'statistics/kd',
    ru: 'statistika/kd',
    gr: 'statistika/kd',
    es: 'estadisticas/kd',
    br: 'estatisticas/kd',
    lt: 'statistika/kd',
  },
  statisticsEventTime: {
    en: 'statistics/eventTime',
    ru: 'statistika/vremya-sobytiy',
    gr: 'statistika/chronos-ekdiloseon',
    es: 'estadisticas/tiempo-de-evento',
    br: 'estatisticas/tempo-de-evento',
    lt: 'statistika/renginiu-laikas',
  },
  statisticsClans: {
    en: 'statistics/clans',
    ru: 'statistika/klany',
    gr: 'statistika/syntechnies',
    es: 'estadisticas/clanes',
    br: 'estatisticas/clas',
    lt: 'statistika/klanai',
  },
  statisticsHeroes: {
    en: 'statistics/heroes',
    ru: 'statistika/geroi',
    gr: 'statistika/iroes',
    es: 'estadisticas/heroes',
    br: 'estatisticas/herois',
    lt: 'statistika/herojai',
  },
  statisticsClasses: {
    en: 'statistics/classes',
    ru: 'statistika/klassy',
    gr: 'statistika/klaseis',
    es: 'estadisticas/clases',
    br: 'estatisticas/classes',
    lt: 'statistika/klases',
  },
  statisticsVoters: {
    en: 'statistics/voters',
    ru: 'statistika/golosuyushchie',
    gr: 'statistika/psifoforoi',
    es: 'estadisticas/votantes',
    br: 'estatisticas/votantes',
    lt: 'statistika/balsuotojai',
  },
  worldBosses: {
    en: 'world/bosses',
    ru: 'mir/bossy',
    gr: 'kosmos/afentika',
    es: 'mundo/jefes',
    br: 'mundo/chefes',
    lt: 'pasaulis/bosai',
  },
  worldCastles: {
    en: 'world/castles',
    ru: 'mir/zamki',
    gr: 'kosmos/kastra',
    es: 'mundo/castillos',
    br: 'mundo/castelos',
    lt: 'pasaulis/pilys',
  },
  worldOlympiad: {
    en: 'world/olympiad',
    ru: 'mir/olimpiada',
    gr: 'kosmos/olympiada',
    es: 'mundo/olimpiada',
    br: 'mundo/olimpiada',
    lt: 'pasaulis/olimpiada',
  },
  online: {
    en: 'statistics/online',
    ru: 'statistika/onlain',
    gr: 'statistika/syndedemenoi',
    es: 'estadisticas/en-linea',
    br: 'estatisticas/online',
    lt: 'statistika/prisijunge',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type RouteId = keyof typeof ROUTE_SLUGS;
export const ROUTE_IDS = Object.keys(ROUTE_SLUGS) as RouteId[];

export const ACCOUNT_ROUTES = [
  'register',
  'changePassword',
  'recoverPassword',
  'changePincode',
  'unblockCharacter',
] as const;

/**
 * The rankings in the order players look for them: PvP and PK first, then clans, heroes and
 * classes, the event and vote boards, the referral programme last. The first is where the top
 * menu's Statistics entry opens (docs/product.md#statistics).
 */
export const STATISTICS_ROUTES = [
  'statisticsScore',
  'statisticsKills',
  'statisticsKd',
  'statisticsAssists',
  'statisticsDeaths',
  'statisticsClans',
  'statisticsHeroes',
  'statisticsClasses',
  'statisticsEventTime',
  'statisticsVoters',
  'statisticsReferrals',
] as const;

/** The Statistics entry's page: the first ranking. */
export const STATISTICS_LANDING = STATISTICS_ROUTES[0];

/** The World section of the top menu: the state of the game world (docs/product.md#world). */
export const WORLD_ROUTES = ['worldBosses', 'worldCastles', 'worldOlympiad'] as const;

/** The footer's pages about the site itself, each replaced by the owner's own page when a setting names one. */
export const LEGAL_ROUTES = ['privacy', 'terms', 'contact'] as const;
export type LegalRouteId = (typeof LEGAL_ROUTES)[number];

export const languagePrefix = (language: Language): string => (language === DEFAULT_LANGUAGE ? '' : `/${language}`);

/** The path of a route in a language: getHref('register', 'ru') is /ru/registratsiya. */
export const getHref = (id: RouteId, language: Language): string => {
  const slug = ROUTE_SLUGS[id][language];
  const path = `${languagePrefix(language)}/${slug}`;
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
};

/** The language a path is written in: its prefix (in any case, as paths compare), or English without one. */
export const languageOfPath = (pathname: string): Language => {
  const second = pathname.indexOf('/', 1);
  const first = pathname.slice(1, second === -1 ? undefined : second).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(first) && first !== DEFAULT_LANGUAGE
    ? (first as Language)
    : DEFAULT_LANGUAGE;
};

/**
 * The text without the slashes at its end. A loop, not the pattern /\/+$/: that pattern tries again
 * from every slash of a run that does not end the text, so a path of 16,000 slashes and a letter
 * costs a quadratic 0.2 s of CPU (docs/owner/security.md, "Requests cost what they are").
 */
export const withoutTrailingSlashes = (text: string): string => {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end -= 1;
  return end === text.length ? text : text.slice(0, end);
};

/** A path as routes compare it: without trailing slashes, in lower case. */
export const normalizePath = (pathname: string): string =>
  (pathname.length > 1 ? withoutTrailingSlashes(pathname) : pathname).toLowerCase();

/** No page's path is longer (a route's path is under 60 characters): a longer one is not looked up. */
export const MAX_PAGE_PATH_LENGTH = 512;

/** The route and language of a path, or undefined for an unknown path. */
export const matchRoute = (pathname: string): { id: RouteId; language: Language } | undefined => {
  if (pathname.length > MAX_PAGE_PATH_LENGTH) return undefined;
  const normalized = normalizePath(pathname);
  const language = languageOfPath(pathname);
  for (const id of ROUTE_IDS) {
    if (getHref(id, language).toLowerCase() === normalized) return { id, language };
  }
  return undefined;
};

/**
 * The pages that show one game world (decision 049): their address may carry a realm's slug after
 * the language prefix (`/x50/statistics/score`, `/ru/x50/statistika/ochki`); the first realm's
 * pages keep the address without one.
 */
export const REALM_ROUTES: readonly RouteId[] = [...STATISTICS_ROUTES, ...WORLD_ROUTES, 'online'];

export const isRealmRoute = (id: RouteId): boolean => REALM_ROUTES.includes(id);

/**
 * A path with a realm's segment after its language prefix: `withRealm('/ru/statistika/ochki', 'x50')`
 * is `/ru/x50/statistika/ochki`; without a realm (the first realm's page), the path as it is.
 */
export const withRealm = (path: string, realm: string | undefined): string => {
  if (!realm) return path;
  const language = languageOfPath(path);
  const prefix = languagePrefix(language);
  const rest = path.slice(prefix.length);
  return `${prefix}/${realm}${rest === '/' ? '' : rest}`;
};

/**
 * A path's realm segment and the path without it. `otherRealms` are the slugs of the realms
 * after the first (the first has no segment); a path whose segment after the language is none of
 * them is returned as it is, with no realm.
 */
export const splitRealm = (
  pathname: string,
  otherRealms: readonly string[],
): { realm: string | undefined; path: string } => {
  if (otherRealms.length === 0 || pathname.length > MAX_PAGE_PATH_LENGTH) return { realm: undefined, path: pathname };
  const prefix = languagePrefix(languageOfPath(pathname));
  const rest = pathname.slice(prefix.length);
  const end = rest.indexOf('/', 1);
  const segment = rest.slice(1, end === -1 ? undefined : end).toLowerCase();
  if (!otherRealms.includes(segment)) return { realm: undefined, path: pathname };
  const after = end === -1 ? '' : rest.slice(end);
  return { realm: segment, path: `${prefix}${after}` || '/' };
};

/**
 * The route, language and realm of a path (decision 049): a realm's segment is only part of the
 * pages that show one game world; any other page with one is not found.
 */
export const matchRealmRoute = (
  pathname: string,
  otherRealms: readonly string[],
): { id: RouteId; language: Language; realm: string | undefined } | undefined => {
  const { realm, path } = splitRealm(pathname, otherRealms);
  const route = matchRoute(path);
  if (!route || (realm !== undefined && !isRealmRoute(route.id))) return undefined;
  return { ...route, realm };
};

/**
 * The route of a path whose realm segment cannot be checked yet (the realms are not known: the
 * language switch before the page's data came): a path of the route table, or one with any word
 * after the language before a page that shows one game world. The server says whether that
 * realm exists.
 */
export const matchAnyRealmRoute = (
  pathname: string,
): { id: RouteId; language: Language; realm: string | undefined } | undefined => {
  const route = matchRoute(pathname);
  if (route) return { ...route, realm: undefined };
  const rest = pathname.slice(languagePrefix(languageOfPath(pathname)).length);
  const end = rest.indexOf('/', 1);
  return end === -1 ? undefined : matchRealmRoute(pathname, [rest.slice(1, end).toLowerCase()]);
};

/** A news post's page: the news page's path and the post's slug (`/news/<slug>`, `/ru/novosti/<slug>`). */
export const getNewsPostHref = (slug: string, language: Language): string => `${getHref('news', language)}/${slug}`;

/** The language and slug of a news post's path (whether that post exists is the server's to say). */
export const matchNewsPost = (pathname: string): { slug: string; language: Language } | undefined => {
  if (pathname.length > MAX_PAGE_PATH_LENGTH) return undefined;
  const language = languageOfPath(pathname);
  const prefix = `${getHref('news', language)}/`;
  const normalized = normalizePath(pathname);
  if (!normalized.startsWith(prefix)) return undefined;
  const slug = normalized.slice(prefix.length);
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? { slug, language } : undefined;
};

/** The first part of a clan page's path in each language (docs/product.md#clan-page). */
export const CLAN_SLUGS = {
  en: 'clan',
  ru: 'klan',
  gr: 'syntechnia',
  es: 'clan',
  br: 'cla',
  lt: 'klanas',
} as const satisfies Record<Language, string>;

/** A clan's page: `/clan/<name>`, `/ru/klan/<name>`; the name as the game writes it, escaped for a path. */
export const clanHref = (name: string, language: Language): string =>
  `${languagePrefix(language)}/${CLAN_SLUGS[language]}/${encodeURIComponent(name)}`;

/**
 * The language and clan name of a clan page's path (whether that clan exists is the server's to
 * say). The name is compared in any case, as the game's clan_name column compares.
 */
export const matchClanPage = (pathname: string): { name: string; language: Language } | undefined => {
  if (pathname.length > MAX_PAGE_PATH_LENGTH) return undefined;
  const language = languageOfPath(pathname);
  const prefix = `${languagePrefix(language)}/${CLAN_SLUGS[language]}/`;
  const path = pathname.length > 1 ? withoutTrailingSlashes(pathname) : pathname;
  if (path.slice(0, prefix.length).toLowerCase() !== prefix) return undefined;
  let name: string;
  try {
    name = decodeURIComponent(path.slice(prefix.length));
  } catch {
    return undefined;
  }
  return name.length > 0 && name.length <= 64 && !name.includes('/') ? { name, language } : undefined;
};

/**
 * A clan crest as PNG, by the game's crest id (docs/product.md#clan-crests): `/clan-crest.png?id=<id>`.
 * A picture, not an /sdk call: outside /sdk, like the site's other images.
 */
export const CLAN_CREST_PATH = '/clan-crest.png';
export const clanCrestHref = (crestId: number): string => `${CLAN_CREST_PATH}?id=${crestId}`;
/** The plain emblem the page shows for a clan without a crest the server could read. */
export const CLAN_EMBLEM_PATH = '/images/clan-emblem.svg';

/**
 * The console's sections, each at an address of its own under the console's (docs/product.md#console):
 * the dashboard at the console's own path, the others at `<console>/<section>`, in English in
 * every language (staff share these links).
 */
export const CONSOLE_SECTIONS = [
  'dashboard',
  'donations',
  'rewards',
  'votes',
  'accounts',
  'news',
  'mail',
  'shop',
  'audit',
] as const;
export type ConsoleSection = (typeof CONSOLE_SECTIONS)[number];

/** A console section's path: `/console`, `/console/donations`, `/ru/konsol/donations`. */
export const consoleSectionHref = (section: ConsoleSection, language: Language): string =>
  section === 'dashboard' ? getHref('console', language) : `${getHref('console', language)}/${section}`;

/** The section and language of a console path (the console's own path is its dashboard), in any case. */
export const matchConsoleSection = (pathname: string): { section: ConsoleSection; language: Language } | undefined => {
  if (pathname.length > MAX_PAGE_PATH_LENGTH) return undefined;
  const language = languageOfPath(pathname);
  const base = getHref('console', language).toLowerCase();
  const normalized = normalizePath(pathname);
  if (normalized === base) return { section: 'dashboard', language };
  if (!normalized.startsWith(`${base}/`)) return undefined;
  const section = CONSOLE_SECTIONS.find((id) => id !== 'dashboard' && normalized === `${base}/${id}`);
  return section ? { section, language } : undefined;
};

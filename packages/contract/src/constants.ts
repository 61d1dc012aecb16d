/** Business constants and limits (docs/product.md#constants), in one place for the page and the server. */

export const LANGUAGES = ['en', 'ru', 'gr', 'es', 'br', 'lt'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** BCP 47 tag of each language, for `<html lang>` and Intl formatting. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en',
  ru: 'ru',
  gr: 'el',
  es: 'es',
  br: 'pt-BR',
  lt: 'lt',
};

/** The time zone moments are shown in when the site sets none (`server.timeZone`, docs/product.md#ground-rules). */
export const DEFAULT_TIME_ZONE = 'UTC';

export const LIMITS = {
  /** A shop promo code (packages/contract/src/shop.ts). */
  promoCodeMax: 32,
  usernameMin: 6,
  usernameMax: 14,
  passwordMin: 8,
  passwordMax: 15,
  pincodeMin: 6,
  pincodeMax: 8,
  emailMax: 250,
  /** characters.char_name is varchar(35) in the L2J schemas. */
  charNameMax: 35,
  /** The game client's login packet carries at most 16 bytes of password. */
  clientPasswordMax: 16,
  /**
   * Every other string a call accepts has a bound too, checked before any trim, pattern or
   * refinement runs, so a huge value costs nothing (docs/product.md#field-rules). accounts.login is varchar(45).
   */
  loginMax: 45,
  /** An existing password: the column holds a hash, and the client sends at most 16 bytes; generous. */
  passwordInputMax: 64,
  /** accounts.email is varchar(255): an address stored before the site's 250 rule. */
  storedEmailMax: 255,
  /** Captcha answers: an ALTCHA payload is about 500 characters, hosted tokens up to about 4 KB. */
  captchaMax: 8192,
  /** INET6_ADDRSTRLEN without its NUL: the longest IPv6 text (with an embedded IPv4). */
  ipMax: 45,
  /** The page's users cookie as updateips receives it: logins joined by COOKIES.users.separator. */
  usersListMax: 1024,
  /** A Facebook user access token (no documented maximum; observed well under 512). */
  facebookTokenMax: 2048,
  /** A password recovery key of a mailed link (43 base64url characters today). */
  recoveryKeyMax: 128,
  /** The public id of a session in the account's list (22 base64url characters today). */
  sessionIdMax: 64,
  /** A second factor's code: six digits, or a recovery code with its dashes and spaces. */
  secondFactorCodeMax: 32,
  /** A passkey's credential id, base64url (authenticators use up to 1023 bytes). */
  passkeyIdMax: 1400,
  /** A field of a passkey's answer (attestation object, client data), base64url. */
  passkeyDataMax: 16_384,
  /** A passkey's name in the account's list. */
  passkeyNameMax: 40,
  /** ischaracterexist's name: longer than any column, so the answer is false up to here. */
  charNameQueryMax: 64,
  /** A referral code or visitor key. */
  referralCodeMax: 64,
  /** An unsubscribe link's version name and HMAC signature. */
  mailVersionMax: 32,
  signatureMax: 128,
  mailSubjectMax: 200,
  mailContentMax: 20_000,
  mailTestEmailsMax: 20,
  /** The mail form's test addresses as one text, bounded before it is split. */
  mailTestEmailsTextMax: 20 * 256,
} as const;

export const PASSWORD_SYMBOLS = ',./!@#$%^*_=+';

const DAY_MS = 24 * 60 * 60 * 1000;

export const COOKIES = {
  users: { name: 'users', maxAgeMs: 90 * DAY_MS, separator: '|' },
  charName: { name: 'charName', maxAgeMs: 90 * DAY_MS },
  /** The realm of the vote reward character (its slug; decision 049), beside `charName`. */
  voteRealm: { name: 'voteRealm', maxAgeMs: 90 * DAY_MS },
  language: { name: 'lang', maxAgeMs: 30 * DAY_MS },
  /** The anti-forgery cookie, readable by the page: `__Host-` prefixed on https, as the session cookie is. */
  csrf: { name: 'XSRF-TOKEN', header: 'x-xsrf-token' },
  /** The referral visitor (httpOnly, set by addvisitor): later events count for that referrer. */
  ref: { name: 'ref', maxAgeMs: 90 * DAY_MS },
  /** The accounts this browser registered (httpOnly, signed by the server at createaccount): updateips believes only these. */
  registered: { name: 'gk_registered', maxAgeMs: 90 * DAY_MS },
  /**
   * Beside the HttpOnly session cookie and as long-lived, readable by the page and holding no
   * secret: only tells a new tab to ask GET /sdk/account once (docs/product.md#my-account).
   * `__Host-` prefixed on https, as the session cookie is.
   */
  signedIn: { name: 'gk_signed_in' },
} as const;

export const LANGUAGE_STORAGE_KEY = 'lang';
export const LANGUAGE_STORAGE_MODES = ['localStorage', 'cookie'] as const;
export type LanguageStorageMode = (typeof LANGUAGE_STORAGE_MODES)[number];

export const COUNTDOWN = {
  ringsMax: { days: 365, hours: 24, minutes: 60, seconds: 60, hundredths: 100 },
  redrawMs: 11,
} as const;

export const LIVE_STREAM_SLOTS = 3;

/**
 * The origins the page frames (docs/integrations.md#embeds): stream players, the YouTube gallery, the Discord
 * widget and the Facebook plugins. The content security policy's frame-src is exactly these
 * (plus the captcha provider's); the page's embed builders are tested against the same list.
 */
export const EMBED_FRAME_ORIGINS = [
  'https://player.twitch.tv',
  'https://player.kick.com',
  'https://player.trovo.live',
  'https://www.youtube.com',
  'https://www.facebook.com',
  'https://discord.com',
] as const;
export const VOTE_SITE_COUNT = 10;

export const DEFAULT_METADATA_TEXT = 'N/A';
export const DEFAULT_ORDER_PERCENT = 50;
export const DEFAULT_CHAOS_PERCENT = 50;

export const LAYOUT = {
  /** The right-hand pane shows only on viewports wider than this. */
  rightPaneMinWidth: 1450,
  mainColumnWidth: 1000,
  maxPageWidth: 1450,
  headerHeight: 780,
} as const;

export const LOCALES_INDEX_PATH = '/assets/locales.json';
export const localeFilePath = (language: Language): string => `/locales/${language}.json`;

/**
 * The names of the game's things the site shows by id (castles, bosses, classes, items), each kind
 * one file per language beside the locale files, loaded only by the pages that show it (decision 047).
 */
export const GAME_NAME_KINDS = ['castles', 'bosses', 'classes', 'items'] as const;
export type GameNameKind = (typeof GAME_NAME_KINDS)[number];
export const gameNamesFilePath = (language: Language, kind: GameNameKind): string =>
  `/locales/${language}/${kind}.json`;

/**
 * A realm's slug (decision 049): its word in addresses and in the read API's `realm` parameter.
 * The server's settings also refuse a language code or the start of a page's path.
 */
export const REALM_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,23}$/;

/** A status light before the first answer and when the call fails: offline, red (docs/product.md#shell). */
export const OFFLINE_STATUS = { type: 'offline', color: 'red' } as const;
export const DEFAULT_SERVER_STATUS = {
  loginStatus: OFFLINE_STATUS,
  gameStatus: OFFLINE_STATUS,
  playersOnline: null,
} as const;

/** What the donor's return from the payment provider (?payment=...) tells the donate page. */
export const PAYMENT_OUTCOMES = ['complete', 'processing', 'failed', 'cancelled'] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/** The payment providers of the provider layer (docs/owner/payments.md). */
export const PAYMENT_PROVIDERS = ['paypal', 'stripe', 'mercadopago'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * How long the console's ban of an account lasts (docs/owner/console.md#accounts), and each one's
 * days; `permanent` has no end: only an unban lifts it.
 */
export const CONSOLE_BAN_DURATIONS = ['1d', '7d', '30d', 'permanent'] as const;
export type ConsoleBanDuration = (typeof CONSOLE_BAN_DURATIONS)[number];
export const CONSOLE_BAN_DAYS: Record<ConsoleBanDuration, number | null> = {
  '1d': 1,
  '7d': 7,
  '30d': 30,
  permanent: null,
};

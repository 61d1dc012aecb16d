import { randomBytes } from 'node:crypto';
import { captchaProvider } from '@gatekeeper/contract';
import { z } from 'zod';
import { FLAVOR_NAMES, PASSWORD_SCHEMES } from './game/flavors';

/**
 * Secrets and connections from the environment (docs/owner/environment.md), parsed once at start-up.
 * A bad value stops start-up with a message naming the variable.
 */

/** A `host:port` (the port defaultPort when left out): the status addresses, here and in the realms' settings. */
export const hostPort = (defaultPort: number) =>
  z
    .string()
    .regex(/^[^\s:]+(:\d{1,5})?$/, 'expected host or host:port')
    .refine((value) => {
      const port = value.split(':')[1];
      return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
    }, 'the port must be 1-65535')
    .transform((value) => {
      const [host = '127.0.0.1', port] = value.split(':');
      return { host, port: port ? Number(port) : defaultPort };
    });

const DATABASE_URL_FORMAT = 'sqlite:PATH or mysql://user:pass@host:port/database';
const databaseUrl = z.string().regex(/^(sqlite:|mysql:\/\/|mariadb:\/\/)/, `expected ${DATABASE_URL_FORMAT}`);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** The address players use; unset: http://localhost:PORT (and a warning on a public HOST). */
  PUBLIC_URL: z.url().optional(),
  /**
   * The game's flavour (game/flavors.ts FLAVOR_NAMES); unset: told by the live schema, and l2j for
   * a new embedded demo database.
   */
  GAME_FLAVOR: z.enum(FLAVOR_NAMES).optional(),
  /** How the login server stores passwords (sha1 or bcrypt); unset: the flavour's, or what the stored hashes show. */
  GAME_PASSWORD_HASH: z.enum(PASSWORD_SCHEMES).optional(),
  LOGIN_DATABASE_URL: databaseUrl.default('sqlite:data/gatekeeper.sqlite'),
  GAME_DATABASE_URL: databaseUrl.optional(),
  SITE_DATABASE_URL: databaseUrl.optional(),
  /** MariaDB/MySQL: how long a query may take before the call answers 503 (and the query is killed). */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2_500),
  /**
   * MariaDB/MySQL: how long a call waits for a free or new connection before it answers 503, and
   * for the server to confirm it stopped a timed-out query. Both defaults together stay under 5 s.
   */
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(1_000),
  LOGIN_SERVER_ADDRESS: hostPort(2106).default({ host: '127.0.0.1', port: 2106 }),
  GAME_SERVER_ADDRESS: hostPort(7777).default({ host: '127.0.0.1', port: 7777 }),
  CAPTCHA_PROVIDER: captchaProvider.default('altcha'),
  CAPTCHA_SITE_KEY: z.string().default(''),
  CAPTCHA_SECRET: z.string().default(''),
  /** Where hosted-captcha tokens are verified; defaults to the provider's siteverify URL. */
  CAPTCHA_VERIFY_URL: z.url().optional(),
  /** HMAC key of ALTCHA challenges; several instances must share one (random per process otherwise). */
  ALTCHA_HMAC_KEY: z.string().min(16, 'at least 16 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  MAIL_OUTBOX_DIR: z.string().default('data/outbox'),
  /** HMAC-SHA256 key of the unsubscribe links in mass mails; random per process when unset. */
  MAIL_SIGNING_KEY: z.string().min(32, 'at least 32 characters').optional(),
  /**
   * HMAC-SHA256 key of the cookie that lists the accounts a browser registered (updateips records
   * addresses only for those); random per process when unset.
   */
  COOKIE_SIGNING_KEY: z.string().min(32, 'at least 32 characters').optional(),
  REDIS_URL: z.string().optional(),
  SETTINGS_FILE: z.string().default('gatekeeper.settings.json'),
  /** YouTube Data API v3 key for the home page's gallery; empty shows the settings' own list. */
  YOUTUBE_API_KEY: z.string().default(''),
  /** A Discord webhook's URL (a secret: it holds the webhook's token): each news post is announced there. */
  DISCORD_NEWS_WEBHOOK_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
  /** The Facebook app's secret: checks players' tokens and the data deletion callback's signature. */
  FACEBOOK_APP_SECRET: z.string().optional(),
  /** 32 bytes (64 hex digits or base64) that encrypt stored Facebook tokens (AES-256-GCM). */
  FACEBOOK_TOKEN_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'expected 32 bytes as 64 hex digits or base64')
    .optional(),
  /**
   * 32 bytes (64 hex digits or base64) that encrypt the stored secrets of the second factor
   * (AES-256-GCM); unset: the key of TOTP_SECRET_KEY_FILE, made on the first start.
   */
  TOTP_SECRET_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'expected 32 bytes as 64 hex digits or base64')
    .optional(),
  TOTP_SECRET_KEY_FILE: z.string().min(1).default('data/totp-secret.key'),
  /** The PayPal REST app's credentials and webhook id (donations.paypal.checkout `orders`, payments.md). */
  PAYPAL_CLIENT_ID: z.string().default(''),
  PAYPAL_CLIENT_SECRET: z.string().default(''),
  PAYPAL_WEBHOOK_ID: z.string().default(''),
  /** Stripe Checkout: the secret API key and the webhook endpoint's signing secret (payments.md). */
  STRIPE_SECRET_KEY: z.string().default(''),
  STRIPE_WEBHOOK_SECRET: z.string().default(''),
  /** Mercado Pago: the access token and the webhook notifications' secret signature (payments.md). */
  MERCADOPAGO_ACCESS_TOKEN: z.string().default(''),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().default(''),
  /** `true`, a hop count, or a comma-separated list of proxy addresses/CIDRs (Fastify trustProxy). */
  TRUST_PROXY: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which answers the access log writes (at `info`, infra/request-log.ts): `changes` leaves out the
   * public reads that went well (pages, files, rankings), which a proxy's own log holds.
   */
  ACCESS_LOG: z.enum(['all', 'changes', 'off']).default('changes'),
  /** An answer slower than this is logged whatever ACCESS_LOG says (but `off`). */
  ACCESS_LOG_SLOW_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /**
   * How long an idle keep-alive connection stays open. Longer than a proxy's or browser's own idle
   * time (nginx 60 s, Chromium 300 s closes first either way), so the site never closes a
   * connection just as a request is sent on it.
   */
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(3600).default(72),
  /** The most a whole request may take to arrive (headers and body); 0: no limit. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Where the built page lives; the default is the web workspace's build output. */
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  /** Why PUBLIC_URL needs setting, when it is unset on an address other players can reach. */
  publicUrlWarning: string | undefined;
  GAME_DATABASE_URL: string;
  SITE_DATABASE_URL: string;
  ALTCHA_HMAC_KEY: string;
  MAIL_SIGNING_KEY: string;
  /** False when MAIL_SIGNING_KEY was generated at start: links in mails die with the process. */
  mailSigningKeyConfigured: boolean;
  COOKIE_SIGNING_KEY: string;
  /** False when COOKIE_SIGNING_KEY was generated at start: browsers' registration cookies die with the process. */
  cookieSigningKeyConfigured: boolean;
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Every REALM_<SLUG>_DATABASE_URL, by variable name: the realms after the first (decision 049). */
  realmDatabaseUrls: Record<string, string>;
};

export class ConfigError extends Error {}

/** Hosts only this machine reaches: there, links to localhost work. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

export const formatIssues = (source: string, error: z.ZodError): string =>
  error.issues.map((issue) => `${source}: ${issue.path.join('.') || '(root)'}: ${issue.message}`).join('\n');

const parseTrustProxy = (value: string): Config['trustProxy'] => {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
};

/**
 * The database URL in an environment variable that a setting names (mail.versions: the URLs hold
 * passwords, so the settings file names the variable). A missing or malformed one stops start-up.
 */
export const databaseUrlFromEnv = (variable: string, source: string, env: NodeJS.ProcessEnv = process.env): string => {
  const parsed = databaseUrl.safeParse(env[variable]);
  if (!parsed.success) {
    throw new ConfigError(
      `${source}: environment variable ${variable} must hold a database URL (${DATABASE_URL_FORMAT})`,
    );
  }
  return parsed.data;
};

/**
 * Keys every instance must hold alike: an instance signs what another checks (a captcha challenge,
 * an unsubscribe link, a registration cookie), or encrypts what another reads (an authenticator
 * secret). REDIS_URL is the sign of several instances.
 */
const SHARED_KEYS = ['ALTCHA_HMAC_KEY', 'MAIL_SIGNING_KEY', 'COOKIE_SIGNING_KEY', 'TOTP_SECRET_KEY'] as const;

const unsharedKeysMessage = (keys: readonly string[]) =>
  `environment: REDIS_URL is set, so several instances may serve the site, but ${keys.join(', ')} ` +
  `${keys.length === 1 ? 'is' : 'are'} not: each instance would make its own random key, and a captcha, ` +
  'an unsubscribe link or a registration cookie made by one instance would be refused by the others ' +
  '(and an authenticator secret stored by one could not be read by the others). ' +
  'Generate each key once (openssl rand -base64 32) and give every instance the same values; if an ' +
  'instance already made its TOTP_SECRET_KEY_FILE (data/totp-secret.key), give its content as TOTP_SECRET_KEY.';

/** The variable that holds the database of the realm with this slug (docs/owner/realms.md). */
export const realmDatabaseVariable = (slug: string): string =>
  `REALM_${slug.toUpperCase().replaceAll('-', '_')}_DATABASE_URL`;

const REALM_VARIABLE = /^REALM_[A-Z0-9_]+_DATABASE_URL$/;

/** The realms' database URLs of the environment, each checked as a database URL. */
const realmDatabaseUrlsOf = (present: Record<string, string | undefined>): Record<string, string> => {
  const urls: Record<string, string> = {};
  for (const [variable, value] of Object.entries(present)) {
    if (!REALM_VARIABLE.test(variable) || value === undefined) continue;
    urls[variable] = databaseUrlFromEnv(variable, 'environment', present);
  }
  return urls;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const realmDatabaseUrls = realmDatabaseUrlsOf(present);
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(formatIssues('environment', parsed.error));
  const value = parsed.data;
  if (value.CAPTCHA_PROVIDER !== 'altcha' && (!value.CAPTCHA_SECRET || !value.CAPTCHA_SITE_KEY)) {
    throw new ConfigError(
      `environment: CAPTCHA_SITE_KEY and CAPTCHA_SECRET are required with CAPTCHA_PROVIDER=${value.CAPTCHA_PROVIDER}`,
    );
  }
  const unshared = SHARED_KEYS.filter((key) => value[key] === undefined);
  if (value.REDIS_URL !== undefined && unshared.length > 0) throw new ConfigError(unsharedKeysMessage(unshared));
  const publicUrl = value.PUBLIC_URL ?? `http://localhost:${value.PORT}`;
  return {
    ...value,
    PUBLIC_URL: publicUrl,
    publicUrlWarning:
      value.PUBLIC_URL === undefined && !LOOPBACK_HOSTS.has(value.HOST)
        ? `PUBLIC_URL is not set: every link the site hands out (recovery and mass mails, referral links, PayPal's return and notification addresses, the Facebook redirect) points to ${publicUrl}, which players cannot reach. Set PUBLIC_URL to the address players use, e.g. PUBLIC_URL=https://l2.example.com`
        : undefined,
    GAME_DATABASE_URL: value.GAME_DATABASE_URL ?? value.LOGIN_DATABASE_URL,
    SITE_DATABASE_URL: value.SITE_DATABASE_URL ?? value.LOGIN_DATABASE_URL,
    ALTCHA_HMAC_KEY: value.ALTCHA_HMAC_KEY ?? randomBytes(32).toString('base64url'),
    MAIL_SIGNING_KEY: value.MAIL_SIGNING_KEY ?? randomBytes(32).toString('base64url'),
    mailSigningKeyConfigured: value.MAIL_SIGNING_KEY !== undefined,
    COOKIE_SIGNING_KEY: value.COOKIE_SIGNING_KEY ?? randomBytes(32).toString('base64url'),
    cookieSigningKeyConfigured: value.COOKIE_SIGNING_KEY !== undefined,
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
    realmDatabaseUrls,
  };
};

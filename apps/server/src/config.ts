import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * Secrets and connections from the environment (DESIGN.md section 6), parsed once at start-up.
 * A bad value stops start-up with a message naming the variable.
 */

const hostPort = (defaultPort: number) =>
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

const databaseUrl = z
  .string()
  .regex(/^(sqlite:|mysql:\/\/|mariadb:\/\/)/, 'expected sqlite:PATH or mysql://user:pass@host:port/database');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  GAME_FLAVOR: z.enum(['l2j', 'acis']).default('l2j'),
  LOGIN_DATABASE_URL: databaseUrl.default('sqlite:data/gatekeeper.sqlite'),
  GAME_DATABASE_URL: databaseUrl.optional(),
  SITE_DATABASE_URL: databaseUrl.optional(),
  LOGIN_SERVER_ADDRESS: hostPort(2106).default({ host: '127.0.0.1', port: 2106 }),
  GAME_SERVER_ADDRESS: hostPort(7777).default({ host: '127.0.0.1', port: 7777 }),
  CAPTCHA_PROVIDER: z.enum(['altcha', 'turnstile', 'hcaptcha', 'recaptcha']).default('altcha'),
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
  REDIS_URL: z.string().optional(),
  SETTINGS_FILE: z.string().default('gatekeeper.settings.json'),
  /** YouTube Data API v3 key for the home page's gallery; empty shows the settings' own list. */
  YOUTUBE_API_KEY: z.string().default(''),
  /** The Facebook app's secret: checks players' tokens and the data deletion callback's signature. */
  FACEBOOK_APP_SECRET: z.string().optional(),
  /** 32 bytes (64 hex digits or base64) that encrypt stored Facebook tokens (AES-256-GCM). */
  FACEBOOK_TOKEN_KEY: z
    .string()
    .regex(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'expected 32 bytes as 64 hex digits or base64')
    .optional(),
  /** `true`, a hop count, or a comma-separated list of proxy addresses/CIDRs (Fastify trustProxy). */
  TRUST_PROXY: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built page lives; the default is the web workspace's build output. */
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  GAME_DATABASE_URL: string;
  SITE_DATABASE_URL: string;
  ALTCHA_HMAC_KEY: string;
  MAIL_SIGNING_KEY: string;
  /** False when MAIL_SIGNING_KEY was generated at start: links in mails die with the process. */
  mailSigningKeyConfigured: boolean;
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
};

export class ConfigError extends Error {}

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

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(formatIssues('environment', parsed.error));
  const value = parsed.data;
  if (value.CAPTCHA_PROVIDER !== 'altcha' && (!value.CAPTCHA_SECRET || !value.CAPTCHA_SITE_KEY)) {
    throw new ConfigError(
      `environment: CAPTCHA_SITE_KEY and CAPTCHA_SECRET are required with CAPTCHA_PROVIDER=${value.CAPTCHA_PROVIDER}`,
    );
  }
  return {
    ...value,
    GAME_DATABASE_URL: value.GAME_DATABASE_URL ?? value.LOGIN_DATABASE_URL,
    SITE_DATABASE_URL: value.SITE_DATABASE_URL ?? value.LOGIN_DATABASE_URL,
    ALTCHA_HMAC_KEY: value.ALTCHA_HMAC_KEY ?? randomBytes(32).toString('base64url'),
    MAIL_SIGNING_KEY: value.MAIL_SIGNING_KEY ?? randomBytes(32).toString('base64url'),
    mailSigningKeyConfigured: value.MAIL_SIGNING_KEY !== undefined,
    trustProxy: parseTrustProxy(value.TRUST_PROXY),
  };
};

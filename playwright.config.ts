import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import type { InstanceProcess } from './e2e/support/instances';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

/**
 * End-to-end tests against the built site, in Debian's Chromium (no downloaded browsers).
 * Instances of the real server, each on its own embedded database:
 *  - default (8181): language kept in local storage, game and login servers down,
 *  - cookie (8182): the language kept in a cookie (settings languageStorage: cookie),
 *  - online (8183): something listens on the login and game ports, so both lights are green,
 *  - home (8184): live streams and a video list in its settings (e2e/support/settings.home.json),
 *  - votes (8185): two vote sites that reward votes, asked at a local stand-in of their APIs, and
 *    donations on PayPal Orders v2 at a local stand-in of PayPal (REST API and approval page),
 *  - acis (BASE + 5): the game's tables as aCis has them (BCrypt passwords, its own email table),
 *    mailing to the same local SMTP server as the default one, and donations on PayPal Orders v2
 *    at the same stand-in as the votes one (the coins wait in the site's queue for a game mod),
 *  - passkeys (BASE + 6): the default one reached as http://localhost (browsers refuse an IP
 *    address as a passkey's relying party), mailing to the same local SMTP server,
 *  - passkeysAcis (BASE + 7): the same on aCis's tables,
 *  - payments (BASE + 8): donations through Stripe Checkout and Mercado Pago beside PayPal, each at
 *    a local stand-in of its API that sends its signed notifications to this instance,
 *  - realms (BASE + 9): two realms (decision 049) on one login database, the second on an embedded
 *    game database of its own, seeded with a demo world of its own on the first start; the second
 *    realm has a vote site of its own at the vote sites' stand-in,
 *  - walletDonations (BASE + 10): donations to the donor's wallet (donations.target wallet) through
 *    PayPal Orders v2 at its stand-in (the same as the votes one) and Mercado Pago at its stand-in,
 *    which notifies the address each payment names.
 * The others keep the legacy PayPal form (settings.default.json), as an owner with buttons does.
 */

/** E2E_PORT_BASE moves every port, so two runs on one machine do not collide. */
const BASE = Number(process.env.E2E_PORT_BASE ?? 8181);
const PORTS = {
  default: BASE,
  cookie: BASE + 1,
  online: BASE + 2,
  home: BASE + 3,
  votes: BASE + 4,
  acis: BASE + 5,
  passkeys: BASE + 6,
  passkeysAcis: BASE + 7,
  payments: BASE + 8,
  realms: BASE + 9,
  walletDonations: BASE + 10,
  login: BASE + 10000,
  game: BASE + 10001,
  smtp: BASE + 10002,
  voteApi: BASE + 10003,
  paypal: BASE + 10004,
  stripe: BASE + 10005,
  mercadopago: BASE + 10006,
};

/** Where the local SMTP server drops the mails of the default instance, and its database. */
export const MAIL_DIR = `test-results/e2e-mail-${BASE}`;
export const DATABASE_FILE = (name: InstanceName) => `test-results/e2e-data-${BASE}/${name}.sqlite`;

export const INSTANCES = {
  default: `http://127.0.0.1:${PORTS.default}`,
  cookie: `http://127.0.0.1:${PORTS.cookie}`,
  online: `http://127.0.0.1:${PORTS.online}`,
  home: `http://127.0.0.1:${PORTS.home}`,
  votes: `http://127.0.0.1:${PORTS.votes}`,
  acis: `http://127.0.0.1:${PORTS.acis}`,
  passkeys: `http://localhost:${PORTS.passkeys}`,
  passkeysAcis: `http://localhost:${PORTS.passkeysAcis}`,
  payments: `http://127.0.0.1:${PORTS.payments}`,
  realms: `http://127.0.0.1:${PORTS.realms}`,
  walletDonations: `http://127.0.0.1:${PORTS.walletDonations}`,
} as const;
type InstanceName = keyof typeof INSTANCES;

/** The vote sites' stand-in (e2e/support/vote-sites.mjs): a player votes there through `control/vote`. */
export const VOTE_API = `http://127.0.0.1:${PORTS.voteApi}`;
const VOTE_API_KEY = 'e2e-vote-key';

/** PayPal's stand-in (apps/server/test/support/fakes/paypal-stand-in.ts): its REST API and the donor's approval page. */
export const PAYPAL_API = `http://127.0.0.1:${PORTS.paypal}`;
const PAYPAL_APP = {
  PAYPAL_CLIENT_ID: 'e2e-client',
  PAYPAL_CLIENT_SECRET: 'e2e-secret',
  PAYPAL_WEBHOOK_ID: 'E2EWEBHOOK1',
};

/** Stripe's and Mercado Pago's stand-ins (apps/server/test/support/fakes/): their APIs and the donor's pages. */
export const STRIPE_API = `http://127.0.0.1:${PORTS.stripe}`;
export const MERCADOPAGO_API = `http://127.0.0.1:${PORTS.mercadopago}`;
const PROVIDER_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
  MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-e2e',
  MERCADOPAGO_WEBHOOK_SECRET: 'e2e-mercadopago-secret',
};

const defaultSettings = () => JSON.parse(readFileSync('e2e/support/settings.default.json', 'utf8')) as object;
/** Donations on PayPal Orders v2, at the stand-in. */
const ORDERS_AT_STAND_IN = { donations: { paypal: { checkout: 'orders', apiBaseUrl: PAYPAL_API } } };

/** The aCis instance's settings: the default ones, with donations on PayPal Orders v2 at the stand-in. */
const acisSettingsFile = (() => {
  const file = `test-results/e2e-data-${BASE}/settings.acis.json`;
  mkdirSync(`test-results/e2e-data-${BASE}`, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...defaultSettings(), ...ORDERS_AT_STAND_IN }));
  return file;
})();

/** A vote site asked at the stand-in, paying `count` of item 4037 a vote. */
const standInVoteSite = (kind: string, name: string, count: number) => ({
  name,
  banner: `/images/vote/${kind}.svg`,
  url: `https://${kind}.example/vote/{id}`,
  identifier: 'any',
  check: { kind, apiKey: VOTE_API_KEY, apiUrl: `${VOTE_API}/${kind}`, reward: { itemId: 4037, count } },
});

/** The votes instance's settings: the default ones, with two vote sites asked at the stand-in. */
const votesSettingsFile = (() => {
  const file = `test-results/e2e-data-${BASE}/settings.votes.json`;
  const base = defaultSettings();
  const site = standInVoteSite;
  mkdirSync(`test-results/e2e-data-${BASE}`, { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({
      ...base,
      voteSites: [site('l2topzone', 'L2TopZone', 7), site('l2votes', 'L2Votes', 3)],
      ...ORDERS_AT_STAND_IN,
    }),
  );
  return file;
})();

/** The payments instance's settings: PayPal Orders, Stripe and Mercado Pago (20 coins a real) at their stand-ins. */
const paymentsSettingsFile = (() => {
  const file = `test-results/e2e-data-${BASE}/settings.payments.json`;
  mkdirSync(`test-results/e2e-data-${BASE}`, { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({
      ...defaultSettings(),
      donations: {
        paypal: { checkout: 'orders', apiBaseUrl: PAYPAL_API },
        stripe: { apiBaseUrl: STRIPE_API },
        mercadopago: { apiBaseUrl: MERCADOPAGO_API, coinsPerUnit: 20 },
      },
    }),
  );
  return file;
})();

/**
 * The walletDonations instance's settings: donations to the wallet, through PayPal Orders at its
 * stand-in and Mercado Pago (20 coins a real).
 */
const walletDonationsSettingsFile = (() => {
  const file = `test-results/e2e-data-${BASE}/settings.wallet-donations.json`;
  mkdirSync(`test-results/e2e-data-${BASE}`, { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({
      ...defaultSettings(),
      donations: {
        target: 'wallet',
        paypal: { checkout: 'orders', apiBaseUrl: PAYPAL_API },
        mercadopago: { apiBaseUrl: MERCADOPAGO_API, coinsPerUnit: 20 },
      },
    }),
  );
  return file;
})();

/** The realms instance's second realm's game database (an embedded one of its own). */
export const SECOND_REALM_DATABASE_FILE = `test-results/e2e-data-${BASE}/realms-x50.sqlite`;

/**
 * The realms instance's settings: the default ones, with two realms; the first votes at the
 * site-wide L2TopZone, the second at its own L2Votes (both at the stand-in).
 */
const realmsSettingsFile = (() => {
  const file = `test-results/e2e-data-${BASE}/settings.realms.json`;
  mkdirSync(`test-results/e2e-data-${BASE}`, { recursive: true });
  writeFileSync(
    file,
    JSON.stringify({
      ...defaultSettings(),
      realms: [
        { id: 1, slug: 'x5', name: 'Bartz x5' },
        {
          id: 2,
          slug: 'x50',
          name: 'Sieghardt x50',
          chronicle: 'High Five',
          rates: { exp: 50, sp: 50, adena: 20, drop: 10 },
          statusAddress: '127.0.0.1:1',
          voteSites: [standInVoteSite('l2votes', 'L2Votes', 5)],
        },
      ],
      voteSites: [standInVoteSite('l2topzone', 'L2TopZone', 7)],
    }),
  );
  return file;
})();

/** The flags the server runs with everywhere (decision 023). */
const SERVER_NODE_FLAGS = JSON.parse(readFileSync('apps/server/src/node-flags.json', 'utf8')) as string[];

/** One of the site's instances: the built server on an embedded database of its own. */
const server = (port: number, name: InstanceName, env: Record<string, string> = {}): InstanceProcess => ({
  name,
  command: ['node', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'],
  ready: { url: `http://127.0.0.1:${port}/healthz` },
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    LOGIN_DATABASE_URL: `sqlite:${DATABASE_FILE(name)}`,
    TOTP_SECRET_KEY_FILE: DATABASE_FILE(name).replace(/\.sqlite$/, '.totp-secret.key'),
    LOGIN_SERVER_ADDRESS: '127.0.0.1:1',
    GAME_SERVER_ADDRESS: '127.0.0.1:1',
    SETTINGS_FILE: 'e2e/support/settings.default.json',
    ...env,
  },
});

/** A stand-in run from its TypeScript source. */
const standIn = (name: string, file: string, port: number, args: (string | number)[]): InstanceProcess => ({
  name,
  command: ['node', '--import', 'tsx', file, String(port), ...args.map(String)],
  ready: { port },
});

/**
 * Everything the suite talks to, started at once by e2e/support/global-setup.ts (Playwright's
 * webServer list would start them one after another).
 */
export const INSTANCE_PROCESSES: InstanceProcess[] = [
  {
    name: 'login and game ports',
    command: ['node', 'e2e/support/tcp-listeners.mjs', String(PORTS.login), String(PORTS.game)],
    ready: { port: PORTS.game },
  },
  {
    name: 'smtp',
    command: ['node', 'e2e/support/smtp-sink.mjs', String(PORTS.smtp), MAIL_DIR],
    ready: { port: PORTS.smtp },
  },
  server(PORTS.default, 'default', {
    SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
    MAIL_FROM: 'Gatekeeper <noreply@gatekeeper.test>',
  }),
  server(PORTS.cookie, 'cookie', { SETTINGS_FILE: 'e2e/support/settings.cookie.json' }),
  server(PORTS.online, 'online', {
    LOGIN_SERVER_ADDRESS: `127.0.0.1:${PORTS.login}`,
    GAME_SERVER_ADDRESS: `127.0.0.1:${PORTS.game}`,
  }),
  server(PORTS.home, 'home', { SETTINGS_FILE: 'e2e/support/settings.home.json' }),
  server(PORTS.acis, 'acis', {
    GAME_FLAVOR: 'acis',
    SETTINGS_FILE: acisSettingsFile,
    SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
    MAIL_FROM: 'Gatekeeper <noreply@gatekeeper.test>',
    ...PAYPAL_APP,
  }),
  server(PORTS.passkeys, 'passkeys', {
    PUBLIC_URL: INSTANCES.passkeys,
    SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
    MAIL_FROM: 'Gatekeeper <noreply@gatekeeper.test>',
  }),
  server(PORTS.passkeysAcis, 'passkeysAcis', {
    GAME_FLAVOR: 'acis',
    PUBLIC_URL: INSTANCES.passkeysAcis,
    SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
    MAIL_FROM: 'Gatekeeper <noreply@gatekeeper.test>',
  }),
  {
    name: 'vote sites',
    command: ['node', 'e2e/support/vote-sites.mjs', String(PORTS.voteApi), VOTE_API_KEY],
    ready: { port: PORTS.voteApi },
  },
  standIn('paypal', 'apps/server/test/support/fakes/paypal-stand-in.ts', PORTS.paypal, [
    PAYPAL_APP.PAYPAL_CLIENT_ID,
    PAYPAL_APP.PAYPAL_CLIENT_SECRET,
    PAYPAL_APP.PAYPAL_WEBHOOK_ID,
  ]),
  standIn('stripe', 'apps/server/test/support/fakes/stripe-stand-in.ts', PORTS.stripe, [
    PROVIDER_KEYS.STRIPE_SECRET_KEY,
    PROVIDER_KEYS.STRIPE_WEBHOOK_SECRET,
    `${INSTANCES.payments}/payments/stripe/webhook`,
  ]),
  standIn('mercadopago', 'apps/server/test/support/fakes/mercadopago-stand-in.ts', PORTS.mercadopago, [
    PROVIDER_KEYS.MERCADOPAGO_ACCESS_TOKEN,
    PROVIDER_KEYS.MERCADOPAGO_WEBHOOK_SECRET,
  ]),
  server(PORTS.payments, 'payments', { SETTINGS_FILE: paymentsSettingsFile, ...PAYPAL_APP, ...PROVIDER_KEYS }),
  server(PORTS.walletDonations, 'walletDonations', {
    SETTINGS_FILE: walletDonationsSettingsFile,
    ...PAYPAL_APP,
    MERCADOPAGO_ACCESS_TOKEN: PROVIDER_KEYS.MERCADOPAGO_ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: PROVIDER_KEYS.MERCADOPAGO_WEBHOOK_SECRET,
  }),
  server(PORTS.realms, 'realms', {
    SETTINGS_FILE: realmsSettingsFile,
    REALM_X50_DATABASE_URL: `sqlite:${SECOND_REALM_DATABASE_FILE}`,
    // The browser stands behind a proxy at 127.0.0.1: each vote test votes from an address of its own.
    TRUST_PROXY: '127.0.0.1',
  }),
  // The browser stands behind a proxy at 127.0.0.1: each test votes from an address of its own.
  server(PORTS.votes, 'votes', { SETTINGS_FILE: votesSettingsFile, TRUST_PROXY: '127.0.0.1', ...PAYPAL_APP }),
];

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // CI machines run about 1.5 times slower than this one: room for that, no retries to hide flakes.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: INSTANCES.default,
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS] },
    // No trace by default: recording one snapshots the page at every step of every test, passed
    // or not, and CI only keeps what the run prints. To study a failure locally:
    // `npx playwright test e2e/x.spec.ts --trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  // One project: a spec's logic is tested once, at 1920. The specs about sizes (layout, first
  // screen, design bits, the World pages) set their own; the console's and My account's journeys
  // spread theirs over the game flavours (e2e/support/sizes.ts, docs/decisions/043-fast-feedback.md).
  projects: [{ name: 'desktop-1920', use: { ...devices['Desktop Chrome'], viewport: { width: 1920, height: 1080 } } }],
  globalSetup: './e2e/support/global-setup.ts',
});

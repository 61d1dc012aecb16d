// `npm run screenshots`: the first screen of every kind of page, in English and Russian, at a
// phone's 390 px, a laptop's 1280 x 720 and a desktop's 1920 x 1080, into
// docs/images/breakpoints (docs/decisions/010-breakpoints.md shows them). It serves the built
// site on a fresh demo database of its own (the demo world of `npm start`) and needs Chromium
// (/usr/bin/chromium, or CHROMIUM_PATH).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { clanHref, getHref } from '@gatekeeper/contract';
import { ensureBuilt, ensureInstalled, root, serverNodeFlags } from './lib.mjs';

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 8099);
const BASE = `http://127.0.0.1:${PORT}`;
const OUT = join(root, 'docs/images/breakpoints');
const LANGUAGES = ['en', 'ru'];
const SIZES = {
  '390x844': { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  '1280x720': { viewport: { width: 1280, height: 720 } },
  '1920x1080': { viewport: { width: 1920, height: 1080 } },
};
/** The pages by kind: one of each layout a player meets. */
const ALL_PAGES = {
  home: (language) => getHref('home', language),
  register: (language) => getHref('register', language),
  'account-tool': (language) => getHref('changePincode', language),
  'my-account': (language) => getHref('myAccount', language),
  donate: (language) => getHref('donate', language),
  shop: (language) => getHref('shop', language),
  ranking: (language) => getHref('statisticsKills', language),
  clans: (language) => getHref('statisticsClans', language),
  clan: (language) => clanHref('WolfLegion', language),
  bosses: (language) => getHref('worldBosses', language),
  olympiad: (language) => getHref('worldOlympiad', language),
  online: (language) => getHref('online', language),
  news: (language) => getHref('news', language),
  downloads: (language) => getHref('downloads', language),
};

// SCREENSHOTS_PAGES=shop,online: only those kinds (after a change to one page).
const only = process.env.SCREENSHOTS_PAGES?.split(',').filter(Boolean);
const PAGES = Object.fromEntries(Object.entries(ALL_PAGES).filter(([name]) => !only || only.includes(name)));

ensureInstalled();
ensureBuilt();
const data = mkdtempSync(join(tmpdir(), 'gatekeeper-screenshots-'));
const server = spawn(process.execPath, [...serverNodeFlags(), 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'ignore',
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: BASE,
    LOG_LEVEL: 'warn',
    LOGIN_DATABASE_URL: `sqlite:${join(data, 'gatekeeper.sqlite')}`,
    TOTP_SECRET_KEY_FILE: join(data, 'totp-secret.key'),
  },
});
try {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (tries > 120) throw new Error('the site did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  for (const [size, options] of Object.entries(SIZES)) {
    for (const language of LANGUAGES) {
      const context = await browser.newContext({ baseURL: BASE, ...options });
      const page = await context.newPage();
      for (const [name, path] of Object.entries(PAGES)) {
        await page.goto(path(language), { waitUntil: 'networkidle' });
        // JPEG: the artwork behind the pages makes a PNG three times as heavy.
        await page.screenshot({ path: join(OUT, `${size}-${language}-${name}.jpg`), type: 'jpeg', quality: 70 });
      }
      await context.close();
    }
  }
  await browser.close();
  console.log(`screenshots: ${Object.keys(SIZES).length * LANGUAGES.length * Object.keys(PAGES).length} in ${OUT}`);
} finally {
  server.kill();
  rmSync(data, { recursive: true, force: true });
}

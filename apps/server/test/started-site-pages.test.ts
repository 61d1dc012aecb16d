import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALES } from '@gatekeeper/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SiteProcess, startSiteProcess } from './support/site-process';

const PAGE_DATA = /<script type="application\/json" id="gatekeeper-page-data">([^]*?)<\/script>/;

/**
 * The site as `npm start` serves it (the built server and page, the embedded database made and
 * seeded on first start, the game's flavour from GAME_FLAVOR), here on aCis: the pre-rendered
 * pages are made from the metadata getmetadata answers, so a page never offers what the game
 * cannot do. The PIN page once showed aCis players a PIN form while getmetadata said there was none.
 */
describe('the pre-rendered pages of a site started as npm start starts it, on aCis', () => {
  let dataDir: string;
  let site: SiteProcess;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gatekeeper-start-'));
    site = await startSiteProcess({
      built: true,
      env: {
        GAME_FLAVOR: 'acis',
        LOGIN_DATABASE_URL: `sqlite:${join(dataDir, 'gatekeeper.sqlite')}`,
        MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      },
    });
  }, 90_000);
  afterAll(async () => {
    await site?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders the PIN page with the notice that the game has no PIN, as getmetadata says', async () => {
    const metadata = (await (await fetch(`${site.url}/sdk/getmetadata`)).json()) as {
      accountTools: { pincode: boolean };
    };
    expect(metadata.accountTools.pincode).toBe(false);

    for (const [path, language] of [
      ['/change-pincode', 'en'],
      ['/ru', 'ru'],
    ] as const) {
      const html = await (await fetch(`${site.url}${path}`)).text();
      const data = JSON.parse(PAGE_DATA.exec(html)?.[1] ?? '{}') as { metadata?: unknown };
      expect(data.metadata, path).toEqual(metadata);
      if (path === '/change-pincode') {
        expect(html).toContain(LOCALES[language].account.noPincode.replaceAll("'", '&#x27;'));
        expect(html).not.toMatch(/<input[^>]+name="pincode"/);
      }
    }
  });
});

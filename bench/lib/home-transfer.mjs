// The home page's JavaScript as Chromium transfers it on a cold first load: a fresh
// profile opens `/` and waits until the network has been idle (the script is added after the
// page's load event, and the chunks it imports follow); every script response is summed at its
// encoded size, the bytes that crossed the wire, as DevTools' "transferred" column shows them.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export const homeTransfer = async (siteUrl) => {
  if (!existsSync(CHROMIUM_PATH))
    return { skipped: `no Chromium at ${CHROMIUM_PATH} (Debian: apt-get install -y chromium)` };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const measured = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      measured.push(
        (async () => {
          const [response, sizes, headers] = await Promise.all([
            request.response(),
            request.sizes(),
            request.allHeaders(),
          ]);
          return {
            path: new URL(request.url()).pathname,
            asked: headers['accept-encoding'] ?? '',
            encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
            bytes: sizes.responseBodySize,
          };
        })(),
      );
    });
    await page.goto(siteUrl, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(measured)).sort((a, b) => b.bytes - a.bytes);
    await context.close();
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    return { totalKb: total / 1000, totalKib: total / 1024, scripts };
  } finally {
    await browser.close();
  }
};

import type { Locator, Page, PageScreenshotOptions } from '@playwright/test';

/**
 * A picture of a page or a part of it, for a person to look at (a new page at each size, the
 * console's pictures in docs/images/console): taken only when E2E_PICTURES is set, since CI keeps
 * none and each full-page picture costs the suite a second of processor time.
 * `E2E_PICTURES=1 npx playwright test e2e/world.spec.ts` keeps them under test-results.
 */
export const keepPicture = async (
  target: Page | Locator,
  path: string,
  options: Pick<PageScreenshotOptions, 'fullPage' | 'scale'> = {},
) => {
  if (!process.env.E2E_PICTURES) return;
  await target.screenshot({ path, ...options });
};

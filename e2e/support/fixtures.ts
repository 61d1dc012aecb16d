import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

export const isWide = (page: Page) => (page.viewportSize()?.width ?? 0) > 1450;

/** No WCAG 2.2 A/AA violation on the page as it stands (every page the end-to-end tests open is scanned with axe-core). */
export const expectAccessible = async (page: Page) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // Third-party embeds are not ours to fix.
    .exclude('iframe')
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

/**
 * Waits until the page has its texts and metadata (the right pane or the inline vote panel) and its
 * script has taken over the pre-rendered HTML, so that what a player does from then on is answered.
 */
export const waitForShell = async (page: Page) => {
  // The console's own frame lists no menu before its sections show: its bar stands for it.
  await expect(
    page
      .getByRole('navigation', { name: /./ })
      .or(page.getByRole('banner').getByText('Console', { exact: true }))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForScript(page);
};

/**
 * Waits until the page's script has taken over the pre-rendered HTML (decision 022): what only the
 * script does (recording a click, finding a row of a ranking) works from then on. The
 * flags are disabled until then.
 */
export const waitForScript = async (page: Page) => {
  // The English flag's name is the same in every language of the page. In the console on a phone
  // the flags are in the sections' menu, whose button only the script shows.
  await expect(
    page
      .getByRole('button', { name: 'English', exact: true })
      .or(page.getByRole('button', { name: 'Sections' }))
      .first(),
  ).toBeEnabled();
};

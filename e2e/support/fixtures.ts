import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Page, expect } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

export const isWide = (page: Page) => (page.viewportSize()?.width ?? 0) > 1450;

/** axe-core's own script, put into a page once per document. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_22_AA: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
};

/**
 * The WCAG 2.2 A/AA violations on the page as it stands, as "rule: targets" lines. axe-core goes
 * into the document once and stays for the pages reached by the site's links, so a scan costs
 * what axe's rules cost: a tenth of a second, not the half second of putting axe in each time.
 * Third-party embeds (iframes) are not ours to fix; `exclude` leaves out more.
 */
export const accessibilityViolations = async (page: Page, exclude: string[] = []): Promise<string[]> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const context: ElementContext = { exclude: ['iframe', ...exclude].map((selector) => [selector]) };
  return page.evaluate(
    async ({ context, options }) => {
      const { axe } = window as unknown as {
        axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> };
      };
      const results = await axe.run(JSON.parse(context), JSON.parse(options));
      return results.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    },
    { context: JSON.stringify(context), options: JSON.stringify(WCAG_22_AA) },
  );
};

/** No WCAG 2.2 A/AA violation on the page as it stands (every page the end-to-end tests open is scanned with axe-core). */
export const expectAccessible = async (page: Page) => {
  expect(await accessibilityViolations(page)).toEqual([]);
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

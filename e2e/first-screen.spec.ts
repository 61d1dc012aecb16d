import { type Browser, type BrowserContextOptions, type Page, expect, test } from '@playwright/test';
import { LANGUAGES } from '@gatekeeper/contract/lite';
import { ROUTE_IDS, type RouteId, getHref } from '../apps/web/src/i18n/routes';

/**
 * A link opens on its page (decision 010): every page of the route table, in all six languages,
 * opened by its address, shows its heading and the start of its content (the first field, the
 * first rows of a ranking, else what follows the heading) in the first screen, without scrolling
 * and without a layout shift. The home page keeps its 780 px artwork header on a 1920 desktop.
 */
const SIZES: Record<string, BrowserContextOptions> = {
  // Positions are CSS pixels, the same on a 1x and a 2x screen: painting each page at 1x costs a
  // quarter of the pixels (the layout test keeps the phone's 2x screen).
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  laptop: { viewport: { width: 1280, height: 720 } },
  'short laptop': { viewport: { width: 1366, height: 768 } },
  desktop: { viewport: { width: 1920, height: 1080 } },
};

// The sizes are set here, so one project is enough (the others would run the same pages again).
test.skip(({ viewport }) => viewport?.width !== 1920, 'the sizes are set by the spec itself');
test.describe.configure({ mode: 'parallel' });

/** Each language's pages, one test per size and language, so that a test's length does not grow with the route table. */
const pagesIn = (language: (typeof LANGUAGES)[number]) => ROUTE_IDS.map((id) => ({ id, path: getHref(id, language) }));

/**
 * Sums every layout shift the browser reports (CLS without its windows), from the first paint on:
 * a busy machine's paint of a half-read page included, which the page's render-blocking
 * `<link rel="expect">` and its fixed grid cells prevent (decision 010).
 */
const recordLayoutShifts = () => {
  const shifts: number[] = [];
  (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) shifts.push(entry.value);
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

const open = async (browser: Browser, size: string) => {
  const context = await browser.newContext({ ...SIZES[size], baseURL: test.info().project.use.baseURL });
  await context.addInitScript(recordLayoutShifts);
  return { context, page: await context.newPage() };
};

type Box = { y: number; height: number };
/** What a page shows in its first screen, measured inside the page in one go. */
type FirstScreen = {
  title: string;
  headingText: string;
  heading: Box | null;
  content: { what: string; box: Box | null; start: number } | null;
  scrollY: number;
  shifts: number;
};

/**
 * Measured in the page, around its heading: the start of its content is its first field or a
 * table's first rows, whichever comes first (the Olympiad's class leaders come before its class
 * select), else what follows the heading, of which a block of text needs only its first two lines
 * (48 px). One call into the page for all of it: a page is checked in a tenth of a second.
 */
const measureFirstScreen = (heading: HTMLElement, withContent: boolean): FirstScreen => {
  const boxOf = (element: Element | null | undefined): Box | null => {
    // Rendered and not hidden: a closed <details>' content is skipped, not hidden, so ask the browser.
    if (!element?.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true })) return null;
    const { y, height } = element.getBoundingClientRect();
    return { y, height };
  };
  const contentOf = (): FirstScreen['content'] => {
    const article = heading.closest('article');
    if (!article) return null;
    // As a person's tools see the page: nothing inside a part hidden from them (a chart's legend).
    const shown = ':not([aria-hidden="true"] *)';
    const field = [
      ...article.querySelectorAll(`input:not([type="hidden"])${shown}, select${shown}, textarea${shown}`),
    ].find((element) => boxOf(element));
    // The first table shown (one in a closed <details> is not).
    const table = [...article.querySelectorAll(`table${shown}`)].find((element) => boxOf(element.querySelector('tr')));
    const [fieldBox, tableBox] = [boxOf(field), boxOf(table)];
    if (fieldBox && (!tableBox || fieldBox.y <= tableBox.y))
      return { what: 'first field', box: fieldBox, start: Infinity };
    if (tableBox)
      return { what: "a table's first rows", box: boxOf(table!.querySelectorAll('tr')[2]), start: Infinity };
    return { what: 'what follows the heading', box: boxOf(article.querySelector(':scope > h2 + *')), start: 48 };
  };
  return {
    title: document.title,
    headingText: heading.textContent ?? '',
    heading: boxOf(heading),
    content: withContent ? contentOf() : null,
    scrollY: window.scrollY,
    shifts: (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((total, value) => total + value, 0),
  };
};

/** Inside the window: its top at or below 0, its bottom (or its start's) no lower than the window's height. */
const expectInFirstScreen = (page: Page, box: Box | null, what: string, start = Infinity) => {
  expect(box, `${what}: shown`).not.toBeNull();
  expect(box!.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + Math.min(box!.height, start), `${what}: bottom`).toBeLessThanOrEqual(page.viewportSize()!.height);
};

const checkPage = async (page: Page, path: string, id: RouteId) => {
  await page.goto(path);
  // Ready once the script has run (the document's title starts with the page's heading) and a
  // ranking or lazy section has stopped loading.
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h2');
    return (
      heading !== null &&
      document.title.startsWith(`${heading.textContent} · `) &&
      document.querySelector('.page-loading') === null
    );
  });
  // The home page's content starts above its heading, with the hero on the header's artwork.
  // A ranking's rows, or its notice when empty, are in the pre-rendered page (decision 040), also
  // on a site just started: the page is as it stays.
  const shown = await page
    .getByRole('main')
    .getByRole('heading', { level: 2 })
    .first()
    .evaluate(measureFirstScreen, id !== 'home');
  expect(shown.title, `${path}: title`).toBe(`${shown.headingText} · ${shown.title.split(' · ').at(-1)}`);
  expectInFirstScreen(page, shown.heading, `${path}: heading`);
  if (shown.content)
    expectInFirstScreen(page, shown.content.box, `${path}: ${shown.content.what}`, shown.content.start);
  expect(shown.scrollY, `${path}: opened at the top`).toBe(0);
  expect.soft(shown.shifts, `${path}: layout shift`).toBe(0);
};

/**
 * Every language where the window is tightest (the phone's width, the short laptop's 720 px of
 * height): a longer translation pushes the content down there first. At the roomier sizes the
 * same layout holds more, so English shows each of their layouts.
 */
const LANGUAGES_AT: Record<keyof typeof SIZES, readonly (typeof LANGUAGES)[number][]> = {
  phone: LANGUAGES,
  laptop: LANGUAGES,
  'short laptop': ['en'],
  desktop: ['en'],
};

for (const size of Object.keys(SIZES)) {
  for (const language of LANGUAGES_AT[size]!) {
    test(`at ${size} size every ${language} page opened by its address shows its heading and content first`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const { context, page } = await open(browser, size);
      for (const { id, path } of pagesIn(language)) await checkPage(page, path, id);
      await context.close();
    });
  }
}

test('on a 1920 desktop the home page keeps its artwork header, hero and right pane', async ({ browser }) => {
  const { context, page } = await open(browser, 'desktop');
  await page.goto('/');
  const header = page.getByRole('banner');
  expect((await header.boundingBox())?.height).toBe(780);
  await expect(header.getByRole('heading', { level: 1, name: 'Gatekeeper' })).toBeVisible();
  await expect(header.getByRole('link', { name: /Bring your friends/ })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Server information' })).toBeVisible();
  const homeHeading = page.getByRole('heading', { level: 2, name: 'Welcome, adventurer' });
  await expect(homeHeading).toBeVisible();
  expectInFirstScreen(page, await homeHeading.boundingBox(), 'home heading');
  // One left edge: the hero, the banner and the content below them.
  const edges = await Promise.all(
    [
      header.getByRole('heading', { level: 1 }),
      header.getByRole('link', { name: /Bring your friends/ }),
      page.getByRole('main').getByRole('article').first(),
    ].map(async (element) => Math.round((await element.boundingBox())!.x)),
  );
  expect(new Set(edges).size, `left edges ${edges.join(', ')}`).toBe(1);
  await context.close();
});

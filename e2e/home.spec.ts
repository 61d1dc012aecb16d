import { type BrowserContext, type Page, type Request, expect, test } from '@playwright/test';
import { INSTANCES } from '../playwright.config';
import { expectAccessible, isWide, waitForShell } from './support/fixtures';

/** The home instance's opening time (settings.home.json): 2027-03-01 18:00 GMT +2, still ahead. */
const OPENING = Date.parse('2027-03-01T16:00:00Z');
const RING_CIRCUMFERENCE = (2 * Math.PI * 44).toFixed(2);

/**
 * A stand-in for YouTube's IFrame API script: the same YT.Player calls, recorded on window.__yt,
 * and an empty frame instead of YouTube's player (nothing leaves this machine).
 */
const FAKE_IFRAME_API = `
  window.__yt = { created: [], calls: [] };
  window.YT = {
    Player: function (element, options) {
      var frame = document.createElement('iframe');
      frame.setAttribute('data-video', options.videoId);
      element.replaceWith(frame);
      window.__yt.created.push({ videoId: options.videoId, playerVars: options.playerVars });
      var record = function (name) {
        return function (arg) {
          window.__yt.calls.push(arg === undefined ? [name] : [name, arg]);
          if (name === 'loadVideoById') frame.setAttribute('data-video', arg);
        };
      };
      var player = {
        loadVideoById: record('loadVideoById'),
        playVideo: record('playVideo'),
        mute: record('mute'),
        unMute: record('unMute'),
        getIframe: function () { return frame; },
        destroy: function () { frame.remove(); },
      };
      setTimeout(function () { options.events && options.events.onReady && options.events.onReady({ target: player }); }, 0);
      return player;
    },
  };
  if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady();
`;

interface FakeYoutube {
  created: { videoId: string; playerVars: Record<string, number> }[];
  calls: (string | undefined)[][];
}
declare global {
  interface Window {
    __yt?: FakeYoutube;
  }
}

const THUMBNAIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><rect width="320" height="180" fill="#2b2250"/></svg>';

/** Every request that would leave 127.0.0.1 is answered here instead, and remembered. */
const keepTrafficLocal = async (context: BrowserContext): Promise<string[]> => {
  const external: string[] = [];
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      const url = new URL(route.request().url());
      external.push(url.toString());
      if (url.toString() === 'https://www.youtube.com/iframe_api') {
        return route.fulfill({ contentType: 'text/javascript', body: FAKE_IFRAME_API });
      }
      if (url.hostname === 'i.ytimg.com') return route.fulfill({ contentType: 'image/svg+xml', body: THUMBNAIL_SVG });
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' });
    },
  );
  return external;
};

/**
 * How many times the page redraws a ring's arc while the page's fake clock runs `ms` (counted by
 * a MutationObserver; the fake clock makes this independent of how busy the machine is).
 */
const countRedraws = async (page: Page, ring: string, ms: number) => {
  await page.evaluate((name) => {
    const counter = { count: 0 };
    (window as Window & { __redraws?: typeof counter }).__redraws = counter;
    const arc = document.querySelector(`[data-arc="${name}"]`);
    if (arc) {
      new MutationObserver((records) => (counter.count += records.length)).observe(arc, {
        attributes: true,
        attributeFilter: ['stroke-dashoffset'],
      });
    }
  }, ring);
  await page.clock.runFor(ms);
  return page.evaluate(() => (window as Window & { __redraws?: { count: number } }).__redraws?.count ?? 0);
};

const ringValue = (page: Page, ring: string) => page.locator(`[data-value="${ring}"]`);
const ringArc = (page: Page, ring: string) => page.locator(`[data-arc="${ring}"]`);

test.describe('the news on home', () => {
  test('on a phone, the first post sits in the first screen, summed up by its first paragraph, apart from the buttons', async ({
    page,
    request,
  }) => {
    const posts = (await (await request.get('/sdk/getnews?language=en')).json()) as {
      title: string;
      summary: string;
      html: string;
    }[];
    const [first, second] = posts;
    if (!first || !second) throw new Error('the demo world has fewer than two news posts');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await waitForShell(page);
    const newest = page.getByRole('region', { name: 'Latest news' });
    const title = newest.getByRole('link', { name: first.title });
    await expect(title).toBeVisible();
    // In the first screen: no scrolling needed to see the post's title.
    const box = await title.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    await expect(newest.getByText(first.summary)).toBeVisible();
    // The summary is the first paragraph's text: the rendered post's first <p>, no more.
    const paragraph = await page.evaluate((html) => {
      const body = document.createElement('div');
      body.innerHTML = html;
      return body.querySelector('p')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    }, first.html);
    expect(paragraph.startsWith(first.summary.replace(/…$/, ''))).toBe(true);

    // The next posts come after the buttons, with room between them.
    const more = page.getByRole('region', { name: 'More news' });
    await expect(more.getByRole('link', { name: second.title })).toBeVisible();
    const buttons = await page.locator('.home__actions').boundingBox();
    const moreBox = await more.boundingBox();
    expect(moreBox!.y - (buttons!.y + buttons!.height)).toBeGreaterThanOrEqual(24);
    await expectAccessible(page);
  });
});

test.describe('the countdown to the opening', () => {
  // The default instance is the demo world, open for a year: the countdown runs where the opening is ahead.
  test.use({ baseURL: INSTANCES.home });
  test('draws five rings that tick, and says the time once a minute to screen readers', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await waitForShell(page);
    const opening = page.getByRole('region', { name: 'Grand opening' });
    await expect(opening.getByText('Monday, 1 March 2027, 18:00 GMT +2')).toBeVisible();

    const days = Math.floor((OPENING - Date.now()) / 86_400_000);
    await expect(page.getByRole('timer')).toHaveText(
      new RegExp(`^Until the opening: days ${days}, hours \\d{1,2}, minutes \\d{1,2}$`),
    );
    await expect(opening.locator('.countdown__ring')).toHaveCount(5);
    for (const unit of ['Days', 'Hours', 'Minutes', 'Seconds', 'Hundredths']) {
      await expect(opening.getByText(unit, { exact: true })).toBeVisible();
    }
    await expect(ringValue(page, 'days')).toHaveText(String(days).padStart(2, '0'));
    await opening.scrollIntoViewIfNeeded();
    await expect(opening.locator('.countdown')).toBeInViewport();
    await page.clock.pauseAt(Date.now() + 1_000);

    // Redrawn every animation frame while on screen (about every 11 ms, docs/product.md#home), so the rings move.
    const seconds = await ringValue(page, 'seconds').textContent();
    expect(await countRedraws(page, 'hundredths', 1_500)).toBeGreaterThan(60);
    await expect(ringValue(page, 'seconds')).not.toHaveText(seconds ?? '');
    // axe waits on timers of its own.
    await page.clock.resume();
    await expectAccessible(page);
  });

  test('stops at zero at the opening time and says the server is open', async ({ page }) => {
    // The clock runs in real time until runFor: the page has 40 s to load and hydrate before the
    // opening (with 4 s, a loaded machine passed the opening first and the timer was gone).
    await page.clock.install({ time: OPENING - 40_000 });
    await page.goto('/');
    await waitForShell(page);
    await expect(page.getByRole('timer')).toHaveText('Until the opening: days 0, hours 0, minutes 0');
    await expect(ringValue(page, 'days')).toHaveText('00');
    await page.clock.runFor(41_000);
    await expect(page.getByRole('status').filter({ hasText: 'The server is open! See you in Aden.' })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    for (const ring of ['days', 'hours', 'minutes', 'seconds', 'hundredths']) {
      await expect(ringValue(page, ring)).toHaveText('00');
      await expect(ringArc(page, ring)).toHaveAttribute('stroke-dashoffset', RING_CIRCUMFERENCE);
    }
    // Never negative: later still reads zero.
    await page.clock.runFor(60_000);
    await expect(ringValue(page, 'seconds')).toHaveText('00');
  });

  test('with reduced motion, drops the hundredths ring and still counts the seconds', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await waitForShell(page);
    await expect(page.locator('.countdown__ring')).toHaveCount(4);
    await expect(ringValue(page, 'hundredths')).toHaveCount(0);
    await page.locator('.countdown').scrollIntoViewIfNeeded();
    await page.clock.pauseAt(Date.now() + 1_000);
    const seconds = await ringValue(page, 'seconds').textContent();
    // Once a second, not every frame, and the seconds still count.
    const redraws = await countRedraws(page, 'seconds', 3_000);
    expect(redraws).toBeGreaterThanOrEqual(2);
    expect(redraws).toBeLessThanOrEqual(4);
    await expect(ringValue(page, 'seconds')).not.toHaveText(seconds ?? '');
  });
});

test.describe('live streams and videos without any configured', () => {
  test('say once that nobody is live, invite to stream, and show no gallery', async ({ page, context }) => {
    const external = await keepTrafficLocal(context);
    await page.goto('/');
    await waitForShell(page);
    const streams = page.getByRole('region', { name: 'Live streams' });
    await expect(streams.getByText('Nobody is live here right now.')).toHaveCount(1);
    await expect(streams.getByRole('listitem')).toHaveCount(0);
    // This instance has a Facebook app: stream registration is open.
    const invitations = streams.getByRole('link', { name: 'Stream on Facebook and earn in-game rewards' });
    await expect(invitations).toHaveCount(1);
    await expect(invitations).toHaveAttribute('href', '/fb');
    await expect(streams.locator('img')).toHaveCount(0);
    const card = await streams.getByText('Nobody is live here right now.').locator('..').boundingBox();
    expect(card?.height).toBeLessThan(140);
    await expect(streams.locator('iframe')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Videos' })).toHaveCount(0);
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(300);
    expect(external.filter((url) => url.includes('youtube') || url.includes('ytimg'))).toEqual([]);
  });
});

test.describe('live streams and the video gallery from the settings', () => {
  test.use({ baseURL: INSTANCES.home });

  test("embed each provider's player, Twitch with this site as parent, and fill the rest with our placeholder", async ({
    page,
    context,
  }) => {
    await keepTrafficLocal(context);
    await page.goto('/');
    await waitForShell(page);
    const streams = page.getByRole('region', { name: 'Live streams' });
    await expect(streams.getByRole('listitem')).toHaveCount(3);
    const twitch = streams.locator('iframe[title="Twitch stream: gatekeeper_l2"]');
    await expect(twitch).toHaveAttribute(
      'src',
      'https://player.twitch.tv/?channel=gatekeeper_l2&parent=127.0.0.1&autoplay=false',
    );
    await expect(streams.locator('iframe[title="YouTube stream"]')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/live_stream?channel=UC0123456789abcdefghijkl',
    );
    await expect(streams.getByRole('link', { name: /Watch on Twitch/ })).toHaveAttribute(
      'href',
      'https://www.twitch.tv/gatekeeper_l2',
    );
    await expect(streams.getByRole('link', { name: /Watch on Twitch/ })).toHaveAttribute('target', '_blank');
    await expect(streams.getByText('Nobody is live here right now.')).toHaveCount(1);
    await expect(streams.locator('img[src="/images/streams/stream-placeholder.svg"]')).toHaveCount(1);
    // No Facebook app on this instance: stream registration is not advertised.
    await expect(page.getByRole('link', { name: 'Stream on Facebook and earn in-game rewards' })).toHaveCount(0);
    // Twitch plays only in a frame of at least 400 x 300 px.
    const box = await twitch.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(400);
    expect(box?.height).toBeGreaterThanOrEqual(300);
    const side = await streams.locator('iframe[title="YouTube stream"]').boundingBox();
    expect(side?.height).toBeGreaterThanOrEqual(300);
  });

  test('start a random video muted on its own, and play a clicked one with sound', async ({ page, context }) => {
    const external = await keepTrafficLocal(context);
    await page.goto('/');
    await waitForShell(page);
    const gallery = page.getByRole('region', { name: 'Videos' });
    const videos = gallery.getByRole('list', { name: 'Videos to play' }).getByRole('button');
    await expect(videos).toHaveCount(6);

    // Nothing from YouTube before the gallery comes near the screen.
    expect(external).not.toContain('https://www.youtube.com/iframe_api');
    await gallery.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.__yt?.created.length ?? 0)).toBe(1);

    const current = gallery.locator('button[aria-current="true"]');
    await expect(current).toHaveCount(1);
    const firstTitle = (await current.locator('.gallery-card__title').textContent()) ?? '';
    await expect(gallery.getByText(`Now playing: ${firstTitle}`)).toBeVisible();
    await expect(gallery.locator('iframe')).toHaveAttribute('title', `YouTube player: ${firstTitle}`);
    const yt = async () => (await page.evaluate(() => window.__yt)) ?? { created: [], calls: [] };
    const started = await yt();
    expect(started.created[0]?.playerVars).toMatchObject({ autoplay: 1, mute: 1 });
    const firstId = started.created[0]?.videoId;
    await expect.poll(async () => (await yt()).calls).toEqual([['mute'], ['playVideo']]);
    await expect(gallery.getByRole('link', { name: /Watch on YouTube/ })).toHaveAttribute(
      'href',
      `https://www.youtube.com/watch?v=${firstId}`,
    );

    const other = videos.filter({ hasNotText: firstTitle }).first();
    const otherTitle = (await other.locator('.gallery-card__title').textContent()) ?? '';
    await other.click();
    await expect(other).toHaveAttribute('aria-current', 'true');
    await expect(current).toHaveCount(1);
    await expect(gallery.getByText(`Now playing: ${otherTitle}`)).toBeVisible();
    const after = await yt();
    const loaded = after.calls.find((call) => call[0] === 'loadVideoById')?.[1];
    expect(loaded).toBeDefined();
    expect(loaded).not.toBe(firstId);
    expect(after.calls.slice(2)).toEqual([['loadVideoById', loaded], ['unMute'], ['playVideo']]);
    await expect(gallery.locator('iframe')).toHaveAttribute('title', `YouTube player: ${otherTitle}`);
    await expect(gallery.getByRole('link', { name: /Watch on YouTube/ })).toHaveAttribute(
      'href',
      `https://www.youtube.com/watch?v=${loaded}`,
    );
  });

  test('show the Discord widget and the Facebook page plugin in the right-hand pane, lazily', async ({
    page,
    context,
  }) => {
    await keepTrafficLocal(context);
    await page.goto('/');
    await waitForShell(page);
    const pane = page.getByRole('complementary', { name: 'Server information' });
    if (!isWide(page)) {
      await expect(pane).toHaveCount(0);
      return;
    }
    const discord = pane.locator('iframe[title="Community chat"]');
    await expect(discord).toHaveAttribute('src', 'https://discord.com/widget?id=123456789012345678&theme=dark');
    await expect(discord).toHaveAttribute('loading', 'lazy');
    const facebook = pane.locator('iframe[title="Follow us"]');
    await expect(facebook).toHaveAttribute(
      'src',
      /^https:\/\/www\.facebook\.com\/plugins\/page\.php\?href=https%3A%2F%2Fwww\.facebook\.com%2Fgatekeeper\.l2&tabs=timeline/,
    );
    await expect(facebook).toHaveAttribute('loading', 'lazy');
  });

  test('list each video with title, thumbnail, author, views, likes, comments and stars', async ({ page, context }) => {
    await keepTrafficLocal(context);
    await page.goto('/');
    await waitForShell(page);
    const siege = page
      .getByRole('region', { name: 'Videos' })
      .getByRole('button', { name: /Siege of Aden: clan Nightfall takes the castle/ });
    await siege.scrollIntoViewIfNeeded();
    await expect(siege).toContainText('Gatekeeper L2');
    await expect(siege).toContainText('Views: 48.2k');
    await expect(siege).toContainText('Likes: 2.3k');
    await expect(siege).toContainText('Comments: 312');
    await expect(siege.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    await expect(siege.locator('img[src="https://i.ytimg.com/vi/siegeAden01/mqdefault.jpg"]')).toBeVisible();
    const guide = page.getByRole('button', { name: /Newbie guide/ });
    await expect(guide.getByRole('img', { name: 'Rated 2.5 out of 5' })).toBeVisible();
    await page.mouse.wheel(0, 4000);
    await expectAccessible(page);
  });

  test('write the gallery in the visitor language', async ({ page, context }) => {
    await keepTrafficLocal(context);
    await page.goto('/ru');
    const gallery = page.getByRole('region', { name: 'Видео' });
    await expect(gallery.getByRole('button', { name: /Siege of Aden/ })).toContainText('Просмотры: 48,2 тыс.');
    await expect(page.getByRole('region', { name: 'Прямые трансляции' })).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText(/^До открытия: дней \d+/);
  });
});

test.describe('the query parameters of the home page', () => {
  /** Answers one call of the site with the given status and body, recording what the page sent. */
  const answer = async (page: Page, call: string, status: number, body: string, contentType = 'application/json') => {
    const requests: Request[] = [];
    await page.route(`**/sdk/${call}*`, (route) => {
      requests.push(route.request());
      return route.fulfill({ status, contentType, body });
    });
    return requests;
  };

  test('ref registers the visit silently, even when the call is not there', async ({ page }) => {
    const requests = await answer(page, 'addvisitor', 404, '{"message":"not found"}');
    await page.goto('/?ref=FRIEND42');
    await waitForShell(page);
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]!.postDataJSON()).toEqual({ ref: 'FRIEND42' });
    expect(requests[0]!.method()).toBe('POST');
    await expect(page).toHaveURL(`${INSTANCES.default}/`);
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await waitForShell(page);
    expect(requests).toHaveLength(1);
  });

  test('unsubscribe sends the signed link and says the subscription is updated, once', async ({ page }) => {
    const requests = await answer(page, 'unsubscribe', 200, '[]');
    await page.goto('/?param=unsubscribe&email=hero%40example.com&user=hero01&version=interlude&sig=c2lnbmF0dXJl');
    const dialog = page.getByRole('dialog', { name: 'Mail subscription' });
    await expect(dialog).toContainText('Your subscription has been updated.');
    expect(requests[0]!.postDataJSON()).toEqual({
      email: 'hero@example.com',
      user: 'hero01',
      version: 'interlude',
      sig: 'c2lnbmF0dXJl',
    });
    expect(await requests[0]!.headerValue('x-xsrf-token')).toBeTruthy();
    await expect(page).toHaveURL(`${INSTANCES.default}/`);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expectAccessible(page);
    await page.reload();
    await waitForShell(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(requests).toHaveLength(1);
  });

  test('unsubscribe shows the text of a refused link, and ServerError otherwise', async ({ page }) => {
    await answer(page, 'unsubscribe', 400, '"invalidKey"');
    await page.goto('/?param=unsubscribe&email=hero%40example.com&user=hero01&version=interlude&sig=bad');
    const refused = page.getByRole('dialog', { name: 'Subscription not updated' });
    await expect(refused).toContainText('This link is not valid any more. Please ask for a new one.');

    await page.unroute('**/sdk/unsubscribe*');
    await answer(page, 'unsubscribe', 502, '<html>Bad gateway</html>', 'text/html');
    await page.goto('/?param=unsubscribe&email=hero%40example.com&user=hero01&version=interlude&sig=x');
    await expect(page.getByRole('dialog', { name: 'Subscription not updated' })).toContainText(
      'Something went wrong on our side.',
    );
  });

  test('a password reset key shows the new password, easy to copy', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: INSTANCES.default });
    const requests = await answer(page, 'getnewpassword', 200, 'Xq7.mK2p!', 'text/plain; charset=utf-8');
    await page.goto('/?key=abc123DEF&param=password_reset');
    const dialog = page.getByRole('dialog', { name: 'Password recovery' });
    await expect(dialog).toContainText('Your new password is:');
    await expect(dialog.locator('code')).toHaveText('Xq7.mK2p!');
    expect(new URL(requests[0]!.url()).searchParams.get('key')).toBe('abc123DEF');
    await expect(page).toHaveURL(`${INSTANCES.default}/`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Xq7.mK2p!');
  });

  test('a used or expired key shows why, anything else ServerError', async ({ page }) => {
    await answer(page, 'getnewpassword', 400, '"invalidKey"');
    await page.goto('/?key=used&param=password_reset');
    await expect(page.getByRole('dialog', { name: 'Password recovery' })).toContainText(
      'This link is not valid any more. Please ask for a new one.',
    );
    await page.unroute('**/sdk/getnewpassword*');
    await answer(page, 'getnewpassword', 500, '{"statusCode":500}');
    await page.goto('/?key=any&param=password_reset');
    await expect(page.getByRole('dialog', { name: 'Password recovery' })).toContainText(
      'Something went wrong on our side.',
    );
  });
});

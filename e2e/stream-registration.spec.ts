import { type BrowserContext, expect, test } from '@playwright/test';
import { INSTANCES } from '../playwright.config';
import { expectAccessible, waitForShell } from './support/fixtures';

/** The default instance's Facebook app (e2e/support/settings.default.json). */
const APP_ID = '1234567890';

/** Every request that would leave 127.0.0.1 is answered here with an empty page, and remembered. */
const keepTrafficLocal = async (context: BrowserContext): Promise<URL[]> => {
  const external: URL[] = [];
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      external.push(new URL(route.request().url()));
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Facebook</title><h1>Log in</h1>' });
    },
  );
  return external;
};

test.describe('the stream registration page (route fb)', () => {
  test('without a token explains the rewards and leads to Facebook’s login dialog', async ({ page, context }) => {
    const external = await keepTrafficLocal(context);
    await page.goto('/fb');
    await waitForShell(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Stream rewards' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Stream on Facebook, earn in the game' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Data Deletion' })).toBeVisible();
    await expect(page.getByText('at most 5 minutes after your stream ends')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Authorize with Facebook' }).click();
    await expect(page).toHaveTitle('Facebook');
    const dialog = external.find((url) => url.pathname.endsWith('/dialog/oauth'));
    expect(dialog && `${dialog.origin}${dialog.pathname}`).toBe('https://www.facebook.com/v19.0/dialog/oauth');
    expect(Object.fromEntries(dialog?.searchParams ?? [])).toEqual({
      client_id: APP_ID,
      redirect_uri: `${INSTANCES.default}/fb`,
      response_type: 'token',
      display: 'popup',
      scope: 'public_profile,user_videos',
    });
  });

  test('with a token in the fragment sends it once, shows the code and clears the address bar', async ({
    page,
    context,
  }) => {
    await keepTrafficLocal(context);
    const sent: { body: unknown; csrf: string | undefined }[] = [];
    await page.route('**/sdk/addfacebooktoken', async (route) => {
      sent.push({ body: route.request().postDataJSON(), csrf: route.request().headers()['x-xsrf-token'] });
      await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 'K7PX4Q' }) });
    });
    await page.goto('/fb#access_token=EAAtestToken123&data_access_expiration_time=1790000000&expires_in=5183');
    await waitForShell(page);
    const result = page.getByRole('status').filter({ hasText: 'You are authorized' });
    await expect(result).toBeVisible();
    await expect(result).toContainText('Enter this code at the Rewards Manager in the game');
    await expect(result.getByText('K7PX4Q', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Authorize with Facebook' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
    expect(await page.evaluate(() => window.location.href)).toBe(`${INSTANCES.default}/fb`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ accessToken: 'EAAtestToken123' });
    expect(sent[0]?.csrf).toBeTruthy();
    await expectAccessible(page);
  });

  test('says why when the server cannot register the token, and offers to try again', async ({ page, context }) => {
    await keepTrafficLocal(context);
    // This instance has no FACEBOOK_APP_SECRET: the real server answers facebookUnavailable.
    await page.goto('/fb#access_token=EAAtestToken123&expires_in=5183');
    await waitForShell(page);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Stream registration is not available right now.');
    await expect(alert.getByRole('link', { name: 'Authorize with Facebook again' })).toBeVisible();
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    await expectAccessible(page);
  });

  test('speaks the visitor’s language', async ({ page, context }) => {
    await keepTrafficLocal(context);
    await page.goto('/ru/fb');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'Политика конфиденциальности' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Удаление данных' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Войти через Facebook' })).toBeVisible();
  });
});

import { randomBytes } from 'node:crypto';
import { type Page, expect, test } from '@playwright/test';
import { MAIL_DIR } from '../playwright.config';
import { solveCaptcha } from './support/captcha';
import { expectAccessible, waitForShell } from './support/fixtures';
import { waitForMail } from './support/mailbox';

/** The demo world's GM (README, demo accounts). */
const GM = { username: 'demogamemaster', password: 'Master.Pass3' };

const fillMailFields = async (
  page: Page,
  fields: { username: string; password: string; testEmails: string; registeredOnly?: 'Yes' | 'No' },
) => {
  await page.getByLabel('Username').fill(fields.username);
  await page.getByLabel('Password').fill(fields.password);
  await page.getByLabel('Subject').fill('Siege of Giran on Saturday');
  await page.getByLabel('Version').selectOption('interlude');
  await page
    .getByRole('group', { name: 'Only players with a character' })
    .getByRole('radio', { name: fields.registeredOnly ?? 'No' })
    .check();
  await page.getByLabel('Test addresses').fill(fields.testEmails);
  await page.getByLabel('Content (HTML)').fill('<p>Meet at the <b>north gate</b>.</p><script>alert(1)</script>');
};

/** Fills every field and solves the captcha, as a GM does before sending. */
const fillMailForm = async (page: Page, fields: Parameters<typeof fillMailFields>[1]) => {
  await fillMailFields(page, fields);
  await solveCaptcha(page);
};

test.describe('mail form', () => {
  // Several page loads, a real SMTP round trip and the home page: more than one default timeout.
  test.slow();

  test('a GM sends a test mail; the answer is JSON and the mail carries a working unsubscribe link', async ({
    page,
  }) => {
    const address = `mailtest-${randomBytes(4).toString('hex')}@example.com`;
    await page.goto('/mail');
    await waitForShell(page);
    await expect(page.getByRole('heading', { name: 'Mail to players' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'No' })).toBeChecked();
    await expectAccessible(page);

    await fillMailForm(page, { ...GM, testEmails: address });
    await page.getByRole('button', { name: 'Send mail' }).click();
    const answer = page.getByRole('dialog', { name: 'Server answer' });
    await expect(answer).toContainText('"queued": 1');
    await expect(answer).toContainText('"skipped": 0');
    await expect(answer).toContainText('"jobId":');
    await expectAccessible(page);
    await answer.getByRole('button', { name: 'OK' }).click();
    // Reset after the valid submit.
    await expect(page.getByLabel('Subject')).toHaveValue('');

    const mail = await waitForMail(MAIL_DIR, address);
    expect(mail.subject).toBe('Siege of Giran on Saturday');
    expect(String(mail.html)).toContain('<b>north gate</b>');
    expect(String(mail.html)).not.toContain('<script');
    const link = /http:\/\/127\.0\.0\.1:\d+\/\?param=unsubscribe[^\s]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();

    // The player follows the link: the home page sends the signed request and confirms.
    await page.goto(link as string);
    await expect(page.getByRole('dialog', { name: 'Mail subscription' })).toContainText(
      'Your subscription has been updated.',
    );
  });

  test('an invalid form shows the spec’s messages and sends nothing', async ({ page }) => {
    let calls = 0;
    await page.route('**/sdk/mail', (route) => {
      calls += 1;
      return route.continue();
    });
    await page.goto('/mail');
    await waitForShell(page);
    await page.getByLabel('Username').focus();
    await page.getByLabel('Username').blur();
    await expect(page.getByText('Username cannot be empty.')).toBeVisible();
    await page.getByRole('button', { name: 'Send mail' }).click();
    const invalid = page.getByRole('dialog', { name: 'Form Invalid' });
    await expect(invalid).toContainText('Form is invalid, fill all fields correctly and try again.');
    await expect(invalid).toContainText('Please complete the captcha.');
    await invalid.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Subject cannot be empty.')).toBeVisible();
    await expect(page.getByText('Version cannot be empty.')).toBeVisible();
    await expect(page.getByText('Content cannot be empty.')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    expect(calls).toBe(0);
  });

  test('a player who is not a GM gets the refusal in words; a failing server shows Server error.', async ({ page }) => {
    await page.goto('/mail');
    await waitForShell(page);
    await fillMailForm(page, { username: 'demoplayer', password: 'Demo.Pass1', testEmails: 'nobody@example.com' });
    await page.getByRole('button', { name: 'Send mail' }).click();
    const refused = page.getByRole('dialog', { name: 'Server answer' });
    await expect(refused).toContainText('This account may not send mails to players.');
    await expect(refused).not.toContainText('mail.notAllowed');
    await refused.getByRole('button', { name: 'OK' }).click();

    await page.route('**/sdk/mail', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
    );
    await fillMailForm(page, { ...GM, testEmails: 'nobody@example.com' });
    await page.getByRole('button', { name: 'Send mail' }).click();
    await expect(page.getByRole('dialog', { name: 'Server answer' })).toContainText('Server error.');
  });

  test('asks for the captcha like the account forms: missing, then refused by the server', async ({ page }) => {
    await page.goto('/mail');
    await waitForShell(page);
    await expect(page.getByRole('group', { name: 'Prove you are human' })).toBeVisible();
    // Everything filled but the captcha: only the captcha is asked for.
    await fillMailFields(page, { ...GM, testEmails: 'nobody@example.com' });
    await page.getByRole('button', { name: 'Send mail' }).click();
    const invalid = page.getByRole('dialog', { name: 'Form Invalid' });
    await expect(invalid).toContainText('Please complete the captcha.');
    await expect(invalid).not.toContainText('Form is invalid');
    await invalid.getByRole('button', { name: 'OK' }).click();

    // A solution the server does not accept (used elsewhere, expired) says so in the visitor's words.
    await page.route('**/sdk/mail', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '["captchaInvalid"]' }),
    );
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Send mail' }).click();
    await expect(page.getByRole('dialog', { name: 'Server answer' })).toContainText(
      'The captcha was not accepted. Please solve it again.',
    );
  });
});

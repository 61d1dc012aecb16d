import { LANGUAGES, type Language } from '@gatekeeper/contract/lite';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../components/dialog';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse } from '../../test-support/metadata';
import { MassMailForm } from './mass-mail-form';

const perLanguage = (counts: Partial<Record<Language, number>>) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, counts[language] ?? 0])) as Record<Language, number>;

const counted = (total: number) => ({
  perLanguage: perLanguage({ en: total - 97, ru: 97 }),
  total,
  unsubscribed: 3,
  unrecorded: 1,
});

const HOSTILE = '<p>Siege</p><script>window.__ran = true</script><img src="x" onerror="window.__ran = true">';
const previewAnswer = () => ({
  mails: Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      {
        subject: 'Siege night',
        html: `${HOSTILE}<hr><p>footer-${language}</p>`,
        text: `Siege\n\n--\nfooter-${language}`,
      },
    ]),
  ),
});

interface Served {
  asked: { method: string; url: string; body: unknown }[];
  /** How many players a count finds now (the recipients may change between two counts). */
  recipients: number;
  /** The answers the job's reads give, in turn (the last one again once they are used up). */
  progress: object[];
}

/** The mail feature's calls as the console meets them; every call's method, address and body kept. */
const serve = (served: Served) => {
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      served.asked.push({ method: init?.method ?? 'GET', url: `${url.pathname}${url.search}`, body });
      switch (url.pathname) {
        case '/sdk/console/mail/preview':
          return jsonResponse(previewAnswer());
        case '/sdk/console/mail/recipients':
          return jsonResponse(counted(served.recipients));
        case '/sdk/console/mail/send':
          return body?.expectedRecipients === served.recipients
            ? jsonResponse({ jobId: 12, queued: served.recipients, skipped: 4 })
            : jsonResponse(['consoleMailRecipientsChanged'], 409);
        case '/sdk/console/mail/job':
          reads += 1;
          return jsonResponse(served.progress[Math.min(reads, served.progress.length) - 1]);
        default:
          return jsonResponse([]);
      }
    }),
  );
  return served;
};

const open = () => {
  const onSent = vi.fn();
  render(
    <DialogProvider>
      <MassMailForm login="admin" onSent={onSent} pollMs={5} />
    </DialogProvider>,
  );
  return onSent;
};

/** Step 1: the mail written, then on to the count. */
const write = async () => {
  fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Siege night' } });
  fireEvent.change(screen.getByLabelText('Version'), { target: { value: 'interlude' } });
  fireEvent.change(screen.getByLabelText('Content (HTML)'), { target: { value: HOSTILE } });
  await userEvent.click(screen.getByRole('button', { name: 'Next: count the recipients' }));
  await screen.findByRole('table', { name: /Recipients per language/ });
};

const currentStep = () =>
  within(screen.getByRole('list', { name: 'Steps' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')?.textContent;

describe("the console's mass mail, in steps", () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('writes, counts per language, previews every language, confirms with the count, then follows the job', async () => {
    const served = serve({
      asked: [],
      recipients: 897,
      progress: [
        { jobId: 12, queued: 897, pending: 897, sent: 0, failed: 0, done: false },
        { jobId: 12, queued: 897, pending: 400, sent: 496, failed: 1, done: false },
        { jobId: 12, queued: 897, pending: 0, sent: 896, failed: 1, done: true },
      ],
    });
    const onSent = open();
    expect(currentStep()).toBe('Write');
    await write();

    // 2. The count: per language, the total and who is left out; nothing sent.
    expect(currentStep()).toBe('Recipients');
    const table = screen.getByRole('table', { name: /Recipients per language/ });
    expect(within(table).getByRole('row', { name: /Русский/ }).textContent).toContain('97');
    expect(within(table).getByRole('row', { name: /English/ }).textContent).toContain('800');
    expect(screen.getByText(/In total: 897 mails/)).toBeTruthy();
    expect(served.asked.map((call) => `${call.method} ${call.url.split('?')[0]}`)).toEqual([
      'POST /sdk/console/mail/preview',
      'GET /sdk/console/mail/recipients',
    ]);
    expect(served.asked[1]?.url).toBe('/sdk/console/mail/recipients?version=interlude&registeredOnly=No&testEmails=');

    // 3. The preview: every language in its tab, the HTML in a frame that runs nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Next: preview' }));
    expect(currentStep()).toBe('Preview');
    const tabs = within(screen.getByRole('tablist', { name: 'Preview languages' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'English',
      'Русский',
      'Ελληνικά',
      'Español',
      'Português (Brasil)',
      'Lietuvių',
    ]);
    await userEvent.click(screen.getByRole('tab', { name: 'Lietuvių' }));
    const frame = screen.getByTitle('The mail: Lietuvių');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('footer-lt');
    expect(frame.getAttribute('srcdoc')).toContain('lang="lt"');
    // The hostile markup is only text of the frame's attribute: nothing of it is in the console's page.
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect((window as { __ran?: boolean }).__ran).toBeUndefined();
    expect(screen.getByText(/footer-lt/, { selector: 'pre' })).toBeTruthy();

    // Back and on again keeps what was written.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(currentStep()).toBe('Write');
    expect(screen.getByLabelText<HTMLInputElement>('Subject').value).toBe('Siege night');
    await userEvent.click(screen.getByRole('button', { name: 'Next: count the recipients' }));
    await screen.findByRole('table', { name: /Recipients per language/ });
    await userEvent.click(screen.getByRole('button', { name: 'Next: preview' }));

    // 4. The question carries the count, and so does the send.
    await userEvent.click(screen.getByRole('button', { name: 'Next: confirm' }));
    expect(screen.getByText('Send to 897 players?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, send it' }));
    const send = served.asked.find((call) => call.url === '/sdk/console/mail/send');
    expect(send?.body).toEqual({
      subject: 'Siege night',
      version: 'interlude',
      registeredOnly: 'No',
      testEmails: '',
      content: HOSTILE,
      expectedRecipients: 897,
    });

    // 5. The job's progress, read again until it is done, then no more.
    expect(await screen.findByText('Mass mail 12: 897 mails in the outbox, 4 left out.')).toBeTruthy();
    expect(onSent).toHaveBeenCalledOnce();
    expect(await screen.findByText('Done: every mail is sent or given up.')).toBeTruthy();
    const facts = screen.getByLabelText('Mass mail 12');
    expect(facts.textContent).toBe('Queued897Still to send0Sent896Failed1');
    const reads = served.asked.filter((call) => call.url.startsWith('/sdk/console/mail/job')).length;
    expect(reads).toBe(3);
    expect(served.asked.at(-1)?.url).toBe('/sdk/console/mail/job?jobId=12');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(served.asked.filter((call) => call.url.startsWith('/sdk/console/mail/job'))).toHaveLength(reads);

    // Another mail starts from an empty form.
    await userEvent.click(screen.getByRole('button', { name: 'Write another mail' }));
    expect(currentStep()).toBe('Write');
    expect(screen.getByLabelText<HTMLInputElement>('Subject').value).toBe('');
  });

  it('shows the new count when the recipients changed since, and sends only once that is confirmed', async () => {
    const served = serve({
      asked: [],
      recipients: 897,
      progress: [{ jobId: 12, queued: 898, pending: 0, sent: 898, failed: 0, done: true }],
    });
    open();
    await write();
    await userEvent.click(screen.getByRole('button', { name: 'Next: preview' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next: confirm' }));
    expect(screen.getByText('Send to 897 players?')).toBeTruthy();
    // A player registers before the owner says yes.
    served.recipients = 898;
    await userEvent.click(screen.getByRole('button', { name: 'Yes, send it' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The recipients changed since you counted them');
    expect(await screen.findByText('Send to 898 players?')).toBeTruthy();
    expect(screen.queryByText(/Mass mail 12/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, send it' }));
    expect(await screen.findByText('Mass mail 12: 898 mails in the outbox, 4 left out.')).toBeTruthy();
    const sends = served.asked.filter((call) => call.url === '/sdk/console/mail/send');
    expect(sends.map((call) => (call.body as { expectedRecipients: number }).expectedRecipients)).toEqual([897, 898]);
  });

  it('goes no further than the count when nobody would receive the mail', async () => {
    serve({ asked: [], recipients: 0, progress: [] });
    open();
    await write();
    expect(screen.getByText('Nobody would receive this mail: there is nothing to send.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next: preview' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy());
  });
});

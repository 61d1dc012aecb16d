import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../components/dialog';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse as json } from '../../test-support/metadata';
import { NewsForm } from './news-form';

/** The console's post form against a server that records what it is sent. */
const serve = () => {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      sent.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return url.pathname === '/sdk/console/news/preview'
        ? json({ html: '<p><strong>safe</strong></p>' })
        : json({ id: 7 });
    }),
  );
  return sent;
};

const renderForm = (onSaved = vi.fn()) => {
  render(
    <DialogProvider>
      <NewsForm onSaved={onSaved} onClose={() => undefined} />
    </DialogProvider>,
  );
  return onSaved;
};

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });

describe("the console's post form", () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the tab of a language whose text has no title, with the translated reason, and sends nothing', async () => {
    const sent = serve();
    renderForm();
    type('Address name', 'siege-night');
    type('Title', 'Siege night');
    type('Text (Markdown)', 'At **eight**.');
    fireEvent.click(screen.getByRole('tab', { name: 'Русский' }));
    type('Text (Markdown)', 'В **восемь**.');
    fireEvent.click(screen.getByRole('tab', { name: 'English' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save the post' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Русский' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findAllByText('A language with a text needs its title too.')).not.toHaveLength(0);
    expect(sent.filter((call) => call.path === '/sdk/console/news/save')).toEqual([]);
  });

  it('sends the contract post: the local date as milliseconds, the languages left empty as empty', async () => {
    const sent = serve();
    const onSaved = renderForm();
    type('Address name', 'siege-night');
    type('Publish date', '2030-05-01T20:00');
    fireEvent.click(screen.getByRole('radio', { name: 'Published' }));
    type('Title', 'Siege night');
    type('Text (Markdown)', 'At **eight**.');
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('region', { name: 'Preview: English' })).toHaveTextContent('safe');
    fireEvent.click(screen.getByRole('button', { name: 'Save the post' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('siege-night'));
    const save = sent.find((call) => call.path === '/sdk/console/news/save')?.body as {
      post: { publishAt: number; state: string; texts: Record<string, { title: string }> };
    };
    expect(save.post.publishAt).toBe(new Date('2030-05-01T20:00').getTime());
    expect(save.post.state).toBe('published');
    expect(save.post.texts.en?.title).toBe('Siege night');
    expect(save.post.texts.lt).toEqual({ title: '', body: '' });
  });
});

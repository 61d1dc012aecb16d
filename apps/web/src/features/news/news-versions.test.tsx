import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse as json } from '../../test-support/metadata';
import { NewsVersions } from './news-versions';

/** A post's earlier versions as the console shows them, against a server answering `answer`. */
const serve = (answer: unknown, status = 200) => {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      return json(answer, status);
    }),
  );
  return asked;
};

const VERSION = {
  slug: 'siege-night',
  state: 'published',
  publishAt: Date.UTC(2027, 2, 1, 18),
  pinned: false,
  change: 'update',
};

describe("the console's earlier versions of a post", () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each version, latest first, with who replaced it and its text in each language written', async () => {
    const asked = serve([
      {
        ...VERSION,
        id: 2,
        savedAt: Date.UTC(2027, 2, 2, 9),
        replacedAt: Date.UTC(2027, 2, 3, 9),
        replacedBy: 'headgm',
        texts: { en: { title: 'Siege at nine', body: 'At **nine**.' } },
      },
      {
        ...VERSION,
        id: 1,
        savedAt: Date.UTC(2027, 2, 1, 9),
        replacedAt: Date.UTC(2027, 2, 2, 9),
        replacedBy: 'writer',
        texts: {
          en: { title: 'Siege at eight', body: 'At **eight**.' },
          ru: { title: 'Осада в восемь', body: 'В **восемь**.' },
        },
      },
    ]);
    render(<NewsVersions postId={7} slug="siege-night" onClose={() => undefined} />);

    const summaries = await screen.findAllByText(/^Replaced on .* by /);
    expect(asked).toEqual(['/sdk/console/news/versions?id=7']);
    expect(summaries.map((summary) => summary.textContent)).toEqual([
      expect.stringMatching(/by headgm$/),
      expect.stringMatching(/by writer$/),
    ]);
    expect(screen.getByRole('heading', { name: 'English: Siege at nine' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Русский: Осада в восемь' })).toBeTruthy();
    // The Markdown as it was written, not rendered.
    expect(screen.getByText('В **восемь**.')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(3);
  });

  it('says a post never edited has no earlier version, and closes', async () => {
    serve([]);
    const onClose = vi.fn();
    render(<NewsVersions postId={7} slug="siege-night" onClose={onClose} />);
    expect(await screen.findByText('This post has not been edited yet: it has no earlier version.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close the versions' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the translated refusal of a post that is gone', async () => {
    serve(['consoleNewsNotFound'], 404);
    render(<NewsVersions postId={7} slug="siege-night" onClose={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe('This post no longer exists.');
    expect(screen.queryByText(/^Replaced on/)).toBeNull();
  });
});

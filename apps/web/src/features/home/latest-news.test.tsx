import type { NewsPostView } from '@gatekeeper/contract/lite';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse } from '../../test-support/metadata';
import { MoreNews, NewestPost } from './latest-news';

const post = (slug: string, title: string, pinned = false): NewsPostView => ({
  slug,
  language: 'en',
  title,
  html: `<h2>${title}</h2><p>First paragraph of ${title}.</p><ul><li>a list</li></ul>`,
  summary: `First paragraph of ${title}.`,
  publishedAt: Date.UTC(2026, 10, 20),
  pinned,
});

const POSTS = [
  post('open-beta', 'Open beta', true),
  post('antharas', 'Antharas awakens'),
  post('siege', 'Siege of Giran'),
  post('old', 'Old news'),
];

const answering = (posts: NewsPostView[]) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(posts)),
  );

const Home = () => (
  <>
    <NewestPost />
    <div className="home__actions">
      <button type="button">Create an account</button>
    </div>
    <MoreNews />
  </>
);

describe('the news on home', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the first post at the top with its summary and the way to every post, the next two further down', async () => {
    answering(POSTS);
    const { container } = render(<Home />);
    const newest = await screen.findByRole('region', { name: 'Latest news' });
    const article = within(newest).getByRole('article', { name: 'Open beta' });
    expect(within(article).getByRole('link', { name: 'Open beta' })).toHaveAttribute('href', '/news/open-beta');
    expect(within(article).getByText('Pinned')).toBeInTheDocument();
    expect(within(article).getByText('First paragraph of Open beta.')).toBeInTheDocument();
    expect(within(newest).getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');
    // The first post comes before the buttons; the others after them, not the first again nor a fourth.
    const more = screen.getByRole('region', { name: 'More news' });
    expect(
      within(more)
        .getAllByRole('article')
        .map((item) => item.getAttribute('aria-labelledby')),
    ).toEqual(['news-antharas', 'news-siege']);
    const [first, actions, rest] = [...container.children];
    expect([first, actions, rest]).toEqual([newest, container.querySelector('.home__actions'), more]);
  });

  it("holds the first post's place while the news loads, and shows nothing when there is none", async () => {
    // Each part asks for the news; the answers wait until the test lets them go.
    const waiting: ((response: Response) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => waiting.push(resolve))),
    );
    const { container } = render(<Home />);
    expect(container.querySelector('.home-newest--loading')).not.toBeNull();
    for (const resolve of waiting) resolve(jsonResponse([]));
    await vi.waitFor(() => expect(container.querySelector('.home-newest--loading')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Latest news' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'More news' })).toBeNull();
  });
});

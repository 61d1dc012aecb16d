import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { testMetadata } from '../../test-support/metadata';
import { SiteDataProvider } from '../../shared/site-data';
import LiveStreams from './live-streams';

describe('the live stream slots', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the LIVE badge only on a stream the site knows is live', async () => {
    const streams = [
      { type: 'TWITCH', channel: 'gatekeeper_l2' },
      { type: 'FACEBOOK', channel: 'https://www.facebook.com/hero/videos/1/', title: 'Siege', live: true },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(streams), { headers: { 'content-type': 'application/json' } })),
    );
    render(<LiveStreams />);
    // The third slot holds the placeholder.
    const captions = (await screen.findAllByRole('figure')).filter((figure) => figure.querySelector('iframe'));
    expect(captions).toHaveLength(2);
    const live = i18next.t('streams.live');
    expect(within(captions[0] as HTMLElement).queryByText(live)).toBeNull();
    expect(within(captions[1] as HTMLElement).getByText(live)).toBeVisible();
  });

  const answer = (streams: unknown[]) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(streams), { headers: { 'content-type': 'application/json' } })),
    );
  const invitation = () => i18next.t('streams.emptyLink');

  it('says once that nobody is live, and invites to stream only where Facebook is set up', async () => {
    answer([]);
    const { unmount } = render(
      <SiteDataProvider initialMetadata={testMetadata({ facebookLoginUrl: 'https://www.facebook.com/dialog' })}>
        <LiveStreams />
      </SiteDataProvider>,
    );
    expect(await screen.findByText(i18next.t('streams.emptyTitle'))).toBeVisible();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: invitation() })).toHaveLength(1);
    unmount();

    answer([]);
    render(
      <SiteDataProvider initialMetadata={testMetadata({ facebookLoginUrl: '' })}>
        <LiveStreams />
      </SiteDataProvider>,
    );
    expect(await screen.findByText(i18next.t('streams.emptyTitle'))).toBeVisible();
    expect(screen.queryByRole('link', { name: invitation() })).toBeNull();
  });

  it('keeps the placeholder in the empty slots beside a live stream', async () => {
    answer([{ type: 'TWITCH', channel: 'gatekeeper_l2' }]);
    render(
      <SiteDataProvider initialMetadata={testMetadata({ facebookLoginUrl: '' })}>
        <LiveStreams />
      </SiteDataProvider>,
    );
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(screen.getAllByText(i18next.t('streams.emptyTitle'))).toHaveLength(2);
    expect(screen.queryByRole('link', { name: invitation() })).toBeNull();
  });
});

import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
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
});

import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metadata } from '@gatekeeper/contract/lite';
import { SiteDataProvider } from '../../shared/site-data';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse, testMetadata } from '../../test-support/metadata';
import { ContactPage } from './legal-pages';

const renderContact = (metadata: Metadata) =>
  render(
    <SiteDataProvider initialMetadata={metadata}>
      <ContactPage />
    </SiteDataProvider>,
  );

describe('the contact page', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(null, 503)),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists every way the owner has set, each a link', () => {
    renderContact(
      testMetadata({
        legal: { privacyUrl: '', termsUrl: '', contactUrl: '', contactEmail: 'team@example.com', appealContact: '' },
      }),
    );
    expect(screen.getByRole('link', { name: 'team@example.com' })).toHaveAttribute('href', 'mailto:team@example.com');
    expect(screen.getByRole('link', { name: /our Discord server/ })).toHaveAttribute('href', 'https://d.example');
    expect(screen.getByRole('link', { name: /join the chat/ })).toHaveAttribute('href', 'https://c.example');
  });

  it('shows no line for a Discord or chat address the owner left empty', () => {
    renderContact(testMetadata({ links: { features: '', discord: '', communityChat: '' } }));
    expect(screen.queryByText('Discord:')).not.toBeInTheDocument();
    expect(screen.queryByText('Community chat:')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('In the game, you can also ask a game master.')).toBeInTheDocument();
  });

  it('keeps the chat when only Discord is missing', () => {
    renderContact(testMetadata({ links: { features: '', discord: '', communityChat: 'https://c.example' } }));
    expect(screen.queryByText('Discord:')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /join the chat/ })).toBeInTheDocument();
  });
});

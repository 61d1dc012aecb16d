import { cleanup, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Metadata } from '@gatekeeper/contract/lite';
import { DialogProvider } from '../../components/dialog';
import { getHref } from '../../i18n/routes';
import { SiteDataProvider, useSiteData } from '../../shared/site-data';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse as json, testMetadata } from '../../test-support/metadata';
import { ChangePincodePage, UnblockCharacterPage } from './account-pages';

/** The server as the page meets it: this metadata, nothing else answered. */
const serve = (metadata: Metadata) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      return url.pathname === '/sdk/getmetadata' ? json(metadata) : json(null);
    }),
  );

/** Shows once the page has the metadata, so that a test sees the page as it settles. */
const MetadataLoaded = () => (useSiteData().metadata ? <span data-testid="metadata-loaded" /> : null);

const renderPage = (page: 'changePincode' | 'unblockCharacter' = 'changePincode') =>
  render(
    <Router hook={memoryLocation({ path: getHref(page, 'en') }).hook}>
      <SiteDataProvider>
        <DialogProvider>
          {page === 'changePincode' ? <ChangePincodePage /> : <UnblockCharacterPage />}
          <MetadataLoaded />
        </DialogProvider>
      </SiteDataProvider>
    </Router>,
  );

const TWO_REALMS = testMetadata({
  realms: [
    { id: 1, slug: 'x5', name: 'Bartz x5', chronicle: 'Interlude', rates: testMetadata().rates, openingDate: null },
    {
      id: 2,
      slug: 'x50',
      name: 'Sieghardt x50',
      chronicle: 'High Five',
      rates: testMetadata().rates,
      openingDate: null,
    },
  ],
});

describe('the PIN page opened by its address', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('on a game without a PIN (aCis), says so instead of showing the form, and points to the password', async () => {
    serve(testMetadata({ accountTools: { pincode: false } }));
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent(
      "This server's game has no PIN: your characters are protected by your password alone, so choose a strong one.",
    );
    expect(screen.queryByLabelText(/New PIN/)).toBeNull();
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change PIN' })).toBeNull();
    expect(
      screen.queryByText('Set a new PIN for the character selection screen. It replaces the old one at once.'),
    ).toBeNull();
    // The account tab and the notice's own link both lead to the password page; the PIN tab is
    // there only as the page the player is on (other account pages leave it out on such a game).
    const links = screen.getAllByRole('link', { name: 'Change password' });
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link).toHaveAttribute('href', getHref('changePassword', 'en'));
    expect(screen.getByRole('link', { name: 'Change PIN' })).toHaveAttribute('aria-current', 'page');
  });

  it('on a game with a PIN, shows the form', async () => {
    serve(testMetadata({ accountTools: { pincode: true } }));
    renderPage();
    await screen.findByTestId('metadata-loaded');
    expect(screen.getByLabelText(/New PIN/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change PIN' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('comes first in the anonymous unblock and PIN forms on a site of several realms, and not on a site of one', async () => {
    serve(TWO_REALMS);
    renderPage('unblockCharacter');
    const select = await screen.findByRole('combobox', { name: 'Game server' });
    const fields = [select, screen.getByLabelText(/Username/)];
    // The realm is asked before the account: it comes first in the form's order.
    expect(fields[0]!.compareDocumentPosition(fields[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    cleanup();

    // The PIN form too, even where the first realm's game has no PIN: another realm may have one.
    serve({ ...TWO_REALMS, accountTools: { pincode: false } });
    renderPage('changePincode');
    expect(await screen.findByRole('combobox', { name: 'Game server' })).toHaveValue('x5');
    expect(screen.getByLabelText(/New PIN/)).toBeInTheDocument();
    cleanup();

    serve(testMetadata());
    renderPage('unblockCharacter');
    await screen.findByTestId('metadata-loaded');
    expect(screen.getByLabelText(/Username/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Game server' })).toBeNull();
  });
});

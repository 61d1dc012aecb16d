import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Metadata } from '@gatekeeper/contract/lite';
import { DialogProvider } from './dialog';
import { getHref } from '../i18n/routes';
import { SiteDataProvider, useSiteData } from '../shared/site-data';
import { initTestI18n } from '../test-support/i18n';
import { jsonResponse as json, testMetadata } from '../test-support/metadata';
import { RealmSelect, useRealmChoice } from './realm-select';

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

const serve = (metadata: Metadata) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      new URL(String(input), 'http://localhost').pathname === '/sdk/getmetadata' ? json(metadata) : json(null),
    ),
  );

const MetadataLoaded = () => (useSiteData().metadata ? <span data-testid="metadata-loaded" /> : null);

/** What a tool would send: the select, and the call's realm field beside it. */
const Probe = () => {
  const choice = useRealmChoice();
  return (
    <>
      <RealmSelect choice={choice} hint="The code works on this game server only." />
      <output aria-label="sent">{JSON.stringify(choice.field)}</output>
    </>
  );
};

const renderAt = (page: 'unblockCharacter', children: React.ReactNode) =>
  render(
    <Router hook={memoryLocation({ path: getHref(page, 'en') }).hook}>
      <SiteDataProvider>
        <DialogProvider>
          {children}
          <MetadataLoaded />
        </DialogProvider>
      </SiteDataProvider>
    </Router>,
  );

describe('the game server select of the tools that name a character', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('on a site of several realms, asks the game server with the first preselected and sends the one chosen', async () => {
    serve(TWO_REALMS);
    renderAt('unblockCharacter', <Probe />);
    const select = await screen.findByRole('combobox', { name: 'Game server' });
    expect(select).toHaveValue('x5');
    expect(select).toHaveAccessibleDescription('The code works on this game server only.');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Bartz x5', 'Sieghardt x50']);
    expect(screen.getByRole('status', { name: 'sent' })).toHaveTextContent('{"realm":"x5"}');
    await userEvent.selectOptions(select, 'Sieghardt x50');
    expect(select).toHaveValue('x50');
    expect(screen.getByRole('status', { name: 'sent' })).toHaveTextContent('{"realm":"x50"}');
  });

  it('on a site of one realm, asks nothing and sends no realm', async () => {
    serve(testMetadata());
    renderAt('unblockCharacter', <Probe />);
    await screen.findByTestId('metadata-loaded');
    expect(screen.queryByRole('combobox', { name: 'Game server' })).toBeNull();
    expect(screen.getByRole('status', { name: 'sent' })).toHaveTextContent('{}');
  });
});

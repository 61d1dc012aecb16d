import type { OpeningDate, RealmFacts, ServerStatus } from '@gatekeeper/contract/lite';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SiteDataProvider } from '../../shared/site-data';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse, testMetadata } from '../../test-support/metadata';
import { OpeningNotice } from './opening-notice';
import { StatusLights } from './status-lights';

const DAY = 86_400_000;

/** An opening date `offset` ms from now, as getmetadata answers one. */
const openingIn = (offset: number): OpeningDate => {
  const at = new Date(Date.now() + offset);
  return {
    dayStr: 'Monday',
    dayNum: at.getUTCDate(),
    month: at.getUTCMonth() + 1,
    year: at.getUTCFullYear(),
    hour: at.getUTCHours(),
    gmt: 0,
    timestamp: at.getTime(),
  };
};

const GREEN = { type: 'online', color: 'green' } as const;
const RED = { type: 'offline', color: 'red' } as const;

/** The header's status corner as the top menu holds it, with getserverstatus answering `status`. */
const renderStatus = (openingDate: OpeningDate | null, status: ServerStatus, realms?: RealmFacts[]) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(status)),
  );
  render(
    <Router hook={memoryLocation({ path: '/' }).hook}>
      <SiteDataProvider initialMetadata={testMetadata({ openingDate, ...(realms ? { realms } : {}) })}>
        <StatusLights />
        <OpeningNotice />
      </SiteDataProvider>
    </Router>,
  );
};

const lights = () => screen.queryByRole('list', { name: 'Server status' });
const notice = () => screen.queryByRole('link', { name: /^Opens / });
const count = () => screen.queryByText(/players? online$/);

describe('the status lights', () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('before the opening show no lights, only when the server opens', async () => {
    renderStatus(openingIn(30 * DAY), { loginStatus: RED, gameStatus: RED, playersOnline: null });
    expect(notice()).toBeVisible();
    expect(lights()).toBeNull();
    expect(count()).toBeNull();
  });

  it('once open, show both lights and the players online beside them', async () => {
    renderStatus(openingIn(-30 * DAY), { loginStatus: GREEN, gameStatus: GREEN, playersOnline: 1234 });
    expect(await screen.findByText('1,234 players online')).toBeVisible();
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-status'))).toEqual(['online', 'online']);
    expect(notice()).toBeNull();
  });

  it('say one player in the singular', async () => {
    renderStatus(null, { loginStatus: GREEN, gameStatus: GREEN, playersOnline: 1 });
    expect(await screen.findByText('1 player online')).toBeVisible();
  });

  it('show no count while the game server is down, whatever number came with it', async () => {
    renderStatus(openingIn(-DAY), { loginStatus: GREEN, gameStatus: RED, playersOnline: 40 });
    await vi.waitFor(() => expect(screen.getAllByRole('listitem')[0]).toHaveAttribute('data-status', 'online'));
    expect(screen.getAllByRole('listitem')[1]).toHaveAttribute('data-status', 'offline');
    expect(count()).toBeNull();
  });

  // Every combination of opening date and server answer: the header never says two things at once.
  const OPENINGS = { ahead: openingIn(DAY), past: openingIn(-DAY), none: null };
  const ANSWERS: Record<string, ServerStatus> = {
    'both up, players counted': { loginStatus: GREEN, gameStatus: GREEN, playersOnline: 7 },
    'both up, nothing sampled lately': { loginStatus: GREEN, gameStatus: GREEN, playersOnline: null },
    'game down': { loginStatus: GREEN, gameStatus: RED, playersOnline: 7 },
    'both down': { loginStatus: RED, gameStatus: RED, playersOnline: null },
  };
  describe.each(Object.entries(OPENINGS))('with the opening %s', (opening, date) => {
    it.each(Object.entries(ANSWERS))('and %s, tells one story', async (_, status) => {
      renderStatus(date, status);
      if (opening === 'ahead') {
        expect(notice()).toBeVisible();
        expect(lights()).toBeNull();
        expect(count()).toBeNull();
        return;
      }
      expect(notice()).toBeNull();
      const expected = status.gameStatus.type === 'online' ? status.playersOnline : null;
      await vi.waitFor(() =>
        expect(screen.getAllByRole('listitem').map((item) => item.getAttribute('data-status'))).toEqual([
          status.loginStatus.type,
          status.gameStatus.type,
        ]),
      );
      if (expected === null) expect(count()).toBeNull();
      else expect(count()).toHaveTextContent(`${expected} players online`);
    });
  });

  describe('on a site of several game servers', () => {
    const realm = (id: number, slug: string, name: string): RealmFacts => ({
      id,
      slug,
      name,
      chronicle: 'Interlude',
      rates: {},
      openingDate: null,
    });
    const REALMS = [realm(1, 'x5', 'Bartz x5'), realm(2, 'x50', 'Sieghardt x50')];

    it('light the login server once and each realm by its name, with its players', async () => {
      renderStatus(
        null,
        {
          loginStatus: GREEN,
          gameStatus: GREEN,
          playersOnline: 12,
          realms: [
            { slug: 'x5', gameStatus: GREEN, playersOnline: 12, available: true },
            { slug: 'x50', gameStatus: RED, playersOnline: null, available: false },
          ],
        },
        REALMS,
      );
      await vi.waitFor(() =>
        expect(
          within(lights()!)
            .getAllByRole('listitem')
            .map((item) => [item.textContent, item.getAttribute('data-status')]),
        ).toEqual([
          ['Login server: Online', 'online'],
          ['Bartz x5: Online12 players online', 'online'],
          ['Sieghardt x50: Offline', 'offline'],
        ]),
      );
    });

    it('keep the two lights while the answer has no realms yet', async () => {
      renderStatus(null, { loginStatus: GREEN, gameStatus: GREEN, playersOnline: 3 }, REALMS);
      expect(await screen.findByText('3 players online')).toBeVisible();
      expect(
        within(lights()!)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Login server: Online', 'Game server: Online']);
    });
  });
});

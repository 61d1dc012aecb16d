import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse } from '../../test-support/metadata';
import { DashboardSection } from './dashboard-section';

/** 30 days (UTC) ending 2026-11-28, oldest first, with the counts given for the last ones. */
const days = (last: number[]) =>
  Array.from({ length: 30 }, (_, index) => ({
    day: new Date(Date.UTC(2026, 9, 30 + index)).toISOString().slice(0, 10),
    count: last[index - (30 - last.length)] ?? 0,
  }));

const FIGURES = {
  registrationsPerDay: null,
  onlineNow: 1234,
  onlinePeakPerDay: days([]),
  votesPerDay: days([]),
  donationsPerDay: days([]).map(({ day }) => ({ day, payments: 0, refunds: 0 })),
  donationsThisMonth: [{ currency: 'EUR', cents: 123_450, count: 3 }],
  refundsThisMonth: 0,
  votesPerSite: [],
  rewardBacklog: { pending: 0, failed: 0, oldest: null },
  mailOutbox: [{ status: 'sent', count: 10 }],
  health: {
    loginDatabase: true,
    gameDatabase: true,
    siteDatabase: true,
    redis: null,
    smtpConfigured: true,
    paypalConfigured: false,
    voteSites: [
      { site: 'L2TopZone', lastClaimAt: Date.UTC(2026, 10, 28, 18), lastFailureAt: null, failuresLastDay: 0 },
    ],
    realms: [{ slug: 'main', name: 'Bartz x5', database: true, gameServer: true, online: 1234 }],
  },
};

// jsdom draws no canvas: the charts (a picture of the figures the cards say) are the browser tests'.
vi.mock('./trend-chart', () => ({ TrendChart: () => null }));

const show = async (figures: object) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(figures)),
  );
  render(<DashboardSection />);
  return screen.findByRole('region', { name: 'Needs your attention' });
};

describe("the console's dashboard", () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says nothing needs a hand when nothing does, and colours the health', async () => {
    const attention = await show(FIGURES);
    expect(attention.textContent).toContain('Nothing needs your attention.');
    expect(within(attention).queryAllByRole('link')).toHaveLength(0);
    const health = within(screen.getByRole('region', { name: 'Health' }));
    expect(health.getAllByText('working').every((line) => line.classList.contains('console__mood--good'))).toBe(true);
    expect(health.getByText('not used').classList.contains('console__mood--off')).toBe(true);
    // Figures and money as the page's language writes them.
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getAllByText('€1,234.50').length).toBeGreaterThan(0);
    expect(health.getByText('L2TopZone').nextElementSibling?.classList.contains('console__mood--good')).toBe(true);
  });

  it("shows each figure's last 7 days against the 7 before, and the 30 days per day", async () => {
    await show({
      ...FIGURES,
      registrationsPerDay: days([1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2]),
      votesPerDay: days([4, 4, 4, 4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 1]),
      onlinePeakPerDay: days([90, 10, 10, 10, 10, 10, 10, 90, 10, 10, 10, 10, 10, 10]),
    });
    const card = (title: string) => screen.getByRole('heading', { name: title, level: 4 }).parentElement!;
    expect(card('Registrations, last 7 days').textContent).toContain('14');
    expect(card('Registrations, last 7 days').textContent).toContain('▲ 100% on the 7 days before');
    expect(card('Vote rewards, last 7 days').textContent).toContain('▼ 75% on the 7 days before');
    expect(card('Players online now').textContent).toContain('Highest in the last 7 days: 90');
    expect(card('Players online now').textContent).toContain('Same as the 7 days before');
    const perDay = within(screen.getByRole('region', { name: 'Per day, last 30 days' }));
    expect(perDay.getAllByRole('row')).toHaveLength(31);
    expect(perDay.getAllByRole('row')[1]!.textContent).toContain('28 Nov 2026');
  });

  it('links each thing that needs a hand to its section, filtered; a database down is said', async () => {
    const attention = await show({
      ...FIGURES,
      refundsThisMonth: 2,
      rewardBacklog: { pending: 1, failed: 3, oldest: { requestId: 'vote:1', createdAt: 0 } },
      mailOutbox: [{ status: 'failed', count: 4 }],
      health: {
        ...FIGURES.health,
        gameDatabase: false,
        voteSites: [
          { site: 'HopZone', lastClaimAt: 1_000, lastFailureAt: 2_000, failuresLastDay: 5 },
          { site: 'L2Network', lastClaimAt: 3_000, lastFailureAt: 2_000, failuresLastDay: 1 },
        ],
      },
    });
    const links = within(attention).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Rewards that did not reach the game: 3', '/console/rewards?status=failed'],
      ['Refunds and reversals this month: 2', '/console/donations?flagged=true'],
      ['Mails that could not be sent: 4', '/console/mail'],
      ['HopZone: not answering: 5 failed checks in the last day', '/console/votes'],
    ]);
    expect(attention.textContent).toContain('Game database: down');
  });

  it("shows each game server's health on a site of several, and one whose database is down needs a hand", async () => {
    const attention = await show({
      ...FIGURES,
      health: {
        ...FIGURES.health,
        realms: [
          { slug: 'x5', name: 'Bartz x5', database: true, gameServer: true, online: 1234 },
          { slug: 'x50', name: 'Sieghardt x50', database: false, gameServer: false, online: null },
          { slug: 'test', name: 'Test server', database: true, gameServer: false, online: null },
        ],
      },
    });
    expect(attention.textContent).toContain('Sieghardt x50: game database down');
    const health = within(screen.getByRole('region', { name: 'Health' }));
    const line = (name: string) => health.getByText(name).nextElementSibling!;
    expect(line('Bartz x5').textContent).toBe('database working · game server open · players online: 1,234');
    expect(line('Bartz x5').classList.contains('console__mood--good')).toBe(true);
    expect(line('Sieghardt x50').textContent).toBe('game database down');
    expect(line('Sieghardt x50').classList.contains('console__mood--bad')).toBe(true);
    expect(line('Test server').textContent).toBe('database working · game server closed · players online: —');
  });

  it('shows no line per game server on a site of one: its game database line says it', async () => {
    await show(FIGURES);
    const health = within(screen.getByRole('region', { name: 'Health' }));
    expect(health.queryByText('Bartz x5')).toBeNull();
  });
});

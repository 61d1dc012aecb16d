import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse } from '../../test-support/metadata';
import { DashboardSection } from './dashboard-section';

const FIGURES = {
  registrationsPerDay: null,
  onlineNow: 1234,
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
  },
};

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
    expect(screen.getByText('€1,234.50')).toBeTruthy();
  });

  it('links each thing that needs a hand to its section, filtered; a database down is said', async () => {
    const attention = await show({
      ...FIGURES,
      refundsThisMonth: 2,
      rewardBacklog: { pending: 1, failed: 3, oldest: { requestId: 'vote:1', createdAt: 0 } },
      mailOutbox: [{ status: 'failed', count: 4 }],
      health: { ...FIGURES.health, gameDatabase: false },
    });
    const links = within(attention).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Rewards that did not reach the game: 3', '/console/rewards?status=failed'],
      ['Refunds and reversals this month: 2', '/console/donations?flagged=true'],
      ['Mails that could not be sent: 4', '/console/mail'],
    ]);
    expect(attention.textContent).toContain('Game database: down');
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../components/dialog';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse } from '../../test-support/metadata';
import { AccountsSection } from './console-section';

/** A vote's Blessed Scroll (a game item) and an owner's custom item the game's names lack. */
const REWARDS = [
  { source: 'vote', character: 'BadKnight', itemId: 6577, count: 2, state: 'delivered', createdAt: 1_764_000_000_000 },
  {
    source: 'donation',
    character: 'BadKnight',
    itemId: 70123,
    count: 50,
    state: 'queued',
    createdAt: 1_764_000_000_000,
  },
];

const account = (accessLevel: number, rewards: typeof REWARDS = [], secondFactorOn = true) => ({
  login: 'badplayer',
  foundBy: 'login',
  email: 'bad@example.com',
  accessLevel,
  createdAt: null,
  ban: { banned: accessLevel < 0, until: null },
  characters: [],
  rewards,
  donations: [],
  signIns: [],
  secondFactorOn,
});

/** The donations table is the donations feature's (the console page hands it over); these tests do not look at it. */
const NoDonations = () => null;

const ACTED = {
  login: 'badplayer',
  accessLevelBefore: 0,
  accessLevelAfter: -1,
  bannedUntil: null,
  sessionsEnded: 2,
  inGame: true,
};

/** The section against a server whose account starts at `level`; every call is kept with its body. */
const serve = (level: number, refuse?: string[], rewards: typeof REWARDS = [], secondFactorOn = true) => {
  const sent: { path: string; body: unknown }[] = [];
  let current = level;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      sent.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/sdk/console/accounts')
        return jsonResponse({ accounts: [account(current, rewards, secondFactorOn)] });
      if (refuse) return jsonResponse(refuse, 400);
      if (url.pathname === '/sdk/console/accounts/ban') current = -1;
      if (url.pathname === '/sdk/console/accounts/unban') current = 0;
      return jsonResponse(ACTED);
    }),
  );
  return sent;
};

const lookUp = async (role: 'gm' | 'owner') => {
  render(
    <DialogProvider>
      <AccountsSection role={role} DonationsTable={NoDonations} />
    </DialogProvider>,
  );
  await userEvent.type(screen.getByRole('searchbox'), 'badplayer');
  await userEvent.click(screen.getByRole('button', { name: 'Look up' }));
  return screen.findByRole('heading', { level: 3, name: 'badplayer' });
};

describe("the console's Accounts section", () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names each reward’s item by its id, and a custom item by its id alone', async () => {
    serve(0, undefined, REWARDS);
    await lookUp('gm');
    const items = screen.getByRole('table', { name: /Rewards/ }).querySelectorAll('tbody tr td:nth-child(4)');
    expect([...items].map((cell) => cell.textContent)).toEqual([
      'Blessed Scroll: Enchant Weapon (Grade S) × 2',
      'item 70123 × 50',
    ]);
  });

  it('shows a gm no action at all', async () => {
    serve(0);
    await lookUp('gm');
    expect(screen.queryByRole('heading', { level: 4 })).toBeNull();
    expect(screen.queryByRole('button', { name: /ban|session|reset/i })).toBeNull();
  });

  it('bans with the one form: a reason and a duration, then says what happened and that the player stays in the game', async () => {
    const sent = serve(0);
    await lookUp('owner');
    const actions = screen.getByRole('region', { name: 'Actions: badplayer' });
    expect(within(actions).queryByRole('button', { name: 'Unban badplayer' })).toBeNull();
    // Without a duration the form sends nothing.
    fireEvent.change(within(actions).getByLabelText('Reason'), { target: { value: 'Selling adena' } });
    await userEvent.click(within(actions).getByRole('button', { name: 'Ban the account' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(sent.some((call) => call.path === '/sdk/console/accounts/ban')).toBe(false);
    await userEvent.keyboard('{Escape}');
    await userEvent.selectOptions(within(actions).getByLabelText('How long'), '7d');
    await userEvent.click(within(actions).getByRole('button', { name: 'Ban the account' }));
    await waitFor(() =>
      expect(sent.find((call) => call.path === '/sdk/console/accounts/ban')?.body).toEqual({
        reason: 'Selling adena',
        duration: '7d',
        login: 'badplayer',
      }),
    );
    const status = await screen.findByText(/badplayer: access level 0 → -1/);
    expect(status.textContent).toContain('site sessions ended: 2');
    expect(status.textContent).toContain('banned for good');
    expect(status.textContent).toContain('the ban does not take it out of the game');
    // The account is read again: banned now, it offers the unban instead of the form.
    expect(await screen.findByRole('button', { name: 'Unban badplayer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ban the account' })).toBeNull();
  });

  it('unbans with a reason, and shows a refusal translated', async () => {
    const sent = serve(-1, ['consoleAccountNotBanned']);
    await lookUp('owner');
    await userEvent.click(screen.getByRole('button', { name: 'Unban badplayer' }));
    const form = screen.getByRole('form', { name: 'Unban badplayer' });
    await userEvent.type(within(form).getByLabelText('Reason'), 'Appeal accepted');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'This account is not banned (access level 0 or above): there is nothing to lift.',
    );
    expect(sent.find((call) => call.path === '/sdk/console/accounts/unban')?.body).toEqual({
      login: 'badplayer',
      reason: 'Appeal accepted',
    });
  });

  it('ends the sessions and sends a reset link, each with its reason', async () => {
    const sent = serve(0);
    await lookUp('owner');
    await userEvent.click(screen.getByRole('button', { name: 'Send badplayer a password-reset link' }));
    const form = screen.getByRole('form', { name: 'Send badplayer a password-reset link' });
    await userEvent.type(within(form).getByLabelText('Reason'), 'Asked on Discord');
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/a password-reset link is on its way/)).toBeTruthy();
    expect(sent.find((call) => call.path === '/sdk/console/accounts/sendreset')?.body).toEqual({
      login: 'badplayer',
      reason: 'Asked on Discord',
    });
    await userEvent.click(screen.getByRole('button', { name: 'End the site sessions of badplayer' }));
    const end = screen.getByRole('form', { name: 'End the site sessions of badplayer' });
    await userEvent.type(within(end).getByLabelText('Reason'), 'Lost phone');
    await userEvent.click(within(end).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(sent.find((call) => call.path === '/sdk/console/accounts/endsessions')?.body).toEqual({
        login: 'badplayer',
        reason: 'Lost phone',
      }),
    );
  });

  it('switches the authenticator off with how the owner made sure it is the player, and only when it is on', async () => {
    const sent = serve(0);
    await lookUp('owner');
    expect(screen.getByText('Authenticator app').nextSibling?.textContent).toBe('on');
    await userEvent.click(screen.getByRole('button', { name: 'Switch off the authenticator of badplayer' }));
    const form = screen.getByRole('form', { name: 'Switch off the authenticator of badplayer' });
    await userEvent.type(
      within(form).getByLabelText('How you made sure it is the player'),
      'Named both characters and the first payment',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(/the authenticator app and its recovery codes are off; site sessions ended: 2/),
    ).toBeTruthy();
    expect(sent.find((call) => call.path === '/sdk/console/accounts/resetfactor')?.body).toEqual({
      login: 'badplayer',
      reason: 'Named both characters and the first payment',
    });
    cleanup();

    serve(0, undefined, [], false);
    await lookUp('owner');
    expect(screen.getByText('Authenticator app').nextSibling?.textContent).toBe('off');
    expect(screen.queryByRole('button', { name: 'Switch off the authenticator of badplayer' })).toBeNull();
  });
});

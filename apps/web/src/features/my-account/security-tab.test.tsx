import { act, cleanup, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../components/dialog';
import { toDataURL } from 'qrcode';
import { initTestI18n } from '../../test-support/i18n';
import { serveCalls } from '../../test-support/calls';
import { QR_QUIET_ZONE, groupSecret } from './authenticator-section';
import { useFreshProof } from './fresh-proof';
import { SecurityTab } from './security-tab';

// The QR code is drawn by npm qrcode; the tests read the options it was asked to draw with.
vi.mock('qrcode', () => ({ toDataURL: vi.fn(async () => 'data:image/png;base64,iVBORw0KGgo=') }));

/** The server as the tab meets it: empty lists, and the confirm call's answer. */
const serve = (answer: { status: number; body: unknown }) =>
  serveCalls((path) => (path === '/sdk/account/confirm' ? answer : undefined));

const renderTab = (provedUntil: number | null, onChanged = vi.fn()) => {
  render(
    <DialogProvider>
      <SecurityTab secondFactor={false} provedUntil={provedUntil} onChanged={onChanged} onSignedOut={vi.fn()} />
    </DialogProvider>,
  );
  return onChanged;
};

describe("My account's security tab and the password typed again", () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('asks for the password before showing the email, passkey and authenticator forms', async () => {
    serve({ status: 200, body: [] });
    renderTab(null);
    expect(await screen.findByText(/Type your password to change them/)).toBeDefined();
    expect(screen.queryByLabelText('New email')).toBeNull();
    expect(screen.getByRole('button', { name: 'Confirm password' })).toBeDefined();
    // Changing the password itself still asks for the current one in its own form.
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDefined();
  });

  it('sends the password, then lets the page read the account again', async () => {
    const calls = serve({ status: 200, body: [] });
    const onChanged = renderTab(null);
    await userEvent.type(screen.getAllByLabelText('Current password')[0]!, 'My.Pass123');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm password' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/sdk/account/confirm')?.body).toEqual({ password: 'My.Pass123' });
  });

  it('says a wrong password and keeps the forms hidden', async () => {
    serve({ status: 400, body: ['wrongUsernameOrPassword'] });
    const onChanged = renderTab(null);
    await userEvent.type(screen.getAllByLabelText('Current password')[0]!, 'Wrong.Pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm password' }));
    expect((await screen.findByRole('dialog')).textContent).toMatch(/username or password/i);
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('New email')).toBeNull();
  });

  it('shows the forms and until when while the password is fresh', async () => {
    serve({ status: 200, body: [] });
    renderTab(Date.now() + 60_000);
    expect(await screen.findByLabelText('New email')).toBeDefined();
    expect(screen.getByText(/you can change them until/)).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Confirm password' })).toBeNull();
  });

  it('stops counting the password as fresh the moment its time is up', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const until = Date.now() + 1_000;
    const { result } = renderHook(() => useFreshProof(until));
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1_100);
    });
    expect(result.current).toBe(false);
  });
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const RECOVERY = Array.from({ length: 10 }, (_, index) => `rc${index}-abcd-efgh`);
const PASSKEY = { name: 'My phone', createdAt: Date.UTC(2026, 10, 1, 10), lastUsedAt: null };

/** The server of a fresh session: the authenticator's calls answered, and `passkeys` rows. */
const serveSecurity = (passkeys: number) =>
  serveCalls((path) => {
    if (path === '/sdk/account/totp/begin') return { status: 200, body: { secret: SECRET, uri: 'otpauth://totp/x' } };
    if (path === '/sdk/account/totp/confirm') return { status: 200, body: { recoveryCodes: RECOVERY } };
    if (path === '/sdk/account/sessions')
      return {
        status: 200,
        body: [true, false].map((current, index) => ({
          id: `s${index}`,
          device: 'Firefox on Windows',
          address: '192.0.2.1',
          firstSeen: Date.UTC(2026, 10, 1),
          lastSeen: Date.UTC(2026, 10, 2),
          current,
        })),
      };
    if (path === '/sdk/account/passkeys')
      return { status: 200, body: Array.from({ length: passkeys }, (_, id) => ({ ...PASSKEY, id: `key${id}` })) };
    return undefined;
  });

const renderFresh = (secondFactor: boolean, onChanged = vi.fn()) => {
  render(
    <DialogProvider>
      <SecurityTab
        secondFactor={secondFactor}
        provedUntil={Date.now() + 600_000}
        onChanged={onChanged}
        onSignedOut={vi.fn()}
      />
    </DialogProvider>,
  );
  return onChanged;
};

const section = (name: string) => screen.getByRole('region', { name });
/** The gold buttons of a section: each state has one main action at most. */
const primaryButtons = (region: HTMLElement) =>
  within(region)
    .getAllByRole('button')
    .filter((button) => button.classList.contains('button--primary'))
    .map((button) => button.textContent);
const badgeOf = (region: HTMLElement) => region.querySelector('.state-badge')?.textContent?.trim();

describe("The security tab's sections: their state, one main action each", () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(toDataURL).mockClear();
  });

  it('shows the authenticator off with "Switch on" as its one main action and no word of recovery codes', async () => {
    serveSecurity(0);
    renderFresh(false);
    const authenticator = section('Authenticator app');
    expect(badgeOf(authenticator)).toBe('○ Off');
    expect(primaryButtons(authenticator)).toEqual(['Switch on']);
    expect(authenticator.textContent).not.toMatch(/recovery/i);
  });

  it('sets up with a QR code on a 4-module quiet zone, the secret grouped by four and copied whole', async () => {
    serveSecurity(0);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderFresh(false);
    const authenticator = section('Authenticator app');
    await userEvent.click(within(authenticator).getByRole('button', { name: 'Switch on' }));

    expect(
      await within(authenticator).findByRole('img', { name: 'QR code of the authenticator secret' }),
    ).toBeDefined();
    expect(toDataURL).toHaveBeenCalledWith(
      'otpauth://totp/x',
      expect.objectContaining({ margin: 4, color: { dark: '#000000', light: '#ffffff' } }),
    );
    const secret = within(authenticator).getByRole('group', { name: 'Secret:' });
    expect(secret.querySelector('code')?.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await userEvent.click(within(secret).getByRole('button', { name: 'Copy the secret' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(secret).getByRole('button', { name: 'Secret copied' })).toBeDefined();

    // The code asked is the app's: no recovery code exists yet, so its hint does not speak of one.
    const code = within(authenticator).getByLabelText('Code');
    expect(code.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(code.getAttribute('aria-describedby')!.split(' ')[0]!);
    expect(hint?.textContent).toBe('The six digits your app shows now.');
    expect(primaryButtons(authenticator)).toEqual(['Switch on']);
    expect(badgeOf(authenticator)).toBe('○ Off');

    await userEvent.click(within(authenticator).getByRole('button', { name: 'Cancel' }));
    expect(within(authenticator).queryByRole('group', { name: 'Secret:' })).toBeNull();
    expect(primaryButtons(authenticator)).toEqual(['Switch on']);
  });

  it('switches on: the badge says On and "I have saved them" is the one main action beside the codes', async () => {
    const calls = serveSecurity(0);
    const onChanged = renderFresh(false);
    const authenticator = section('Authenticator app');
    await userEvent.click(within(authenticator).getByRole('button', { name: 'Switch on' }));
    await userEvent.type(await within(authenticator).findByLabelText('Code'), '123456');
    await userEvent.click(within(authenticator).getByRole('button', { name: 'Switch on' }));

    const codes = await within(authenticator).findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(calls.find((call) => call.path === '/sdk/account/totp/confirm')?.body).toEqual({ code: '123456' });
    expect(onChanged).toHaveBeenCalled();
    expect(badgeOf(authenticator)).toBe('✓ On');
    expect(primaryButtons(authenticator)).toEqual(['I have saved them']);
    await userEvent.click(within(authenticator).getByRole('button', { name: 'I have saved them' }));
    expect(primaryButtons(authenticator)).toEqual([]);
    expect(authenticator.textContent).toMatch(/one of your recovery codes signs you in/);
  });

  it('keeps "Switch off" off gold and behind a confirmation that asks a code', async () => {
    const calls = serveSecurity(0);
    renderFresh(true);
    const authenticator = section('Authenticator app');
    expect(badgeOf(authenticator)).toBe('✓ On');
    expect(primaryButtons(authenticator)).toEqual([]);
    expect(within(authenticator).queryByLabelText('Code')).toBeNull();

    await userEvent.click(within(authenticator).getByRole('button', { name: 'Switch off' }));
    const code = within(authenticator).getByLabelText('Code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(authenticator.textContent).toMatch(/your recovery codes stop working/);
    const switchOff = within(authenticator).getByRole('button', { name: 'Switch off' });
    expect(switchOff.className).toContain('button--danger');
    expect(primaryButtons(authenticator)).toEqual([]);

    await userEvent.click(within(authenticator).getByRole('button', { name: 'Cancel' }));
    expect(within(authenticator).queryByLabelText('Code')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(authenticator).getByRole('button', { name: 'Switch off' })),
    );
    await userEvent.click(within(authenticator).getByRole('button', { name: 'Switch off' }));
    await userEvent.type(within(authenticator).getByLabelText('Code'), '654321');
    await userEvent.click(within(authenticator).getByRole('button', { name: 'Switch off' }));
    await waitFor(() => expect(badgeOf(authenticator)).toBe('○ Off'));
    expect(calls.find((call) => call.path === '/sdk/account/totp/disable')?.body).toEqual({ code: '654321' });
    expect(primaryButtons(authenticator)).toEqual(['Switch on']);
  });

  it('counts the passkeys in the badge, with "Add a passkey" the one main action', async () => {
    serveSecurity(2);
    renderFresh(false);
    const passkeys = section('Passkeys');
    await waitFor(() => expect(badgeOf(passkeys)).toBe('✓ 2 passkeys'));
    expect(primaryButtons(passkeys)).toEqual(['Add a passkey']);
    cleanup();
    serveSecurity(1);
    renderFresh(false);
    await waitFor(() => expect(badgeOf(section('Passkeys'))).toBe('✓ 1 passkey'));
    cleanup();
    serveSecurity(0);
    renderFresh(false);
    await waitFor(() => expect(badgeOf(section('Passkeys'))).toBe('○ 0 passkeys'));
  });

  it('counts the signed-in sessions in their badge, with no main action among the End buttons', async () => {
    serveSecurity(0);
    renderFresh(false);
    const sessions = section('Signed-in sessions');
    await waitFor(() => expect(badgeOf(sessions)).toBe('2 sessions'));
    expect(within(sessions).getAllByRole('button', { name: /^End/ })).toHaveLength(3);
    expect(primaryButtons(sessions)).toEqual([]);
  });

  it('groups a secret by four characters, the last group as long as it is', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(QR_QUIET_ZONE).toBe(4);
  });
});

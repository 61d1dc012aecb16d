import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../components/dialog';
import { initTestI18n } from '../../test-support/i18n';
import { serveCalls } from '../../test-support/calls';
import { useFreshProof } from './fresh-proof';
import { SecurityTab } from './security-tab';

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

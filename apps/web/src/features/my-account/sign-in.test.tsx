import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../components/dialog';
import { initTestI18n } from '../../test-support/i18n';
import { serveCalls } from '../../test-support/calls';
import { SecondFactorForm, SignInForm } from './sign-in';

/** The second step's call answering as given; every call's path and body kept. */
const serve = (answer: { status: number; body: unknown }) =>
  serveCalls((path) => (path === '/sdk/signin/secondfactor' ? answer : undefined));

const inRouter = (node: ReactNode) =>
  render(
    <Router hook={memoryLocation({ path: '/account' }).hook}>
      <DialogProvider>{node}</DialogProvider>
    </Router>,
  );

describe("My account's sign-in", () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the login and password, offers a passkey, and links to register and recovery', async () => {
    serve({ status: 200, body: [] });
    inRouter(<SignInForm onSignedIn={vi.fn()} onSecondFactor={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeDefined();
    expect(screen.getByLabelText(/Username/)).toBeDefined();
    expect(screen.getByLabelText(/^Password/)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDefined();
    expect(screen.getByRole('button', { name: /passkey/i })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Register' })).toBeDefined();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('the second step sends the code and signs in on a right one', async () => {
    const calls = serve({ status: 200, body: [] });
    const onSignedIn = vi.fn();
    inRouter(<SecondFactorForm onSignedIn={onSignedIn} />);
    await userEvent.type(await screen.findByLabelText(/Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(calls.find((call) => call.path === '/sdk/signin/secondfactor')?.body).toEqual({ code: '123456' });
  });

  it('the second step says a wrong code in the page language and stays', async () => {
    serve({ status: 400, body: ['wrongSecondFactorCode'] });
    const onSignedIn = vi.fn();
    inRouter(<SecondFactorForm onSignedIn={onSignedIn} />);
    await userEvent.type(await screen.findByLabelText(/Code/), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('dialog')).textContent).toMatch(/The code is wrong or has already been used/);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Second step' })).toBeDefined();
    // The reason is written once, in the dialog: closed, the player is on the marked field, which
    // tells a screen reader why but does not repeat the reason on the page.
    const dialog = screen.getByRole<HTMLDialogElement>('dialog');
    // jsdom does not close a dialog on its form's submit: closed as Escape would.
    act(() => dialog.close());
    const code = screen.getByLabelText(/Code/);
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code).toHaveAccessibleDescription(/The code is wrong or has already been used/);
    const reasons = screen.getAllByText(/The code is wrong or has already been used/);
    expect(reasons.filter((reason) => !dialog.contains(reason)).map((reason) => reason.className)).toEqual([
      'visually-hidden',
    ]);
    await userEvent.type(code, '1');
    expect(code.getAttribute('aria-invalid')).toBeNull();
  });
});

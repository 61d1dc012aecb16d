import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test-support/i18n';
import { type CaptchaHandle, CaptchaField } from './captcha-field';

const made = vi.hoisted(() => ({ count: 0 }));

vi.mock('../../api/client', () => ({
  callApi: vi.fn(async () => ({ provider: 'altcha', challengeUrl: '/sdk/altcha/challenge' })),
}));
vi.mock('./altcha-widget', () => ({
  mountAltcha: vi.fn(async (host: HTMLElement) => {
    made.count += 1;
    host.innerHTML = '<label><input type="checkbox" /> I am not a robot</label>';
    return { destroy: () => host.replaceChildren(), reset: () => undefined };
  }),
}));

const renderForm = (ref = createRef<CaptchaHandle>()) => {
  render(
    <form>
      <label>
        Email <input name="email" />
      </label>
      <CaptchaField ref={ref} onToken={() => undefined} invalid={false} />
    </form>,
  );
  return ref;
};

describe('the captcha field', () => {
  beforeAll(initTestI18n);
  beforeEach(() => {
    made.count = 0;
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(cleanup);

  it('is not made while the page loads, though on the screen, and is made when the player touches the form', async () => {
    renderForm();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(made.count).toBe(0);
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.pointerDown(screen.getByRole('group', { name: 'Prove you are human' }));
    expect(await screen.findByRole('checkbox')).toBeInTheDocument();
    expect(made.count).toBe(1);
  });

  it('is made as soon as the player starts on the form, for a keyboard user tabbing to it', async () => {
    renderForm();
    await userEvent.click(screen.getByLabelText('Email'));
    expect(await screen.findByRole('checkbox')).toBeInTheDocument();
  });

  it('is made, scrolled to and focused when the form asks for it before it was made', async () => {
    const ref = renderForm();
    act(() => ref.current?.focus());
    await waitFor(() => expect(screen.getByRole('checkbox')).toHaveFocus());
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
    expect(made.count).toBe(1);
  });
});

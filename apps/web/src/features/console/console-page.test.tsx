import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse } from '../../test-support/metadata';
import ConsolePage from './console-page';

const OWNER = { login: 'admin', role: 'owner', idleMinutes: 15, steppedUp: true, factors: ['totp'] };

/** The console at an address, against a server that knows an owner stepped up; every URL asked is kept. */
const openAt = (path: string, me: object = OWNER) => {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/sdk/console/me') return jsonResponse(me);
      if (['/sdk/console/donations', '/sdk/console/audit'].includes(url.pathname)) {
        return jsonResponse({ rows: [], next: null });
      }
      if (url.pathname === '/sdk/console/votes') return jsonResponse({ claims: [], failures: [] });
      if (url.pathname === '/sdk/console/supportercodes') return jsonResponse({ rows: [] });
      return jsonResponse([]);
    }),
  );
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <ConsolePage />
    </Router>,
  );
  return { asked, location };
};

describe("the console's frame and addresses", () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens the section and the filter of its address: a shared link or a reload shows the same list', async () => {
    const { asked } = openAt('/console/donations?state=failed&flagged=true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Donations' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Donations');
    await screen.findByText(/^Donations: nothing here/);
    expect(asked).toContain('/sdk/console/donations?state=failed&flagged=true');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'State' }).value).toBe('failed');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Only those that need you' }).checked).toBe(true);
    // The top bar: who, the role, and when the step-up runs out.
    expect(screen.getByRole('banner').textContent).toContain('admin · owner');
    expect(screen.getByRole('banner').textContent).toMatch(/Closes at .+ if idle/);
  });

  it('puts a new filter in the address, so Back returns to the earlier one', async () => {
    const { location } = openAt('/console/donations');
    await screen.findByRole('heading', { level: 2, name: 'Donations' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'refunded');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(location.history?.at(-1)).toBe('/console/donations?state=refunded');
  });

  it('lists the sections only once stepped up, and leaves a section for another by its link', async () => {
    openAt('/console/audit', { ...OWNER, steppedUp: false });
    expect(await screen.findByRole('region', { name: 'Confirm it is you' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).toBeNull();
    cleanup();

    const { location } = openAt('/console/audit');
    const menu = await screen.findByRole('button', { name: 'Sections' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(screen.getByRole('link', { name: 'Votes' }));
    expect(location.history?.at(-1)).toBe('/console/votes');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
  });
});

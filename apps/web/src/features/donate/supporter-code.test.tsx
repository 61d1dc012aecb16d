import ru from '@gatekeeper/texts/locales/ru.json';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../components/dialog';
import { SiteDataProvider } from '../../shared/site-data';
import { serveCalls } from '../../test-support/calls';
import { initTestI18n } from '../../test-support/i18n';
import { testMetadata } from '../../test-support/metadata';
import DonatePage from './donate-page';
import { SupporterCodesSection } from './supporter-codes-section';

/**
 * Supporter codes in the page (docs/owner/payments.md#supporter-codes): the donate page's optional
 * field, filled from ?supporter=CODE, sent with Stripe's and Mercado Pago's payments and not
 * offered with PayPal; the console's form and list of codes, for the owner only.
 */
const BASE = testMetadata();
const METADATA = testMetadata({
  donation: {
    ...BASE.donation,
    checkout: 'orders',
    action: '',
    fields: {},
    providers: [
      { id: 'paypal', currency: 'EUR', coinsPerUnit: null },
      { id: 'stripe', currency: 'EUR', coinsPerUnit: null },
    ],
  },
});
const APPROVE_URL = 'https://checkout.stripe.test/c/pay/cs_test_1';

describe('supporter codes on the page', () => {
  beforeAll(async () => {
    await initTestI18n();
    i18next.addResourceBundle('ru', 'translation', ru);
  });
  beforeEach(() => window.sessionStorage.clear());
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18next.changeLanguage('en');
  });

  const renderDonate = (path: string) =>
    render(
      <Router hook={memoryLocation({ path }).hook}>
        <SiteDataProvider initialMetadata={METADATA}>
          <DialogProvider>
            <DonatePage />
          </DialogProvider>
        </SiteDataProvider>
      </Router>,
    );

  it('fills the code from the partner’s link, offers it with Stripe only and sends it upper case', async () => {
    const calls = serveCalls((path) =>
      path === '/sdk/createdonationorder' ? { status: 200, body: { approveUrl: APPROVE_URL } } : undefined,
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderDonate('/donate?supporter=streamer1');
    await user.click(screen.getByRole('button', { name: 'I agree, proceed' }));
    const choice = await screen.findByRole('group', { name: 'Pay with' });
    // PayPal first: no code asked.
    expect(screen.queryByLabelText('Supporter code (optional)')).toBeNull();
    await user.click(within(choice).getByRole('radio', { name: 'Card (Stripe)' }));
    const field = screen.getByLabelText('Supporter code (optional)');
    expect(field).toHaveValue('STREAMER1');
    await user.type(screen.getByLabelText('Character name'), 'DemoKnight');
    await user.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(APPROVE_URL));
    expect(calls.find((call) => call.path === '/sdk/createdonationorder')?.body).toEqual({
      charName: 'DemoKnight',
      amount: '20.00',
      provider: 'stripe',
      supporterCode: 'STREAMER1',
    });
  });

  it('says in the player’s language why the site refused a code, and checks its shape first', async () => {
    const calls = serveCalls((path) =>
      path === '/sdk/createdonationorder' ? { status: 400, body: ['supporterCodeUnknown'] } : undefined,
    );
    await i18next.changeLanguage('ru');
    const user = userEvent.setup();
    renderDonate('/donate');
    await user.click(screen.getByRole('button', { name: ru.donate.agreement.proceed }));
    const choice = await screen.findByRole('group', { name: ru.donate.form.provider.label });
    await user.click(within(choice).getByRole('radio', { name: ru.donate.form.provider.stripe }));
    await user.type(screen.getByLabelText(ru.donate.charNameLabel), 'DemoKnight');
    const field = screen.getByLabelText(ru.donate.supporterCodeLabel);
    await user.type(field, 'no such!');
    await user.click(screen.getByRole('button', { name: ru.donate.form.submit }));
    expect(await screen.findByText(ru.donate.supporterCodeShape)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/sdk/createdonationorder')).toBe(false);
    await user.clear(field);
    await user.type(field, 'NOSUCH');
    await user.click(screen.getByRole('button', { name: ru.donate.form.submit }));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { hidden: true })).toHaveTextContent(ru.supporterCodeUnknown),
    );
  });
});

const ROW = {
  code: 'STREAMER1',
  partnerLogin: 'partner1',
  shareBasisPoints: 750,
  enabled: true,
  endsAt: null,
  donations: 3,
  amounts: [{ currency: 'EUR', cents: 4500 }],
  coinsCredited: 337,
  coinsTakenBack: 25,
  shortfall: 5,
};

describe("the console's supporter codes", () => {
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderSection = (role: 'owner' | 'gm') =>
    render(
      <Router hook={memoryLocation({ path: '/console/donations' }).hook}>
        <SiteDataProvider initialMetadata={testMetadata()}>
          <SupporterCodesSection role={role} />
        </SiteDataProvider>
      </Router>,
    );

  it('lists each code with what it brought, and adds one with its share in percent', async () => {
    const calls = serveCalls((path) => {
      if (path === '/sdk/console/supportercodes') return { status: 200, body: { rows: [ROW] } };
      return undefined;
    });
    const user = userEvent.setup();
    renderSection('owner');
    const table = await screen.findByRole('table', { name: 'Supporter codes' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('STREAMER1');
    expect(row.textContent).toContain('7.5 %');
    expect(row.textContent).toContain('337');
    expect(row.textContent).toContain('5 spent, not taken back');
    const form = screen.getByRole('form', { name: 'Add a supporter code' });
    await user.type(within(form).getByLabelText('Code'), 'gamer42');
    await user.type(within(form).getByLabelText('Partner’s login'), 'partner2');
    // 60 % is more than a code may give: refused on the page, nothing sent.
    await user.type(within(form).getByLabelText('Share (%)'), '60');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toBe(
      'Enter the share as a percentage from 0.01 to 50, for example 10 or 7.5.',
    );
    const saves = () => calls.filter((call) => call.path === '/sdk/console/supportercodes/save');
    expect(saves()).toEqual([]);
    await user.clear(within(form).getByLabelText('Share (%)'));
    await user.type(within(form).getByLabelText('Share (%)'), '12.5');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.body).toEqual({
      supporter: {
        create: true,
        code: 'GAMER42',
        partnerLogin: 'partner2',
        shareBasisPoints: 1250,
        enabled: true,
        endsAt: null,
      },
    });
  });

  it('shows a gm nothing and asks the server nothing', () => {
    const calls = serveCalls(() => undefined);
    const { container } = renderSection('gm');
    expect(container.textContent).toBe('');
    expect(calls.filter((call) => call.path.startsWith('/sdk/console/'))).toEqual([]);
  });
});

import br from '@gatekeeper/texts/locales/br.json';
import ru from '@gatekeeper/texts/locales/ru.json';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteDataProvider } from '../../shared/site-data';
import { DialogProvider } from '../../components/dialog';
import { initTestI18n } from '../../test-support/i18n';
import { jsonResponse as json, testMetadata } from '../../test-support/metadata';
import DonatePage from './donate-page';

const METADATA = testMetadata();
/** A site on PayPal Orders: the server creates the order and answers PayPal's approval link. */
const ORDERS_METADATA = testMetadata({
  donation: { ...METADATA.donation, checkout: 'orders', action: '', fields: {} },
});
/** PayPal's legacy form, Stripe and Mercado Pago (in reais, at its own rate) offered together. */
const LAYER_METADATA = testMetadata({
  donation: {
    ...METADATA.donation,
    providers: [
      { id: 'paypal', currency: 'USD', coinsPerUnit: null },
      { id: 'stripe', currency: 'EUR', coinsPerUnit: 3 },
      { id: 'mercadopago', currency: 'BRL', coinsPerUnit: 1 },
    ],
  },
});
/** Donations to the donor's wallet (donations.target wallet): Stripe and Mercado Pago, no character. */
const WALLET_METADATA = testMetadata({
  donation: {
    ...METADATA.donation,
    target: 'wallet',
    checkout: 'orders',
    action: '',
    fields: {},
    providers: [
      { id: 'stripe', currency: 'EUR', coinsPerUnit: 3 },
      { id: 'mercadopago', currency: 'BRL', coinsPerUnit: 1 },
    ],
  },
});
/** Donations to the wallet with PayPal Orders beside Stripe: PayPal first, as the server lists it. */
const WALLET_PAYPAL_METADATA = testMetadata({
  donation: {
    ...WALLET_METADATA.donation,
    providers: [
      { id: 'paypal', currency: 'EUR', coinsPerUnit: null },
      { id: 'stripe', currency: 'EUR', coinsPerUnit: 3 },
    ],
  },
});
let metadata = METADATA;
const APPROVE_URL = 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T';

const calls: string[] = [];
const bodies: unknown[] = [];
let releaseCheck: (() => void) | undefined;
const fakeFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
  if (url.pathname === '/sdk/getmetadata') return json(metadata);
  if (url.pathname === '/sdk/createdonationorder') {
    const body = JSON.parse(String(init?.body)) as { charName?: string };
    bodies.push(body);
    if (metadata.donation.target === 'wallet' && body.charName === undefined) return json({ approveUrl: APPROVE_URL });
    if (body.charName !== 'DemoKnight') return json(['charDoesntExist'], 400);
    return json({ approveUrl: APPROVE_URL });
  }
  if (url.pathname === '/sdk/ischaracterexist') {
    await new Promise<void>((resolve) => (releaseCheck = resolve));
    return json(url.searchParams.get('name') === 'DemoKnight');
  }
  if (url.pathname === '/sdk/updateref') return new Response('', { status: 404 });
  return json(null);
});

const submitted: Record<string, string>[] = [];

describe('the donate page', () => {
  beforeAll(async () => {
    await initTestI18n();
    i18next.addResourceBundle('ru', 'translation', ru);
    i18next.addResourceBundle('br', 'translation', br);
  });
  beforeEach(() => {
    vi.stubGlobal('fetch', fakeFetch);
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push({ action: this.action, method: this.method, ...Object.fromEntries(new FormData(this)) });
    });
    window.sessionStorage.clear();
    metadata = METADATA;
    bodies.length = 0;
    calls.length = 0;
    submitted.length = 0;
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await i18next.changeLanguage('en');
  });

  const renderPage = (path = '/donate') => {
    const location = memoryLocation({ path });
    return render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <SiteDataProvider>
          <DialogProvider>
            <DonatePage />
          </DialogProvider>
        </SiteDataProvider>
      </Router>,
    );
  };

  it('remembers the accepted agreement for the visit', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'I agree, proceed' }));
    expect(await screen.findByRole('heading', { name: 'Your donation' })).toHaveFocus();
    cleanup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Your donation' })).not.toHaveFocus();
    expect(screen.queryByRole('button', { name: 'I agree, proceed' })).toBeNull();
  });

  it('shows the coins of the amount with the settings’ rate, rounded down', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'I agree, proceed' }));
    expect(await screen.findByText('Your character receives 50 Adena Coin.')).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '7.99');
    expect(screen.getByText('Your character receives 19 Adena Coin.')).toBeInTheDocument();
    expect(screen.getByText('From US$5.00 to US$50.00.')).toBeInTheDocument();
  });

  it('names a coin that is a game item by its id in the page’s language, not by coins.name', async () => {
    // Coin of Luck (4037), the default coin: Russian players get the Russian client's name.
    metadata = testMetadata({ coinItemId: 4037, coinsName: 'Donation Coin' });
    await i18next.changeLanguage('ru');
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: ru.donate.agreement.proceed }));
    expect(await screen.findByText(/^Ваш персонаж получит: Монета Удачи × 50\.$/)).toBeInTheDocument();
    expect(screen.getByText(/^За каждые .+ ваш персонаж получает: Монета Удачи × 2,5\.$/)).toBeInTheDocument();
    cleanup();
    await i18next.changeLanguage('en');
    renderPage();
    expect(await screen.findByText('Your character receives 50 Coin of Luck.')).toBeInTheDocument();
  });

  it('puts a chosen amount in the field, with its coins, and marks its button', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('list', { name: 'Donation steps' })).toHaveTextContent('Step 1 of 2: agreement');
    await user.click(screen.getByRole('button', { name: 'I agree, proceed' }));
    const amounts = await screen.findByRole('group', { name: 'Choose an amount' });
    const button = (name: string) => within(amounts).getByRole('button', { name });
    expect(button('US$20.00')).toHaveAttribute('aria-pressed', 'true');
    await user.click(button('US$50.00'));
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('50');
    expect(screen.getByText('Your character receives 125 Adena Coin.')).toBeInTheDocument();
    expect(button('US$50.00')).toHaveAttribute('aria-pressed', 'true');
    expect(button('US$20.00')).toHaveAttribute('aria-pressed', 'false');
    await user.click(button('Other amount'));
    expect(screen.getByLabelText('Amount (USD)')).toHaveFocus();
    await user.keyboard('7.99');
    expect(screen.getByText('Your character receives 19 Adena Coin.')).toBeInTheDocument();
    expect(button('Other amount')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText(/Questions about a payment/)).toBeNull();
  });

  it('shows the contact for payment questions when the owner set one', async () => {
    metadata = testMetadata({ donation: { ...METADATA.donation, contact: 'https://discord.gg/help' } });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'I agree, proceed' }));
    const link = await screen.findByRole('link', { name: /discord\.gg\/help/ });
    expect(link).toHaveAttribute('href', 'https://discord.gg/help');
    expect(link.closest('p')).toHaveTextContent('Questions about a payment? Contact us:');
  });

  it('ignores a second submit while the check runs, then posts the provider form once', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'I agree, proceed' }));
    await user.type(await screen.findByLabelText('Character name'), ' DemoKnight ');
    const amount = screen.getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '12,5');
    const button = screen.getByRole('button', { name: 'Donate' });
    await user.click(button);
    await user.click(button);
    expect(calls.filter((call) => call.includes('ischaracterexist'))).toEqual([
      'GET /sdk/ischaracterexist?name=DemoKnight',
    ]);
    releaseCheck?.();
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toEqual({
      action: 'https://www.sandbox.paypal.com/cgi-bin/webscr',
      method: 'post',
      cmd: '_donations',
      business: 'owner@example.com',
      currency_code: 'USD',
      amount: '12.50',
      custom: 'DemoKnight',
    });
    expect(calls).toContain('POST /sdk/updateref');
  });

  it('does not post the provider form for a character that does not exist', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'I agree, proceed' }));
    await user.type(await screen.findByLabelText('Character name'), 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Donate' }));
    releaseCheck?.();
    await waitFor(() =>
      expect(screen.getByRole('dialog', { hidden: true })).toHaveTextContent('There is no character with this name.'),
    );
    expect(submitted).toEqual([]);
    expect(calls).not.toContain('POST /sdk/updateref');
    expect(screen.getByRole('button', { name: 'Donate' })).toBeEnabled();
  });

  it('creates the PayPal order on the site and goes to the approval link PayPal gave', async () => {
    metadata = ORDERS_METADATA;
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'I agree, proceed' }));
    await user.type(await screen.findByLabelText('Character name'), 'Nobody');
    await user.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { hidden: true })).toHaveTextContent('There is no character with this name.'),
    );
    expect(assign).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'OK', hidden: true }));
    const name = screen.getByLabelText('Character name');
    await user.clear(name);
    await user.type(name, 'DemoKnight');
    await user.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(APPROVE_URL));
    expect(bodies.at(-1)).toEqual({ charName: 'DemoKnight', amount: '20.00' });
    expect(calls.some((call) => call.includes('ischaracterexist'))).toBe(false);
    expect(submitted).toEqual([]);
  });

  it('offers no choice with one provider', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'I agree, proceed' }));
    await screen.findByLabelText('Character name');
    expect(screen.queryByRole('group', { name: 'Pay with' })).toBeNull();
  });

  it('lets the donor choose the provider: its currency and rate, and the site starts its payment', async () => {
    metadata = LAYER_METADATA;
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'I agree, proceed' }));
    const choice = await screen.findByRole('group', { name: 'Pay with' });
    expect(within(choice).getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(screen.getByLabelText('Amount (USD)')).toBeInTheDocument();
    await user.click(within(choice).getByRole('radio', { name: 'Card (Stripe)' }));
    expect(screen.getByLabelText('Amount (EUR)')).toBeInTheDocument();
    expect(screen.getByText('Your character receives 60 Adena Coin.')).toBeInTheDocument();
    await user.click(within(choice).getByRole('radio', { name: 'Pix or card (Mercado Pago)' }));
    expect(screen.getByLabelText('Amount (BRL)')).toBeInTheDocument();
    expect(screen.getByText('Your character receives 20 Adena Coin.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Character name'), 'DemoKnight');
    await user.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(APPROVE_URL));
    expect(bodies.at(-1)).toEqual({ charName: 'DemoKnight', amount: '20.00', provider: 'mercadopago' });
    // Never PayPal's form for another provider.
    expect(submitted).toEqual([]);
    expect(calls.some((call) => call.includes('ischaracterexist'))).toBe(false);
  });

  it('names the providers in the player’s language', async () => {
    metadata = LAYER_METADATA;
    await i18next.changeLanguage('br');
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: br.donate.agreement.proceed }));
    const choice = await screen.findByRole('group', { name: 'Pagar com' });
    await user.click(within(choice).getByRole('radio', { name: 'Pix ou cartão (Mercado Pago)' }));
    expect(screen.getByText(br.donate.form.provider.note.mercadopago)).toBeInTheDocument();
  });

  it('asks no character when donations go to the wallet, names the account and says where the coins go', async () => {
    metadata = WALLET_METADATA;
    window.sessionStorage.setItem('gk-signed-in', 'walletfan');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/The coins go to your account's wallet on this site/)).toBeInTheDocument();
    expect(screen.queryByText(/The coins go to the character you name/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'I agree, proceed' }));
    await screen.findByRole('heading', { name: 'Your donation' });
    expect(screen.queryByLabelText('Character name')).toBeNull();
    expect(
      screen.getByText('The coins go to the wallet of your account walletfan; you spend them in the shop.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Your wallet receives 60 coins.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(APPROVE_URL));
    expect(bodies.at(-1)).toEqual({ amount: '20.00', provider: 'stripe' });
  });

  it('asks a visitor who is not signed in to sign in first, in the player’s language', async () => {
    metadata = WALLET_METADATA;
    await i18next.changeLanguage('ru');
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: ru.donate.agreement.proceed }));
    expect(await screen.findByRole('link', { name: ru.donate.form.walletSignIn })).toHaveAttribute(
      'href',
      '/ru/moy-akkaunt',
    );
  });

  it('takes PayPal into the wallet: the order names no character, and the return says the coins reach the wallet', async () => {
    metadata = WALLET_PAYPAL_METADATA;
    window.sessionStorage.setItem('gk-signed-in', 'walletfan');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'I agree, proceed' }));
    await screen.findByRole('heading', { name: 'Your donation' });
    expect(screen.getByText('Step 2 of 2: amount')).toBeInTheDocument();
    const choice = screen.getByRole('group', { name: 'Pay with' });
    expect(within(choice).getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(screen.queryByLabelText('Character name')).toBeNull();
    expect(
      screen.getByText("You pay on PayPal's secure page; we never see your card or account details."),
    ).toBeInTheDocument();
    // 20 EUR at the site's rate (coinsPerEuro), PayPal having no rate of its own.
    expect(screen.getByText(`Your wallet receives ${20 * METADATA.coinsPerEuro} coins.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Donate' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(APPROVE_URL));
    // PayPal's order is the call without a provider, and with no character.
    expect(bodies.at(-1)).toEqual({ amount: '20.00' });
    cleanup();
    renderPage('/donate?payment=complete');
    expect(
      await screen.findByText(
        'Thank you for your donation! The coins reach your wallet as soon as PayPal confirms the payment, usually within minutes; you see them in My account, Wallet.',
      ),
    ).toBeInTheDocument();
  });

  it('says on a character site’s return that the coins are credited, in the player’s language', async () => {
    await i18next.changeLanguage('ru');
    renderPage('/donate?payment=processing&provider=stripe');
    expect(
      await screen.findByText(ru.donate.notice.processing.replace('{{provider}}', ru.donate.notice.provider.stripe)),
    ).toBeInTheDocument();
    expect(screen.getByText(ru.donate.steps.agreement)).toBeInTheDocument();
  });
});

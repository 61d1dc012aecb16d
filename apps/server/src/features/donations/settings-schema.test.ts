import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../config';
import { parseSettings } from '../../settings';
import { paypalApiBase } from './checkout-routes';
import { PAYPAL_URLS, paypalFormOrigin, paypalVerifyUrl, presentPaypalForm } from './paypal';

const messageOf = (raw: unknown) => {
  try {
    parseSettings(raw, 'gatekeeper.settings.json');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
};

describe('donation settings', () => {
  it('default to live PayPal Orders in euros, 1 to 500, and the donate button for the legacy form', () => {
    const { donations } = parseSettings({});
    expect(donations).toMatchObject({ currency: 'EUR', minAmount: 1, maxAmount: 500, defaultAmount: 10 });
    expect(donations.paypal).toMatchObject({ checkout: 'orders', command: '_donations', onRefund: 'takeBack' });
    expect(paypalApiBase(donations)).toBe('https://api-m.paypal.com');
    expect(paypalVerifyUrl(donations)).toBe(PAYPAL_URLS.live.verify);
    expect(paypalFormOrigin(donations)).toBe('https://www.paypal.com');
    expect(presentPaypalForm(donations, 'https://l2.example.test', true)).toMatchObject({
      checkout: 'orders',
      fields: {},
      open: true,
    });
  });

  it('are open on the legacy form, and on Orders only with the PayPal app’s credentials', () => {
    const orders = parseSettings({}).donations;
    const standard = parseSettings({ donations: { paypal: { checkout: 'standard' } } }).donations;
    expect(presentPaypalForm(orders, 'https://l2.example.test', false).open).toBe(false);
    expect(presentPaypalForm(orders, 'https://l2.example.test', true).open).toBe(true);
    expect(presentPaypalForm(standard, 'https://l2.example.test', false).open).toBe(true);
  });

  it('switch the API, the form and the verification to the sandbox', () => {
    const { donations } = parseSettings({ donations: { paypal: { sandbox: true, checkout: 'standard' } } });
    expect(paypalApiBase(donations)).toBe('https://api-m.sandbox.paypal.com');
    expect(paypalVerifyUrl(donations)).toBe('https://ipnpb.sandbox.paypal.com/cgi-bin/webscr');
    expect(presentPaypalForm(donations, 'https://l2.example.test', false).action).toBe(
      'https://www.sandbox.paypal.com/cgi-bin/webscr',
    );
    expect(paypalFormOrigin(donations)).toBe('https://www.sandbox.paypal.com');
  });

  it('take a verification URL of their own and the owner’s return addresses', () => {
    const { donations } = parseSettings({
      donations: {
        returnUrl: 'https://l2.example.test/thanks',
        cancelUrl: 'https://l2.example.test/sorry',
        paypal: { checkout: 'standard', verifyUrl: 'http://127.0.0.1:9/verify' },
      },
    });
    expect(paypalVerifyUrl(donations)).toBe('http://127.0.0.1:9/verify');
    const form = presentPaypalForm(donations, 'https://l2.example.test/', false);
    expect(form.fields).toMatchObject({
      return: 'https://l2.example.test/thanks',
      cancel_return: 'https://l2.example.test/sorry',
      notify_url: 'https://l2.example.test/payments/paypal/ipn',
    });
  });

  it('take PayPal Orders into the wallet, and refuse the legacy form there naming the fix', () => {
    const toWallet = parseSettings({ donations: { target: 'wallet' } }).donations;
    expect(presentPaypalForm(toWallet, 'https://l2.example.test', true)).toMatchObject({
      target: 'wallet',
      checkout: 'orders',
      open: true,
      providers: [{ id: 'paypal', currency: 'EUR', coinsPerUnit: null }],
    });
    // Without the app's credentials PayPal is not offered, and with nothing else donations are closed.
    expect(presentPaypalForm(toWallet, 'https://l2.example.test', false)).toMatchObject({ open: false, providers: [] });
    const message = messageOf({ donations: { target: 'wallet', paypal: { checkout: 'standard' } } });
    expect(message).toContain('gatekeeper.settings.json: donations.paypal.checkout');
    expect(message).toContain("Set donations.paypal.checkout to 'orders'");
    expect(message).toContain("donations.target to 'character'");
  });

  it.each([
    [{ currency: 'euro' }, 'donations.currency'],
    [{ minAmount: 0 }, 'donations.minAmount'],
    [{ minAmount: 50, maxAmount: 10, defaultAmount: 20 }, 'donations.minAmount'],
    [{ defaultAmount: 1000 }, 'donations.defaultAmount'],
    [{ paypal: { command: '_cart' } }, 'donations.paypal.command'],
    [{ paypal: { business: '' } }, 'donations.paypal.business'],
    [{ paypal: { verifyUrl: 'not a url' } }, 'donations.paypal.verifyUrl'],
    [{ provider: 'stripe' }, 'donations'],
  ])('refuse %j naming the key', (donations, key) => {
    expect(messageOf({ donations })).toContain(`gatekeeper.settings.json: ${key}`);
  });
});

describe('downloads settings', () => {
  it('default to two example links without version or size', () => {
    const { downloads } = parseSettings({});
    expect(downloads.updater64).toEqual({
      url: 'https://example.com/gatekeeper/downloads/updater-64bit.zip',
      version: '',
      size: '',
    });
    expect(downloads.updater32.url).toMatch(/^https:\/\//);
  });

  it('refuse a link that is not http(s)', () => {
    expect(messageOf({ downloads: { updater32: { url: 'ftp://files.example.com/u.zip' } } })).toContain(
      'downloads.updater32.url',
    );
  });
});

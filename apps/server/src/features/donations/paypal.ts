import { type DonationForm, type DonationProvider, type PaymentOutcome, donationPresets } from '@gatekeeper/contract';
import type { DonationSettings } from './settings-schema';

/** PayPal Payments Standard (docs/integrations.md#payments-standard-and-ipn): where the form posts and where notifications are verified. */
export const PAYPAL_URLS = {
  live: { form: 'https://www.paypal.com/cgi-bin/webscr', verify: 'https://ipnpb.paypal.com/cgi-bin/webscr' },
  sandbox: {
    form: 'https://www.sandbox.paypal.com/cgi-bin/webscr',
    verify: 'https://ipnpb.sandbox.paypal.com/cgi-bin/webscr',
  },
} as const;

/** Where PayPal posts its Instant Payment Notifications: outside /sdk, as no page calls it. */
export const PAYPAL_IPN_PATH = '/payments/paypal/ipn';

const urlsOf = (settings: DonationSettings) => PAYPAL_URLS[settings.paypal.sandbox ? 'sandbox' : 'live'];

export const paypalVerifyUrl = (settings: DonationSettings): string =>
  settings.paypal.verifyUrl || urlsOf(settings).verify;

/** The donate page lives at /donate in English; PayPal sends the donor back there with the outcome. */
export const donatePage = (publicUrl: string, payment: PaymentOutcome): string =>
  new URL(`/donate?payment=${payment}`, publicUrl).toString();

/**
 * Whether a donation can start: the legacy form posts to PayPal itself; Orders v2 needs the PayPal
 * app's credentials (without them createdonationorder answers donationsClosed).
 */
export const donationsOpen = (settings: DonationSettings, paypalConfigured: boolean): boolean =>
  settings.paypal.checkout === 'standard' || paypalConfigured;

/**
 * What the donate page needs to take a payment: with Orders v2 only the amounts (the server
 * creates the order); with Payments Standard the form it posts, fixed fields here, amount and
 * character from the donor. `layer`: the other providers configured (Stripe, Mercado Pago), offered
 * after PayPal; with one of them donations are open without PayPal.
 */
export const presentPaypalForm = (
  settings: DonationSettings,
  publicUrl: string,
  paypalConfigured: boolean,
  layer: DonationProvider[] = [],
): DonationForm => {
  // To the wallet, PayPal takes orders only: the legacy form cannot name a signed-in account
  // (the settings refuse `standard` with `wallet`, settings-schema.ts).
  const toWallet = settings.target === 'wallet';
  const paypalOpen = (!toWallet || settings.paypal.checkout === 'orders') && donationsOpen(settings, paypalConfigured);
  const amounts = {
    target: settings.target,
    open: paypalOpen || layer.length > 0,
    providers: [
      ...(paypalOpen ? [{ id: 'paypal' as const, currency: settings.currency, coinsPerUnit: null }] : []),
      ...layer,
    ],
    amountField: 'amount',
    characterField: 'custom',
    currency: settings.currency,
    minAmount: settings.minAmount,
    maxAmount: settings.maxAmount,
    defaultAmount: settings.defaultAmount,
    presets: donationPresets(settings),
    contact: settings.contact,
  };
  if (settings.paypal.checkout === 'orders' || toWallet) {
    return { checkout: 'orders', action: '', fields: {}, ...amounts };
  }
  return {
    checkout: 'standard',
    action: urlsOf(settings).form,
    fields: standardFields(settings, publicUrl),
    ...amounts,
  };
};

const standardFields = (settings: DonationSettings, publicUrl: string): Record<string, string> => ({
  cmd: settings.paypal.command,
  business: settings.paypal.business,
  item_name: settings.itemName,
  currency_code: settings.currency,
  notify_url: new URL(PAYPAL_IPN_PATH, publicUrl).toString(),
  return: settings.returnUrl || donatePage(publicUrl, 'complete'),
  cancel_return: settings.cancelUrl || donatePage(publicUrl, 'cancelled'),
  // Coins need no postal address; the donor's return is a plain GET.
  no_shipping: '1',
  rm: '1',
  charset: 'utf-8',
});

/** The form's origin, which the content security policy's form-action must allow. */
export const paypalFormOrigin = (settings: DonationSettings): string => new URL(urlsOf(settings).form).origin;

export type Verification = 'VERIFIED' | 'INVALID';

export class VerificationError extends Error {}

/**
 * PayPal's validation postback: `cmd=_notify-validate` followed by the exact bytes received, to
 * the verification URL. PayPal answers the single word VERIFIED or INVALID; anything else (an
 * HTTP error, a timeout, another text) is a VerificationError and proves nothing.
 */
export const verifyWithPaypal = async (verifyUrl: string, raw: Buffer): Promise<Verification> => {
  let response: Response;
  try {
    response = await fetch(verifyUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        // PayPal refuses postbacks without a User-Agent.
        'user-agent': 'Gatekeeper-IPN-Verification/1.0',
      },
      body: Buffer.concat([Buffer.from('cmd=_notify-validate&'), raw]),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new VerificationError(`verification request failed: ${(error as Error).message}`);
  }
  const text = (await response.text()).trim();
  if (!response.ok) throw new VerificationError(`verification answered HTTP ${response.status}`);
  if (text === 'VERIFIED' || text === 'INVALID') return text;
  throw new VerificationError(`verification answered neither VERIFIED nor INVALID: ${text.slice(0, 60)}`);
};

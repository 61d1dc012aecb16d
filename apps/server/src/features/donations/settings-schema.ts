import { z } from 'zod';

const optionalUrl = z.union([z.literal(''), z.url()]);
const amount = z.number().positive().max(1_000_000);

const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'expected a three-letter currency code such as EUR');
const coinsPerUnit = z
  .number()
  .positive()
  .max(1_000_000)
  .nullable()
  .default(null)
  .describe("Coins credited per unit of this provider's currency; null: `coins.perEuro`.");

/** A provider of the provider layer (docs/owner/payments.md): on when its keys are set and `enabled`. */
const layerProvider = (name: string, currency: string, keys: string, api: string) =>
  z
    .object({
      enabled: z
        .boolean()
        .default(true)
        .describe(`Offer ${name} on the donate page once ${keys} are set; false hides it with its keys set.`),
      currency: currencyCode
        .default(currency)
        .describe(`The currency donations through ${name} are asked in (a currency with cents).`),
      coinsPerUnit,
      apiBaseUrl: optionalUrl
        .default('')
        .describe(`${name}'s API; empty: ${api}. The tests point it at a local stand-in.`),
    })
    .strict()
    .prefault({});

/** Where a donation's coins go: the character the donor names, or the donor's account wallet. */
export const DONATION_TARGETS = ['character', 'wallet'] as const;

/** How the donate page takes a payment: PayPal's Orders API (the default) or the legacy form. */
export const CHECKOUT_KINDS = ['orders', 'standard'] as const;
/** What a refund or reversal does to coins not delivered yet (delivered ones are always flagged). */
export const REFUND_ACTIONS = ['takeBack', 'flag'] as const;

/**
 * The donate page's payment (settings key `donations`): PayPal Orders v2 with webhooks, or the
 * legacy Payments Standard form with IPN. Every unit of `currency` donated credits `coins.perEuro`
 * coins.
 */
export const donationSettings = z
  .object({
    target: z
      .enum(DONATION_TARGETS)
      .default('character')
      .describe(
        "Where a donation's coins go: `character`, the character the donor names (as a reward, delivered in the game); `wallet`, the signed-in donor's account wallet, in the site's coins at the provider's rate, to spend in the shop. `wallet` takes PayPal through Orders v2 (`paypal.checkout` `orders`), Stripe and Mercado Pago; the legacy PayPal form names no account, so `wallet` with `paypal.checkout` `standard` is refused at start-up.",
      ),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'expected a three-letter currency code such as EUR')
      .default('EUR')
      .describe(
        'The currency of donations (an ISO 4217 code PayPal knows, which PayPal must report in `mc_currency`); `coins.perEuro` coins are credited per unit of it.',
      ),
    minAmount: amount
      .default(1)
      .describe('The least a donor may give; a payment outside the limits is recorded but not credited.'),
    maxAmount: amount.default(500).describe('The most a donor may give.'),
    defaultAmount: amount.default(10).describe('The amount the donation field starts with.'),
    presets: z
      .array(amount)
      .max(4)
      .default([])
      .describe(
        'Up to four amounts offered as buttons next to the amount field (those outside the limits are left out); empty: four round amounts around `defaultAmount` (5, 10, 20, 50 with the defaults).',
      ),
    contact: z
      .union([z.literal(''), z.email(), z.url()])
      .default('')
      .describe(
        'Where donors ask about a payment, shown on the donate page and the contact page: an e-mail address or a URL (e.g. a Discord channel); empty shows nothing.',
      ),
    itemName: z
      .string()
      .min(1)
      .max(127)
      .default('Donation Coins')
      .describe("What the donor sees on PayPal's page (`item_name`)."),
    returnUrl: optionalUrl
      .default('')
      .describe(
        'With the legacy form (`checkout` `standard`): where PayPal sends the donor back after paying; empty: the donate page of `PUBLIC_URL`, which thanks the donor. With `orders`, PayPal returns the donor to `PUBLIC_URL/payments/paypal/return`, which captures the payment and then shows the donate page.',
      ),
    cancelUrl: optionalUrl
      .default('')
      .describe(
        'Where PayPal sends the donor who cancels; empty: the donate page of `PUBLIC_URL`, which says the payment was cancelled.',
      ),
    paypal: z
      .object({
        checkout: z
          .enum(CHECKOUT_KINDS)
          .default('orders')
          .describe(
            "`orders`: the site creates a PayPal order (Orders v2), sends the donor to PayPal's approval page, captures on return and hears PayPal's webhooks (needs `PAYPAL_CLIENT_ID`, `PAYPAL_CLIENT_SECRET`, `PAYPAL_WEBHOOK_ID`); `standard`: the legacy Payments Standard form with IPN, for owners who keep their buttons. IPN is heard in both.",
          ),
        apiBaseUrl: optionalUrl
          .default('')
          .describe(
            "PayPal's REST API for `orders`; empty: `https://api-m.paypal.com`, or `https://api-m.sandbox.paypal.com` with `sandbox`. The tests point it at a local server.",
          ),
        onRefund: z
          .enum(REFUND_ACTIONS)
          .default('takeBack')
          .describe(
            '`takeBack`: a refund or reversal of a donation whose coins are not delivered yet cancels them; `flag`: only flags it. Coins already in the game are never taken from a character: the donation is flagged for you (`npm run donations -- --flagged`).',
          ),
        captureRetrySeconds: z
          .number()
          .int()
          .min(1)
          .max(3_600)
          .default(60)
          .describe(
            'How often the site looks for payments PayPal could not capture when the donor came back (PayPal unreachable); each is retried from a minute to an hour apart, for three days.',
          ),
        business: z
          .string()
          .trim()
          .min(1)
          .max(127)
          .default('donations@example.com')
          .describe(
            "Your PayPal account's e-mail (or merchant account id) that receives the money; notifications for any other receiver are refused.",
          ),
        command: z
          .enum(['_xclick', '_donations'])
          .default('_donations')
          .describe(
            'With `standard`: `_donations` (PayPal\'s donate button, which PayPal keeps) or `_xclick` (a "Buy Now" payment, which PayPal deprecated in 2026).',
          ),
        sandbox: z
          .boolean()
          .default(false)
          .describe("Use PayPal's sandbox (test accounts, no real money) for the form and the verification."),
        verifyUrl: optionalUrl
          .default('')
          .describe(
            "Where IPN notifications are verified; leave empty for PayPal's (live or sandbox). The tests point it at a local double.",
          ),
        notificationsPerMinute: z
          .number()
          .int()
          .min(1)
          .max(100_000)
          .default(60)
          .describe('Notifications one address may post per minute; more are answered 429 (PayPal resends later).'),
      })
      .strict()
      .prefault({}),
    stripe: layerProvider(
      'Stripe Checkout',
      'EUR',
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
      'https://api.stripe.com',
    ),
    mercadopago: layerProvider(
      'Mercado Pago (PIX and cards)',
      'BRL',
      'MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET',
      'https://api.mercadopago.com',
    ),
  })
  .strict()
  .refine((value) => value.minAmount <= value.maxAmount, {
    message: 'minAmount must not be above maxAmount',
    path: ['minAmount'],
  })
  .refine((value) => value.defaultAmount >= value.minAmount && value.defaultAmount <= value.maxAmount, {
    message: 'defaultAmount must lie between minAmount and maxAmount',
    path: ['defaultAmount'],
  })
  // The legacy form is posted by the browser with whatever `custom` the donor typed, and IPN
  // cannot tell which signed-in account started it: no wallet can be credited safely from it.
  .refine((value) => value.target !== 'wallet' || value.paypal.checkout !== 'standard', {
    message:
      "donations to the wallet need PayPal Orders v2: the legacy form (checkout 'standard') cannot name the donor's account. Set donations.paypal.checkout to 'orders' (with PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID, payments.md), or donations.target to 'character'",
    path: ['paypal', 'checkout'],
  })
  .prefault({})
  .describe(
    'The donate page: PayPal Orders v2 with webhooks (or the legacy Payments Standard form with IPN). Every unit of `currency` donated credits `coins.perEuro` coins (see payments.md).',
  );
export type DonationSettings = z.infer<typeof donationSettings>;

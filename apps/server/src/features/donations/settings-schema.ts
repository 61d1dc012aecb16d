import { z } from 'zod';

const optionalUrl = z.union([z.literal(''), z.url()]);
const amount = z.number().positive().max(1_000_000);

/**
 * The donate page's payment (settings key `donations`): PayPal Payments Standard. Every unit of
 * `currency` donated credits `coins.perEuro` coins.
 */
export const donationSettings = z
  .object({
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
    itemName: z
      .string()
      .min(1)
      .max(127)
      .default('Donation Coins')
      .describe("What the donor sees on PayPal's page (`item_name`)."),
    returnUrl: optionalUrl
      .default('')
      .describe(
        'Where PayPal sends the donor back after paying; empty: the donate page of `PUBLIC_URL`, which thanks the donor.',
      ),
    cancelUrl: optionalUrl
      .default('')
      .describe(
        'Where PayPal sends the donor who cancels; empty: the donate page of `PUBLIC_URL`, which says the payment was cancelled.',
      ),
    paypal: z
      .object({
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
          .default('_xclick')
          .describe('`_xclick` (a "Buy Now" payment: the coins are goods) or `_donations` (PayPal\'s donate button).'),
        sandbox: z
          .boolean()
          .default(false)
          .describe("Use PayPal's sandbox (test accounts, no real money) for the form and the verification."),
        verifyUrl: optionalUrl
          .default('')
          .describe(
            "Where notifications are verified; leave empty for PayPal's (live or sandbox). The tests point it at a local double.",
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
  .prefault({})
  .describe(
    'The donate page: PayPal Payments Standard. Every unit of `currency` donated credits `coins.perEuro` coins (see payments.md).',
  );
export type DonationSettings = z.infer<typeof donationSettings>;

import { z } from 'zod';

const optionalUrl = z.union([z.literal(''), z.url()]);
const amount = z.number().positive().max(1_000_000);

/**
 * The donate page's payment (settings key `donations`): PayPal Payments Standard. Every unit of
 * `currency` donated credits `coins.perEuro` coins.
 */
export const donationSettings = z
  .object({
    /** ISO 4217 code the donation is made in and PayPal must report (mc_currency). */
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'expected a three-letter currency code such as EUR')
      .default('EUR'),
    minAmount: amount.default(1),
    maxAmount: amount.default(500),
    /** The amount the donation field starts with. */
    defaultAmount: amount.default(10),
    /** What the donor sees on PayPal's page (item_name). */
    itemName: z.string().min(1).max(127).default('Donation Coins'),
    /** Where PayPal sends the donor after paying or cancelling; empty: the donate page of PUBLIC_URL. */
    returnUrl: optionalUrl.default(''),
    cancelUrl: optionalUrl.default(''),
    paypal: z
      .object({
        /** The PayPal account that receives the money: its e-mail or merchant account id. */
        business: z.string().trim().min(1).max(127).default('donations@example.com'),
        /** _xclick (buy now: the coins are goods) or _donations (PayPal's donate button). */
        command: z.enum(['_xclick', '_donations']).default('_xclick'),
        /** PayPal's sandbox for trying the whole path with test accounts. */
        sandbox: z.boolean().default(false),
        /** Where notifications are verified; empty: PayPal's (live or sandbox). Set only for a test double. */
        verifyUrl: optionalUrl.default(''),
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
  .prefault({});
export type DonationSettings = z.infer<typeof donationSettings>;

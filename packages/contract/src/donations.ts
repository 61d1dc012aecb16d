import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './constants';
import { charNameRule } from './rules';
import { donationSupporterCode } from './supporter-codes';
import { SUPPORTER_CODE_MAX, SUPPORTER_CODE_PATTERN } from './supporter-share';

/**
 * Donations and downloads (docs/product.md#donate, #downloads): what the page needs to build the payment
 * form and the download links, the donation form's rules, and the coins a donation is worth. The
 * page and the payment notification listener use the same rules and the same arithmetic.
 */

/** A money amount as a donor types it and as PayPal writes mc_gross: digits, at most two decimals. */
export const MONEY_PATTERN = /^\d{1,7}([.,]\d{1,2})?$/;

/** Whole cents of an amount in MONEY_PATTERN (a comma is read as the decimal mark); NaN otherwise. */
export const toCents = (amount: string): number => {
  const text = amount.trim();
  if (!MONEY_PATTERN.test(text)) return Number.NaN;
  const [units = '0', fraction = ''] = text.replace(',', '.').split('.');
  return Number(units) * 100 + Number(fraction.padEnd(2, '0'));
};

/**
 * The coins a donation credits: coinsPerEuro for every unit of the donation's currency, rounded
 * down to whole coins. Computed on cents so 0.1 + 0.2 never costs a donor a coin.
 */
export const coinsForDonation = (cents: number, coinsPerEuro: number): number => {
  if (!Number.isFinite(cents) || cents <= 0) return 0;
  // Round away the binary noise of coinsPerEuro (e.g. 1.1 * 300) before rounding down.
  return Math.floor(Math.round(cents * coinsPerEuro * 1e6) / 1e8);
};

export interface DonationLimits {
  minAmount: number;
  maxAmount: number;
}

/** Round amounts a donor picks from, of which those within the limits are offered. */
const PRESET_LADDER = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000];
export const MAX_DONATION_PRESETS = 4;

/**
 * The amounts the donate page offers as buttons: the owner's list within the limits, or, without
 * one, up to four round amounts around the default amount (1 to 500 with 10 by default: 5, 10, 20, 50).
 */
export const donationPresets = (
  limits: DonationLimits & { defaultAmount: number; presets: readonly number[] },
): number[] => {
  const within = (amount: number) => amount >= limits.minAmount && amount <= limits.maxAmount;
  const unique = (amounts: number[]) => [...new Set(amounts)].sort((a, b) => a - b);
  if (limits.presets.length > 0) return unique(limits.presets.filter(within)).slice(0, MAX_DONATION_PRESETS);
  const ladder = unique([...PRESET_LADDER, limits.defaultAmount].filter(within));
  const at = ladder.indexOf(limits.defaultAmount);
  const start = Math.max(0, Math.min(at - 1, ladder.length - MAX_DONATION_PRESETS));
  return ladder.slice(start, start + MAX_DONATION_PRESETS);
};

/**
 * The donation form: the character that receives the coins and the amount, within the owner's
 * limits. Messages are translation keys of the page's `donate` texts (CharNameEmpty is the spec's).
 * With donations to the wallet (target 'wallet') no character is asked: charName is left empty.
 */
export const donationFormModel = (limits: DonationLimits & { target?: 'character' | 'wallet' }) =>
  z.object({
    /** The provider chosen where several are offered. */
    provider: z.enum(['paypal', 'stripe', 'mercadopago']).optional(),
    charName: limits.target === 'wallet' ? z.string().max(0) : charNameRule('donate.charNameTooLong'),
    amount: z
      .string()
      .trim()
      .min(1, { error: 'donate.amountEmpty', abort: true })
      .regex(MONEY_PATTERN, { error: 'donate.amountInvalid', abort: true })
      .refine((amount) => {
        const cents = toCents(amount);
        return cents >= Math.round(limits.minAmount * 100) && cents <= Math.round(limits.maxAmount * 100);
      }, 'donate.amountOutOfRange'),
    /** A partner's supporter code, optional (docs/owner/payments.md#supporter-codes): checked by the server. */
    supporterCode: z
      .string()
      .trim()
      .max(SUPPORTER_CODE_MAX, 'donate.supporterCodeShape')
      .refine((code) => code === '' || SUPPORTER_CODE_PATTERN.test(code), 'donate.supporterCodeShape')
      .optional(),
  });
export type DonationFormValues = z.input<ReturnType<typeof donationFormModel>>;

/**
 * createdonationorder (PayPal Orders v2, docs/product.md#createdonationorder): the character and the amount the donor chose;
 * the server checks the limits of its settings and that the character exists.
 */
export const donationOrderModel = z.object({
  /** Who takes the payment (one the page was offered); PayPal when not said. */
  provider: z.enum(['paypal', 'stripe', 'mercadopago']).optional(),
  /** The character that receives the coins; left out when donations go to the donor's wallet. */
  charName: charNameRule('donate.charNameTooLong').optional(),
  amount: z.string().trim().min(1, { error: 'formInvalid', abort: true }).regex(MONEY_PATTERN, 'formInvalid'),
  /** A partner's supporter code (upper case once parsed); absent or empty: none. */
  supporterCode: donationSupporterCode,
});
export type DonationOrderModel = z.input<typeof donationOrderModel>;

/**
 * A provider the donate page offers, with the currency it takes donations in (BRL for Mercado
 * Pago) and the coins per unit of it (null: the site's coinsPerEuro).
 */
export const donationProvider = z.object({
  id: z.enum(PAYMENT_PROVIDERS),
  currency: z.string(),
  coinsPerUnit: z.number().nullable(),
});
export type DonationProvider = z.infer<typeof donationProvider>;

/** Where the donor approves the payment: PayPal's link from the order it created, never one we build. */
export const donationOrderAnswer = z.object({ approveUrl: z.string() });
export type DonationOrderAnswer = z.infer<typeof donationOrderAnswer>;

/**
 * The payment provider's form as the page posts it (in getmetadata): the provider's address, the
 * fixed hidden fields, and the names of the two fields the donor fills in.
 */
export const donationForm = z.object({
  /**
   * Whether a donation can be made: false while payments are not set up (PayPal Orders without
   * the app's credentials). The page then says donations open soon and shows no form.
   */
  open: z.boolean(),
  /**
   * Where the coins go: 'character', the character the donor names; 'wallet', the signed-in
   * donor's account wallet (the page asks for no character, and only Stripe and Mercado Pago).
   */
  target: z.enum(['character', 'wallet']),
  /**
   * 'orders': the page asks createdonationorder and goes to PayPal's approval link; 'standard':
   * it posts the provider's form below (action, fields).
   */
  checkout: z.enum(['orders', 'standard']),
  /** The provider's form address, e.g. https://www.paypal.com/cgi-bin/webscr. */
  action: z.string(),
  /** Hidden fields posted as they are (business, item_name, currency_code, notify_url, ...). */
  fields: z.record(z.string(), z.string()),
  /** The field that carries the amount (PayPal: amount) and the character name (PayPal: custom). */
  amountField: z.string(),
  characterField: z.string(),
  /** ISO 4217 code of the donation's currency, e.g. EUR. */
  currency: z.string(),
  minAmount: z.number(),
  maxAmount: z.number(),
  /** The amount the field starts with. */
  defaultAmount: z.number(),
  /** The amounts offered as buttons (donationPresets), smallest first. */
  presets: z.array(z.number()),
  /** Where a donor asks about a payment: an e-mail address or a URL; empty shows nothing. */
  contact: z.string(),
  /**
   * The providers offered, PayPal first when it is open: the donor picks one when there are
   * several. Stripe and Mercado Pago always go through createdonationorder.
   */
  providers: z.array(donationProvider),
});
export type DonationForm = z.infer<typeof donationForm>;

/** One updater download: the external file host's link and optional version and size texts. */
export const downloadLink = z.object({ url: z.string(), version: z.string(), size: z.string() });
export type DownloadLink = z.infer<typeof downloadLink>;

export const downloads = z.object({ updater64: downloadLink, updater32: downloadLink });
export type Downloads = z.infer<typeof downloads>;

/**
 * Supporter codes without zod (docs/owner/payments.md#supporter-codes): the code's shape and the
 * share's arithmetic, which the donate page, the console and the server share
 * (`@gatekeeper/contract/lite` too).
 */

/** A code: letters and digits, kept upper case. */
export const SUPPORTER_CODE_MIN = 3;
export const SUPPORTER_CODE_MAX = 24;
export const SUPPORTER_CODE_PATTERN = /^[A-Za-z0-9]+$/;
/** A share in basis points (1 = 0.01 %): at most half of the donation's coins. */
export const SUPPORTER_SHARE_MAX = 5000;

/** A code as typed (donate page, console), trimmed and upper case; undefined when empty. */
export const normalizeSupporterCode = (code: string | undefined): string | undefined => {
  const text = code?.trim().toUpperCase() ?? '';
  return text === '' ? undefined : text;
};

/**
 * The share the owner types: whole percent (1 to 50) or, with a decimal part of up to two
 * digits, basis points (7.25 is 725). Answers the basis points, or undefined when it is not one.
 */
export const shareFromPercent = (text: string): number | undefined => {
  const match = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return points >= 1 && points <= SUPPORTER_SHARE_MAX ? points : undefined;
};

/** A share in basis points as the console shows it: 1000 is "10", 725 is "7.25". */
export const percentOfShare = (basisPoints: number): string => {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
};

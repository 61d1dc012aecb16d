import { randomInt } from 'node:crypto';
import { LIMITS, PASSWORD_SYMBOLS } from '@gatekeeper/contract';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
/** Symbols that survive being read aloud or copied from a mail without confusion. */
const SYMBOLS = PASSWORD_SYMBOLS.replace(/[,./^]/g, '');

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] as string;

/**
 * A new password for a recovered account: 12 characters (within the site's 8-15 rule and the
 * client's 16), at least one of each class the rule asks for, from a cryptographic source, with
 * look-alike characters (l, 1, O, 0) left out.
 */
export const generatePassword = (length = 12): string => {
  if (length < LIMITS.passwordMin || length > LIMITS.passwordMax) throw new RangeError('password length out of rule');
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const characters = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (characters.length < length) characters.push(pick(all));
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j] as string, characters[i] as string];
  }
  return characters.join('');
};

import { LIMITS, PASSWORD_SYMBOLS, newPasswordField } from '@gatekeeper/contract';
import { describe, expect, it } from 'vitest';
import { generatePassword } from './generated-password';

describe('generatePassword', () => {
  const passwords = Array.from({ length: 1000 }, () => generatePassword());

  it('makes 12-character passwords that all pass the site rule and fit the game client', () => {
    const refused = passwords.filter(
      (password) =>
        password.length !== 12 ||
        password.length > LIMITS.clientPasswordMax ||
        !newPasswordField.safeParse(password).success,
    );
    expect(refused).toEqual([]);
  });

  it('leaves out look-alike characters and symbols that are hard to read or copy', () => {
    expect(passwords.filter((password) => /[lIO01,./^]/.test(password))).toEqual([]);
  });

  it('draws from the whole alphabet without repeating itself', () => {
    expect(new Set(passwords).size).toBe(passwords.length);
    const seen = new Set(passwords.join(''));
    for (const symbol of PASSWORD_SYMBOLS.replace(/[,./^]/g, '')) expect(seen).toContain(symbol);
    for (const character of 'aAzZ29') expect(seen).toContain(character);
  });

  it('makes any length the rule allows and refuses the others', () => {
    for (let length = LIMITS.passwordMin; length <= LIMITS.passwordMax; length++) {
      const password = generatePassword(length);
      expect(password).toHaveLength(length);
      expect(newPasswordField.safeParse(password).success).toBe(true);
    }
    expect(() => generatePassword(LIMITS.passwordMin - 1)).toThrow(RangeError);
    expect(() => generatePassword(LIMITS.passwordMax + 1)).toThrow(RangeError);
  });
});

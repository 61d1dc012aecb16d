import { describe, expect, it } from 'vitest';
import { l2jPasswordHash, verifyL2jPassword } from './password-hash';

/** Base64(SHA-1(UTF-8)) vectors; the last one computed independently with Python's hashlib. */
const VECTORS: [string, string][] = [
  ['', '2jmj7l5rSw0yVb/vlWAYkK/YBwk='],
  ['abc', 'qZk+NkcGgWq6PiVxeFDCbJzQ2J0='],
  ['password', 'W6ph5Mm5Pz8GgiULbPgzG37mj9g='],
  ['пароль1A!', '5Oa4ZaJ+f7TmG2aGjxJr1j1nN4M='],
];

describe('l2jPasswordHash', () => {
  it.each(VECTORS)('hashes %j to %s', (password, hash) => {
    expect(l2jPasswordHash(password)).toBe(hash);
  });

  it.each(['', 'a', 'Abcdef1!', 'пароль1A!', 'x'.repeat(1000)])('answers 28 characters for %j', (password) => {
    expect(l2jPasswordHash(password)).toHaveLength(28);
  });

  it('is case-sensitive', () => {
    expect(l2jPasswordHash('Password')).not.toBe(l2jPasswordHash('password'));
  });
});

describe('verifyL2jPassword', () => {
  it('accepts the password of a stored hash', () => {
    expect(verifyL2jPassword('password', 'W6ph5Mm5Pz8GgiULbPgzG37mj9g=')).toBe(true);
    expect(verifyL2jPassword('пароль1A!', '5Oa4ZaJ+f7TmG2aGjxJr1j1nN4M=')).toBe(true);
  });

  it('refuses another password', () => {
    expect(verifyL2jPassword('Password', 'W6ph5Mm5Pz8GgiULbPgzG37mj9g=')).toBe(false);
    expect(verifyL2jPassword('abc', 'W6ph5Mm5Pz8GgiULbPgzG37mj9g=')).toBe(false);
  });

  it('refuses when no hash is stored', () => {
    expect(verifyL2jPassword('password', null)).toBe(false);
    expect(verifyL2jPassword('', '')).toBe(false);
  });

  it('refuses a stored value of another length without throwing', () => {
    expect(verifyL2jPassword('password', 'W6ph5Mm5Pz8GgiULbPgzG37mj9g')).toBe(false);
    expect(verifyL2jPassword('password', '$2a$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ012')).toBe(false);
  });
});

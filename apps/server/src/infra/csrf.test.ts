import { describe, expect, it } from 'vitest';
import { newCsrfToken } from './csrf';

describe('the anti-forgery token', () => {
  it('is 24 random bytes in base64url, a new one every time, past the end of a pool of random bytes', () => {
    const tokens = Array.from({ length: 1_000 }, () => newCsrfToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});

import { describe, expect, it } from 'vitest';
import { readReferralVisit } from './referral-visit';

describe('a referral link on any page', () => {
  it('reads the code and keeps the other parameters', () => {
    expect(readReferralVisit('?ref=AbC123')).toEqual({ ref: 'AbC123', rest: '' });
    expect(readReferralVisit('?utm_source=forum&ref=k7m2&page=2')).toEqual({
      ref: 'k7m2',
      rest: '?utm_source=forum&page=2',
    });
  });

  it('drops an empty or overlong code from the address without a visit', () => {
    expect(readReferralVisit('?ref=')).toEqual({ ref: undefined, rest: '' });
    expect(readReferralVisit(`?ref=${'x'.repeat(65)}&a=1`)).toEqual({ ref: undefined, rest: '?a=1' });
  });

  it('leaves an address without a code alone', () => {
    expect(readReferralVisit('')).toBeUndefined();
    expect(readReferralVisit('?param=password_reset&key=K')).toBeUndefined();
  });
});

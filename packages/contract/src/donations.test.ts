import { describe, expect, it } from 'vitest';
import { coinsForDonation, donationFormModel, donationPresets, errorCodesOf, toCents } from './index';

describe('toCents', () => {
  it.each([
    ['10', 1000],
    ['10.5', 1050],
    ['10.50', 1050],
    ['10,50', 1050],
    ['0.01', 1],
    [' 7 ', 700],
    ['1234567.89', 123456789],
  ])('reads %j as %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each(['', '-5', '10.505', '1,000.00', '1e3', '10.', '.5', 'ten', '12345678'])('refuses %j', (amount) => {
    expect(toCents(amount)).toBeNaN();
  });
});

describe('coinsForDonation', () => {
  it('gives coinsPerEuro for every unit, rounded down to whole coins', () => {
    expect(coinsForDonation(1000, 100)).toBe(1000);
    expect(coinsForDonation(1250, 100)).toBe(1250);
    expect(coinsForDonation(1099, 1)).toBe(10);
    expect(coinsForDonation(333, 2.5)).toBe(8);
  });

  it('is not fooled by binary fractions', () => {
    // 3 x 1.1 is 3.3000000000000003 in floating point; 0.29 x 100 is 28.999999999999996.
    expect(coinsForDonation(300, 1.1)).toBe(3);
    expect(coinsForDonation(29, 100)).toBe(29);
    expect(coinsForDonation(57, 100)).toBe(57);
  });

  it('gives nothing for nothing', () => {
    expect(coinsForDonation(0, 100)).toBe(0);
    expect(coinsForDonation(-500, 100)).toBe(0);
    expect(coinsForDonation(Number.NaN, 100)).toBe(0);
  });
});

describe('donationFormModel', () => {
  const model = donationFormModel({ minAmount: 2, maxAmount: 200 });
  const codes = (value: { charName: string; amount: string }) => {
    const parsed = model.safeParse(value);
    return parsed.success ? [] : errorCodesOf(parsed.error);
  };

  it('accepts a character and an amount within the limits, inclusive', () => {
    expect(codes({ charName: 'DemoKnight', amount: '2' })).toEqual([]);
    expect(codes({ charName: 'DemoKnight', amount: '200.00' })).toEqual([]);
    expect(codes({ charName: 'DemoKnight', amount: '12,50' })).toEqual([]);
  });

  it('reports each missing field with its own key', () => {
    expect(codes({ charName: '  ', amount: '' })).toEqual(['CharNameEmpty', 'donate.amountEmpty']);
  });

  it('refuses amounts outside the limits by a cent', () => {
    expect(codes({ charName: 'DemoKnight', amount: '1.99' })).toEqual(['donate.amountOutOfRange']);
    expect(codes({ charName: 'DemoKnight', amount: '200.01' })).toEqual(['donate.amountOutOfRange']);
  });

  it('refuses an amount that is not money', () => {
    expect(codes({ charName: 'DemoKnight', amount: '10.999' })).toEqual(['donate.amountInvalid']);
    expect(codes({ charName: 'DemoKnight', amount: '-10' })).toEqual(['donate.amountInvalid']);
  });

  it('refuses a name longer than the game holds', () => {
    expect(codes({ charName: 'x'.repeat(36), amount: '10' })).toEqual(['donate.charNameTooLong']);
  });
});

describe('donationPresets', () => {
  const limits = { minAmount: 1, maxAmount: 500, defaultAmount: 10, presets: [] };
  it('offers four round amounts around the default amount', () => {
    expect(donationPresets(limits)).toEqual([5, 10, 20, 50]);
    expect(donationPresets({ ...limits, defaultAmount: 1 })).toEqual([1, 2, 5, 10]);
    expect(donationPresets({ ...limits, defaultAmount: 500 })).toEqual([50, 100, 200, 500]);
    expect(donationPresets({ ...limits, defaultAmount: 15 })).toEqual([10, 15, 20, 50]);
  });
  it('stays within the limits, however narrow', () => {
    expect(donationPresets({ minAmount: 3, maxAmount: 7, defaultAmount: 4, presets: [] })).toEqual([4, 5]);
    expect(donationPresets({ minAmount: 5, maxAmount: 50, defaultAmount: 20, presets: [] })).toEqual([5, 10, 20, 50]);
  });
  it('takes the owner’s amounts within the limits, sorted, at most four', () => {
    expect(donationPresets({ ...limits, presets: [25, 5, 1000, 5, 0.5] })).toEqual([5, 25]);
    expect(donationPresets({ ...limits, presets: [1, 2, 3, 4, 5] })).toEqual([1, 2, 3, 4]);
  });
});

import { describe, expect, it } from 'vitest';
import { fitText, hasAstral, withoutAstral } from './fit-text';

describe('fitText', () => {
  it('keeps text that fits and cuts on a code point boundary', () => {
    expect(fitText('Knight', 10)).toBe('Knight');
    expect(fitText('ab😀cd', 3)).toBe('ab😀');
    expect(fitText('😀😀😀', 2)).toBe('😀😀');
    expect(fitText('abcdef', 3)).toBe('abc');
  });

  it('tells and replaces 4-byte characters', () => {
    expect(hasAstral('Žydrūnas')).toBe(false);
    expect(hasAstral('Siege 🏰')).toBe(true);
    expect(withoutAstral('Siege 🏰 of Aden 😀')).toBe('Siege \uFFFD of Aden \uFFFD');
  });
});

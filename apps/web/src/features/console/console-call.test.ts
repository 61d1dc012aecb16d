import { describe, expect, it } from 'vitest';
import { CallError } from '../../api/client';
import { modelOf } from './console-call';

describe('a console answer', () => {
  it('is a refusal when it lists the contract’s codes, and a model otherwise, a list of strings too', () => {
    expect(() => modelOf(['consoleForbidden'])).toThrow(CallError);
    expect(modelOf(['demoplayer', 'demotrader'])).toEqual(['demoplayer', 'demotrader']);
    expect(modelOf([])).toEqual([]);
    expect(modelOf({ login: 'demoplayer' })).toEqual({ login: 'demoplayer' });
  });
});

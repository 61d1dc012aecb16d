import { describe, expect, it } from 'vitest';
import { voteIdOf } from './vote-id';

describe('voteIdOf', () => {
  it('is the same for a name whatever its case and surrounding spaces', () => {
    expect(voteIdOf(' DemoKnight ')).toBe(voteIdOf('demoknight'));
    expect(voteIdOf('DemoKnight')).toBe('64656d6f6b6e69676874');
  });

  it('tells names apart and keeps to letters and digits for any script', () => {
    expect(voteIdOf('Рыцарь')).toMatch(/^[0-9a-f]+$/);
    expect(voteIdOf('Рыцарь')).not.toBe(voteIdOf('Рыцарь2'));
    expect(voteIdOf('')).toBe('');
  });
});

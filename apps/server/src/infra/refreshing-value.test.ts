import { describe, expect, it } from 'vitest';
import { refreshingValue } from './refreshing-value';

describe('refreshingValue latest()', () => {
  it('answers the fallback before the first computation finishes, then each finished value', async () => {
    let next = 1;
    let release: () => void = () => undefined;
    const value = refreshingValue({
      compute: () => new Promise<number>((resolve) => (release = () => resolve(next++))),
      fallback: 0,
      intervalMs: 3_600_000,
    });
    const first = value.get();
    expect(value.latest()).toBe(0);
    release();
    await first;
    expect(value.latest()).toBe(1);
    const second = value.refresh();
    expect(value.latest()).toBe(1);
    release();
    await second;
    expect(value.latest()).toBe(2);
    value.stop();
  });

  it('answers the fallback again after a failed computation, not the last success', async () => {
    let fail = false;
    const errors: unknown[] = [];
    const value = refreshingValue({
      compute: async () => {
        if (fail) throw new Error('database down');
        return 'rows';
      },
      fallback: 'none',
      intervalMs: 3_600_000,
      onError: (error) => errors.push(error),
    });
    await value.get();
    expect(value.latest()).toBe('rows');
    fail = true;
    await value.refresh();
    expect(value.latest()).toBe('none');
    expect(errors).toHaveLength(1);
    value.stop();
  });
});

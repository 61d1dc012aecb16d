import { describe, expect, it } from 'vitest';
import { CheckedQueries } from './checked-queries';

describe('the checked queries of the name check', () => {
  it('keeps a bounded number of bytes, whatever the queries sent', () => {
    let checks = 0;
    const queries = new CheckedQueries(() => {
      checks += 1;
      return false;
    }, 256 * 1024);
    // 10,000 distinct 15 KB queries once raised the process's memory from 137 to 310 MB.
    const padding = 'x'.repeat(15_000);
    for (let i = 0; i < 10_000; i += 1) expect(queries.keyOf(`name=${i}${padding}`)).toBe(false);
    expect(queries.keptBytes).toBe(0);
    for (let i = 0; i < 10_000; i += 1) queries.keyOf(`name=${i}${'y'.repeat(900)}`);
    expect(queries.keptBytes).toBeLessThanOrEqual(256 * 1024);
    expect(checks).toBe(20_000);
  });

  it('checks a short query once while it is kept', () => {
    let checks = 0;
    const queries = new CheckedQueries((query) => {
      checks += 1;
      return query.slice('name='.length).toLowerCase();
    });
    expect(queries.keyOf('name=Hero')).toBe('hero');
    expect(queries.keyOf('name=Hero')).toBe('hero');
    expect(checks).toBe(1);
  });
});

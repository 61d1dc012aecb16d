import { describe, expect, it } from 'vitest';
import { weekTrend } from './dashboard-trends';

const series = (counts: number[]) =>
  counts.map((count, index) => ({ day: `2026-11-${String(index + 1).padStart(2, '0')}`, count }));

describe('weekTrend', () => {
  it('sums the last seven days against the seven before', () => {
    const trend = weekTrend(series([9, 9, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2]));
    expect(trend).toEqual({ week: 14, before: 7, direction: 'up', change: 1 });
  });

  it('takes each week’s highest day for a peak', () => {
    const trend = weekTrend(series([5, 40, 3, 3, 3, 3, 3, 30, 10, 10, 10, 10, 10, 10]), 'peak');
    expect(trend).toEqual({ week: 30, before: 40, direction: 'down', change: -0.25 });
  });

  it('gives no change against a week without any, and says when nothing moved', () => {
    expect(weekTrend(series([0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0]))).toMatchObject({
      change: null,
      direction: 'up',
    });
    expect(weekTrend(series([2, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0]))).toMatchObject({
      change: 0,
      direction: 'same',
    });
    expect(weekTrend([])).toEqual({ week: 0, before: 0, direction: 'same', change: null });
  });
});

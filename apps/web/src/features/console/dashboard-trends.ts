/** A day's figure as the dashboard's series give it (`day` a UTC day, oldest first). */
export interface DayFigure {
  day: string;
  count: number;
}

/** How the last week compares with the week before it. */
export interface WeekTrend {
  /** The last 7 days' total (or peak, for a figure that is a peak). */
  week: number;
  /** The same of the 7 days before. */
  before: number;
  direction: 'up' | 'down' | 'same';
  /** The change against the week before, as a fraction (0.25 is 25 % more); null when that week had none. */
  change: number | null;
}

/**
 * The last 7 days of a series against the 7 before them: summed (registrations, votes) or, for a
 * peak (players online), the highest day of each week.
 */
export const weekTrend = (days: readonly DayFigure[], how: 'sum' | 'peak' = 'sum'): WeekTrend => {
  const gather = (slice: readonly DayFigure[]) =>
    how === 'sum' ? slice.reduce((sum, day) => sum + day.count, 0) : Math.max(0, ...slice.map((day) => day.count));
  const week = gather(days.slice(-7));
  const before = gather(days.slice(-14, -7));
  return {
    week,
    before,
    direction: week > before ? 'up' : week < before ? 'down' : 'same',
    change: before === 0 ? null : (week - before) / before,
  };
};

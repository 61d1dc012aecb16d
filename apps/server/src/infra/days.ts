export const DAY_MS = 24 * 60 * 60_000;

/** The console's charts and tables span this many days (UTC), today included. */
export const CHART_DAYS = 30;

/** The UTC day of a time, as YYYY-MM-DD. */
export const dayOf = (at: number): string => new Date(at).toISOString().slice(0, 10);

/** The start (UTC midnight) of the first of the last CHART_DAYS days. */
export const chartStart = (now: number): number => now - (CHART_DAYS - 1) * DAY_MS - (now % DAY_MS);

/** The last CHART_DAYS days (UTC), oldest first, each with the count of times that fall in it. */
export const perDay = (times: number[], now: number): { day: string; count: number }[] => {
  const days = Array.from({ length: CHART_DAYS }, (_, i) => dayOf(now - (CHART_DAYS - 1 - i) * DAY_MS));
  const counts = new Map(days.map((day) => [day, 0]));
  for (const at of times) {
    const day = dayOf(at);
    const count = counts.get(day);
    if (count !== undefined) counts.set(day, count + 1);
  }
  return days.map((day) => ({ day, count: counts.get(day) ?? 0 }));
};

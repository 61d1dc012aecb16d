import type { OpeningDate } from '@gatekeeper/contract';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Splits an ISO date with offset into the fields the page shows, in the server's own time zone. */
export const splitOpeningDate = (iso: string | null): OpeningDate | null => {
  if (!iso) return null;
  const timestamp = Date.parse(iso);
  if (Number.isNaN(timestamp)) return null;
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(iso);
  const offsetMinutes = offset ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) : 0;
  const wall = new Date(timestamp + offsetMinutes * 60_000);
  return {
    dayStr: WEEKDAYS[wall.getUTCDay()] ?? 'Sunday',
    dayNum: wall.getUTCDate(),
    month: wall.getUTCMonth() + 1,
    year: wall.getUTCFullYear(),
    hour: wall.getUTCHours(),
    gmt: offsetMinutes / 60,
    timestamp,
  };
};

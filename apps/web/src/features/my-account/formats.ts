export { useFormats } from '../../shared/formats';

/** Hours and minutes played, e.g. 12 h 05 min (the unit words come from the texts). */
export const hoursAndMinutes = (seconds: number): { hours: number; minutes: string } => ({
  hours: Math.floor(seconds / 3600),
  minutes: String(Math.floor((seconds % 3600) / 60)).padStart(2, '0'),
});

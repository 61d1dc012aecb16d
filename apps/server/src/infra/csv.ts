import { stringify } from 'csv-stringify/sync';

/**
 * The first characters a spreadsheet reads as a formula (=, +, -, @ and their fullwidth forms,
 * which some convert), and those that hide one in front of it and that some trim before reading
 * it: tab, carriage return, line feed, space, no-break space.
 */
const FORMULA_START = /^[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r\n \u00A0]/;

/**
 * A cell made safe for a spreadsheet (docs/owner/console.md#donations): text that a spreadsheet
 * would run as a formula (=, +, -, @) gets a leading apostrophe, so it shows as text.
 */
export const safeCell = (value: string | number | boolean | null): string => {
  const text = value === null ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
};

/**
 * Rows as CSV (RFC 4180: comma, CRLF, every field quoted, a quote doubled), written by
 * csv-stringify, each cell through safeCell. A UTF-8 byte order mark first: spreadsheets then
 * read names in any script right.
 */
export const toCsv = (header: readonly string[], rows: readonly (readonly (string | number | boolean | null)[])[]) =>
  `\uFEFF${stringify([header.map(safeCell), ...rows.map((row) => row.map(safeCell))], {
    quoted: true,
    quoted_empty: true,
    record_delimiter: 'windows',
  })}`;

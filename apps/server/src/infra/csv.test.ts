import { describe, expect, it } from 'vitest';
import { safeCell, toCsv } from './csv';

describe('CSV cells a spreadsheet cannot run', () => {
  it.each([
    ['=', '=HYPERLINK("http://evil.example","x")'],
    ['+', '+1+1'],
    ['-', '-2+3'],
    ['@', '@SUM(A1:A2)'],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
    ['a line feed', '\n=1+1'],
    ['a space', ' =1+1'],
    ['a no-break space', '\u00A0=1+1'],
    ['a fullwidth =', '\uFF1D1+1'],
    ['a fullwidth +', '\uFF0B1'],
    ['a fullwidth -', '\uFF0D1'],
    ['a fullwidth @', '\uFF20SUM(A1)'],
  ])('starts a cell beginning with %s with an apostrophe', (_name, text) => {
    expect(safeCell(text)).toBe(`'${text}`);
  });

  it.each([['DemoKnight'], ['10.00 EUR'], ['player@example.com'], [''], ['Ωμέγα']])('keeps %j as it is', (text) => {
    expect(safeCell(text)).toBe(text);
  });

  it('writes numbers, booleans and empty cells, every field quoted, rows ended by CRLF', () => {
    expect(toCsv(['a', 'b', 'c'], [[1, true, null]])).toBe('\uFEFF"a","b","c"\r\n"1","true",""\r\n');
  });
});

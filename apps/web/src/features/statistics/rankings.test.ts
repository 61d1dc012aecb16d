import { describe, expect, it } from 'vitest';
import {
  findRow,
  pageCount,
  pageFromSearch,
  pageNumbers,
  pageOfRow,
  positionsOf,
  rowsOfPage,
  searchWithPage,
} from './rankings';

describe('positionsOf', () => {
  it('numbers rows 1..n when no two are equal', () => {
    expect(positionsOf([{ value: 9 }, { value: 5 }, { value: 1 }], ['value'])).toEqual([1, 2, 3]);
  });

  it('lets tied rows share a position and skips the places they take', () => {
    const rows = [{ value: 9 }, { value: 5 }, { value: 5 }, { value: 5 }, { value: 2 }, { value: 2 }, { value: 1 }];
    expect(positionsOf(rows, ['value'])).toEqual([1, 2, 2, 2, 5, 5, 7]);
  });

  it('ties only rows equal in every ranked field', () => {
    const clans = [
      { level: 11, reputation: 500 },
      { level: 11, reputation: 500 },
      { level: 11, reputation: 400 },
      { level: 10, reputation: 400 },
    ];
    expect(positionsOf(clans, ['level', 'reputation'])).toEqual([1, 1, 3, 4]);
  });

  it('answers nothing for no rows', () => {
    expect(positionsOf([], ['value'])).toEqual([]);
  });
});

describe('pages of 25 rows', () => {
  it('counts pages, one for an empty ranking', () => {
    expect([0, 1, 25, 26, 100, 101].map(pageCount)).toEqual([1, 1, 1, 2, 4, 5]);
  });

  it('knows the page of a row and the rows of a page', () => {
    expect([0, 24, 25, 99].map(pageOfRow)).toEqual([1, 1, 2, 4]);
    const rows = Array.from({ length: 60 }, (_, i) => i);
    expect(rowsOfPage(rows, 2)).toEqual({ first: 25, rows: rows.slice(25, 50) });
    expect(rowsOfPage(rows, 3).rows).toEqual(rows.slice(50));
  });

  it('reads the page from the address, within the pages there are', () => {
    expect(pageFromSearch('', 4)).toBe(1);
    expect(pageFromSearch('?page=3', 4)).toBe(3);
    expect(pageFromSearch('?page=9', 4)).toBe(4);
    expect(pageFromSearch('?page=0', 4)).toBe(1);
    expect(pageFromSearch('?page=-2', 4)).toBe(1);
    expect(pageFromSearch('?page=2.5', 4)).toBe(1);
    expect(pageFromSearch('?page=abc', 4)).toBe(1);
  });

  it('writes the page into the address, keeping what else it holds, page 1 without it', () => {
    expect(searchWithPage('', 2)).toBe('?page=2');
    expect(searchWithPage('?ref=abc&page=2', 3)).toBe('?ref=abc&page=3');
    expect(searchWithPage('?page=2', 1)).toBe('');
    expect(searchWithPage('?ref=abc&page=2', 1)).toBe('?ref=abc');
  });

  it('numbers all pages when there are few, else the ends and the pages around the current one', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pageNumbers(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageNumbers(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pageNumbers(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    // A gap never hides a single number.
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageNumbers(20, 20)).toEqual([1, 'gap', 19, 20]);
  });
});

describe('findRow', () => {
  const rows = [{ name: 'Aria' }, { name: 'Arian' }, { name: 'bran' }, { name: 'Brandon' }];

  it('finds a name whatever its case and the spaces around it', () => {
    expect(findRow(rows, 'name', 'BRAN')).toBe(2);
    expect(findRow(rows, 'name', '  arian ')).toBe(1);
  });

  it('prefers the exact name to a longer one starting with it', () => {
    expect(findRow(rows, 'name', 'aria')).toBe(0);
    expect(findRow(rows, 'name', 'bran')).toBe(2);
  });

  it('follows a name being typed: the first name starting with it', () => {
    expect(findRow(rows, 'name', 'Bra')).toBe(2);
    expect(findRow(rows, 'name', 'brando')).toBe(3);
  });

  it('finds nothing for nothing typed or a name not in the ranking', () => {
    expect(findRow(rows, 'name', '')).toBeUndefined();
    expect(findRow(rows, 'name', '   ')).toBeUndefined();
    expect(findRow(rows, 'name', 'Cid')).toBeUndefined();
    expect(findRow(rows, 'name', 'ria')).toBeUndefined();
  });
});

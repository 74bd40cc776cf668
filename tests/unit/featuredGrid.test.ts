// Featured categories grid (spec 1 §9): 2 columns for an even count, otherwise the count, at most
// 5, with fewer columns below the 592, 948 and 1280 px breakpoints.
import { describe, expect, it } from 'vitest';
import { columnsAllowed, featuredColumns, featuredGridColumns } from '../../src/rules/featuredGrid.ts';

describe('featured grid columns', () => {
  it('uses 2 columns for an even count', () => {
    expect(featuredColumns(2)).toBe(2);
    expect(featuredColumns(4)).toBe(2);
    expect(featuredColumns(6)).toBe(2);
  });

  it('uses the count for an odd count, at most 5', () => {
    expect(featuredColumns(1)).toBe(1);
    expect(featuredColumns(3)).toBe(3);
    expect(featuredColumns(5)).toBe(5);
    expect(featuredColumns(7)).toBe(5);
  });

  it('has one column when there is nothing to show', () => {
    expect(featuredColumns(0)).toBe(1);
  });

  it('narrows at the breakpoints 592, 948 and 1280 px', () => {
    expect(columnsAllowed(375)).toBe(1);
    expect(columnsAllowed(591)).toBe(1);
    expect(columnsAllowed(592)).toBe(2);
    expect(columnsAllowed(947)).toBe(2);
    expect(columnsAllowed(948)).toBe(3);
    expect(columnsAllowed(1279)).toBe(3);
    expect(columnsAllowed(1280)).toBe(5);
  });

  it('combines both: 5 categories on 375, 800, 1000 and 1400 px', () => {
    expect([375, 800, 1000, 1400].map((w) => featuredGridColumns(5, w))).toEqual([1, 2, 3, 5]);
    expect([375, 800, 1000, 1400].map((w) => featuredGridColumns(4, w))).toEqual([1, 2, 2, 2]);
    expect(featuredGridColumns(3, null)).toBe(3);
  });
});

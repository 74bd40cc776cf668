import { describe, expect, it } from 'vitest';
import { clampPage, goToPageError, pageRange, pageSizeOptions, parseGoToPage, totalPages } from '../../src/rules/paging.ts';

describe('page-size options', () => {
  it('offers 5, 10, 20, 30 and 50', () => {
    expect(pageSizeOptions()).toEqual([5, 10, 20, 30, 50]);
  });
  it('adds the current size in order', () => {
    expect(pageSizeOptions(25)).toEqual([5, 10, 20, 25, 30, 50]);
    expect(pageSizeOptions(100)).toEqual([5, 10, 20, 30, 50, 100]);
  });
  it('does not repeat a current size that is already offered', () => {
    expect(pageSizeOptions(10)).toEqual([5, 10, 20, 30, 50]);
  });
  it('ignores a current size that is not a positive whole number', () => {
    expect(pageSizeOptions(0)).toEqual([5, 10, 20, 30, 50]);
    expect(pageSizeOptions(2.5)).toEqual([5, 10, 20, 30, 50]);
  });
});

describe('go-to-page', () => {
  it('accepts a whole number from 1 to the number of pages', () => {
    expect(goToPageError('1', 43)).toBeNull();
    expect(goToPageError('43', 43)).toBeNull();
    expect(parseGoToPage(' 7 ', 43)).toBe(7);
  });
  it('refuses pages outside 1..total', () => {
    expect(goToPageError('0', 43)).toBe('outOfRange');
    expect(goToPageError('44', 43)).toBe('outOfRange');
    expect(parseGoToPage('44', 43)).toBeNull();
  });
  it('refuses more than 5 characters even when the page exists', () => {
    expect(goToPageError('000012', 99_999)).toBe('tooLong');
    expect(goToPageError('99999', 99_999)).toBeNull();
  });
  it('refuses anything but digits', () => {
    expect(goToPageError('1.5', 43)).toBe('notInteger');
    expect(goToPageError('-2', 43)).toBe('notInteger');
    expect(goToPageError('abc', 43)).toBe('notInteger');
  });
  it('treats an empty box as nothing to do', () => {
    expect(goToPageError('', 43)).toBeNull();
    expect(parseGoToPage('', 43)).toBeNull();
  });
});

describe('page arithmetic', () => {
  it('counts pages, with one page for an empty list', () => {
    expect(totalPages(428, 10)).toBe(43);
    expect(totalPages(430, 10)).toBe(43);
    expect(totalPages(0, 10)).toBe(1);
  });
  it('keeps a page within bounds', () => {
    expect(clampPage(50, 43)).toBe(43);
    expect(clampPage(0, 43)).toBe(1);
  });
  it('gives the items shown on a page', () => {
    expect(pageRange(3, 10, 428)).toEqual({ from: 21, to: 30 });
    expect(pageRange(43, 10, 428)).toEqual({ from: 421, to: 428 });
    expect(pageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});

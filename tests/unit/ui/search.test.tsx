import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addAdvancedTerm, advancedTermError, canSubmitSearch, FILTER_SEARCH_PATTERN, type AdvancedTerm } from '../../../src/rules/search.ts';
import { SearchInput } from '../../../src/ui/SearchInput.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const box = () => screen.getByRole('searchbox') as HTMLInputElement;

describe('search input', () => {
  it('submits the text on Enter', () => {
    const onSubmit = vi.fn();
    render(<SearchInput onSubmit={onSubmit} />);
    fireEvent.change(box(), { target: { value: 'payments' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSubmit).toHaveBeenCalledWith('payments');
  });

  it('accepts 1000 characters but not 1001: a message shows and Enter does nothing', () => {
    const onSubmit = vi.fn();
    render(<SearchInput onSubmit={onSubmit} />);
    fireEvent.change(box(), { target: { value: 'a'.repeat(1000) } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(box(), { target: { value: 'a'.repeat(1001) } });
    expect(screen.getByRole('alert').textContent).toBe('Search text can be at most 1,000 characters long.');
    expect(box().getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes another maximum, e.g. the 50 of a filter search', () => {
    const onSubmit = vi.fn();
    render(<SearchInput onSubmit={onSubmit} maxLength={50} />);
    fireEvent.change(box(), { target: { value: 'x'.repeat(51) } });
    expect(screen.getByRole('alert').textContent).toContain('at most 50 characters');
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('clears with the clear button, submits the empty search and keeps focus in the box', () => {
    const onSubmit = vi.fn();
    render(<SearchInput defaultValue="old" onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box().value).toBe('');
    expect(onSubmit).toHaveBeenCalledWith('');
    expect(document.activeElement).toBe(box());
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('debounces onChange by 400 ms and reports only the last text', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<SearchInput onChange={onChange} debounce />);
    fireEvent.change(box(), { target: { value: 'p' } });
    fireEvent.change(box(), { target: { value: 'pa' } });
    act(() => vi.advanceTimersByTime(399));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('pa');
  });

  it('follows a value set from outside (e.g. the URL)', () => {
    const { rerender } = render(<SearchInput value="one" />);
    rerender(<SearchInput value="two" />);
    expect(box().value).toBe('two');
  });
});

describe('search rules', () => {
  it('lets Enter submit an empty search (it clears) but not an over-long one', () => {
    expect(canSubmitSearch('')).toBe(true);
    expect(canSubmitSearch('x'.repeat(1001))).toBe(false);
    expect(canSubmitSearch('x'.repeat(51), { pattern: FILTER_SEARCH_PATTERN })).toBe(false);
    expect(canSubmitSearch('x'.repeat(50), { pattern: FILTER_SEARCH_PATTERN })).toBe(true);
  });

  it('adds alphanumeric advanced terms, trimmed, without empties or duplicates, 20 at most', () => {
    let terms: AdvancedTerm[] = [];
    terms = addAdvancedTerm(terms, '  payments ');
    expect(terms).toEqual([{ value: 'payments', comparison: 'equals', operator: 'and' }]);
    expect(advancedTermError('payments', terms)).toBe('duplicate');
    expect(advancedTermError('   ', terms)).toBe('empty');
    expect(advancedTermError('pay-ments', terms)).toBe('notAlphanumeric');
    expect(advancedTermError('Zahlungen2', terms)).toBeNull();
    for (let i = 0; i < 19; i++) terms = addAdvancedTerm(terms, `t${i}`);
    expect(terms).toHaveLength(20);
    expect(advancedTermError('more', terms)).toBe('tooMany');
    expect(addAdvancedTerm(terms, 'more')).toHaveLength(20);
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors.ts';
import { Alert } from '../../../src/ui/Alert.tsx';
import { AsyncState, ErrorPlaceholder } from '../../../src/ui/Placeholders.tsx';
import { StarRating, toStarValue } from '../../../src/ui/StarRating.tsx';
import { StarRatingInput } from '../../../src/ui/StarRatingInput.tsx';
import { Tabs } from '../../../src/ui/Tabs.tsx';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('star rating display', () => {
  it('rounds to half stars within 0..5', () => {
    expect(toStarValue(3.26)).toBe(3.5);
    expect(toStarValue(3.24)).toBe(3);
    expect(toStarValue(7)).toBe(5);
    expect(toStarValue(-1)).toBe(0);
  });

  it('tells the average with one decimal', () => {
    render(<StarRating value={3.46} showValue count={12} />);
    expect(screen.getByRole('img', { name: 'Rated 3.5 out of 5' })).toBeTruthy();
    expect(screen.getByText('3.5')).toBeTruthy();
    expect(screen.getByText('(12)')).toBeTruthy();
  });

  it('says when there is no rating', () => {
    render(<StarRating value={null} />);
    expect(screen.getByRole('img', { name: 'Not rated yet' })).toBeTruthy();
  });
});

describe('star rating input', () => {
  function Field({ initial = null as number | null }) {
    const [value, setValue] = useState<number | null>(initial);
    return (
      <>
        <StarRatingInput value={value} onChange={setValue} />
        <output>{value ?? 'none'}</output>
      </>
    );
  }
  const stars = () => screen.getAllByRole('radio');

  it('sets whole values 1..5 by click', () => {
    render(<Field />);
    expect(stars()).toHaveLength(5);
    fireEvent.click(screen.getByRole('radio', { name: '4 of 5 stars' }));
    expect(screen.getByText('4')).toBeTruthy();
    expect(screen.getByRole('radio', { name: '4 of 5 stars' }).getAttribute('aria-checked')).toBe('true');
  });

  it('changes with the arrow keys, staying within 1..5, and keeps one tab stop', () => {
    render(<Field initial={4} />);
    expect(stars().filter((s) => s.tabIndex === 0)).toHaveLength(1);
    const checked = screen.getByRole('radio', { name: '4 of 5 stars' });
    fireEvent.keyDown(checked, { key: 'ArrowRight' });
    expect(screen.getByText('5')).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.getByText('5')).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(screen.getByText('1')).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowLeft' });
    expect(screen.getByText('1')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 of 5 stars' }));
  });

  it('does nothing when read-only', () => {
    const onChange = vi.fn();
    render(<StarRatingInput value={3} onChange={onChange} readOnly />);
    fireEvent.click(screen.getByRole('radio', { name: '5 of 5 stars' }));
    fireEvent.keyDown(screen.getByRole('radio', { name: '3 of 5 stars' }), { key: 'ArrowRight' });
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('tabs', () => {
  function Product() {
    const [tab, setTab] = useState('overview');
    return (
      <Tabs
        label="Product"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'overview', label: 'Overview' },
          { id: 'resources', label: 'Resources' },
          { id: 'ratings', label: 'Ratings', disabled: true },
          { id: 'plans', label: 'Plans' },
        ]}
      />
    );
  }

  it('has one tab stop and moves with the arrow keys, skipping disabled tabs and wrapping', () => {
    render(<Product />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('Overview').getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([tab('Overview')]);
    fireEvent.keyDown(tab('Overview'), { key: 'ArrowRight' });
    expect(tab('Resources').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Resources'));
    fireEvent.keyDown(tab('Resources'), { key: 'ArrowRight' });
    expect(tab('Plans').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Plans'), { key: 'ArrowRight' });
    expect(tab('Overview').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('Overview'), { key: 'End' });
    expect(tab('Plans').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tab('Ratings'));
    expect(tab('Plans').getAttribute('aria-selected')).toBe('true');
  });
});

describe('placeholders', () => {
  it('shows the unauthorized placeholder for a 403', () => {
    render(<AsyncState error={new ApiError(403, 'Forbidden', 'Not allowed', undefined)}>content</AsyncState>);
    expect(screen.getByText('You are not authorised to see this page')).toBeTruthy();
    expect(screen.queryByText('content')).toBeNull();
  });

  it('shows the fetch error with the message and every detail of the response', () => {
    const error = new ApiError(400, 'Bad Request', 'The request is not valid', 'limit', [
      { status: 400, title: 'Bad Request', detail: 'The request is not valid' },
      { status: 400, title: 'Bad Request', detail: 'limit must be at most 100' },
      { status: 400, title: 'Bad Request', detail: 'sort is not a known field' },
    ]);
    const onRetry = vi.fn();
    render(<ErrorPlaceholder error={error} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('The request is not valid');
    const details = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(details).toEqual(['Bad Request: limit must be at most 100', 'Bad Request: sort is not a known field']);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('shows the empty placeholder when there is nothing, else the content', () => {
    const { rerender } = render(<AsyncState empty>rows</AsyncState>);
    expect(screen.getByText('Nothing to show')).toBeTruthy();
    rerender(<AsyncState>rows</AsyncState>);
    expect(screen.getByText('rows')).toBeTruthy();
  });
});

describe('dismissible alert', () => {
  it('hides once dismissed', () => {
    const onDismiss = vi.fn();
    render(<Alert dismissible onDismiss={onDismiss}>Not the latest version</Alert>);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Not the latest version')).toBeNull();
    expect(onDismiss).toHaveBeenCalled();
  });

  it('stays hidden on a later visit when remembered', () => {
    render(<Alert dismissible rememberKey="mtls-warning">mTLS is not supported</Alert>);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    cleanup();
    render(<Alert dismissible rememberKey="mtls-warning">mTLS is not supported</Alert>);
    expect(screen.queryByText('mTLS is not supported')).toBeNull();
    cleanup();
    render(<Alert dismissible>mTLS is not supported</Alert>);
    expect(screen.getByText('mTLS is not supported')).toBeTruthy();
  });
});

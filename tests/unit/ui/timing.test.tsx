// Behaviour tied to the spec's delays: loading 250 ms, tooltip 1000 ms, copy confirmation 3 s.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from '../../../src/ui/CopyButton.tsx';
import { LoadingPlaceholder } from '../../../src/ui/Placeholders.tsx';
import { Tooltip } from '../../../src/ui/Tooltip.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('loading placeholder', () => {
  it('shows nothing for the first 250 ms, then the spinner text', () => {
    render(<LoadingPlaceholder />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(249));
    expect(screen.queryByText('Loading…')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('never appears when the data arrives within 250 ms', () => {
    const { unmount } = render(<LoadingPlaceholder />);
    act(() => vi.advanceTimersByTime(200));
    unmount();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});

describe('tooltip', () => {
  it('appears after 1000 ms of hover and hides when the pointer leaves', () => {
    render(
      <Tooltip content="Resource definition not found">
        <button>Download</button>
      </Tooltip>,
    );
    const tip = screen.getByRole('tooltip', { hidden: true });
    const trigger = screen.getByRole('button', { name: 'Download' });
    expect(trigger.getAttribute('aria-describedby')).toBe(tip.id);
    fireEvent.mouseEnter(trigger.parentElement!);
    act(() => vi.advanceTimersByTime(999));
    expect(tip.hidden).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(tip.hidden).toBe(false);
    fireEvent.mouseLeave(trigger.parentElement!);
    expect(tip.hidden).toBe(true);
  });

  it('appears after the same delay on keyboard focus and hides on Escape', () => {
    render(
      <Tooltip content="No subscription found">
        <button>Write a review</button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Write a review' });
    fireEvent.focus(trigger);
    act(() => vi.advanceTimersByTime(1000));
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('No subscription found');
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
  });
});

describe('copy button', () => {
  it('copies, says Copied, and the confirmation disappears after 3 s', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<CopyButton value="sk_live_123" label="Copy key" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    });
    expect(writeText).toHaveBeenCalledWith('sk_live_123');
    expect(screen.getByRole('status').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status').textContent).toBe('Copied');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says so when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    render(<CopyButton value="x" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(screen.getByRole('status').textContent).toBe('Copy failed');
  });
});

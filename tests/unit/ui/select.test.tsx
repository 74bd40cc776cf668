import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PagedSelect, type PageRequest } from '../../../src/ui/PagedSelect.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

interface Team {
  id: string;
  name: string;
}
const TEAMS: Team[] = Array.from({ length: 23 }, (_, i) => ({ id: `t${i + 1}`, name: `Team ${i + 1}` }));

function setup() {
  const calls: Array<Omit<PageRequest, 'signal'>> = [];
  const loadPage = vi.fn(async ({ page, pageSize, search }: PageRequest) => {
    calls.push({ page, pageSize, search });
    const matches = TEAMS.filter((t) => t.name.includes(search));
    return { items: matches.slice((page - 1) * pageSize, page * pageSize), totalCount: matches.length };
  });
  function Field() {
    const [team, setTeam] = useState<Team | null>(null);
    return <PagedSelect label="Owning team" value={team} onChange={setTeam} loadPage={loadPage} getKey={(t) => t.id} getLabel={(t) => t.name} />;
  }
  render(<Field />);
  return { calls };
}

const settle = () => act(async () => {
  await Promise.resolve();
  await Promise.resolve();
});

describe('paged select', () => {
  it('loads 10 options when opened, and 10 more from the bottom', async () => {
    const { calls } = setup();
    fireEvent.click(screen.getByRole('button', { name: /Owning team/ }));
    await settle();
    expect(calls).toEqual([{ page: 1, pageSize: 10, search: '' }]);
    expect(screen.getAllByRole('option')).toHaveLength(10);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await settle();
    expect(calls[1]).toEqual({ page: 2, pageSize: 10, search: '' });
    expect(screen.getAllByRole('option')).toHaveLength(20);

    // Scrolling to the bottom loads the rest.
    const list = screen.getByRole('listbox');
    Object.defineProperties(list, { scrollHeight: { value: 400 }, clientHeight: { value: 256 }, scrollTop: { value: 130, writable: true } });
    fireEvent.scroll(list);
    await settle();
    expect(screen.getAllByRole('option')).toHaveLength(23);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches after the typing stops for 400 ms', async () => {
    vi.useFakeTimers();
    const { calls } = setup();
    fireEvent.click(screen.getByRole('button', { name: /Owning team/ }));
    await settle();
    const search = screen.getByRole('combobox');
    fireEvent.change(search, { target: { value: 'Team 2' } });
    act(() => vi.advanceTimersByTime(399));
    expect(calls).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    await settle();
    expect(calls[1]).toEqual({ page: 1, pageSize: 10, search: 'Team 2' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Team 2', 'Team 20', 'Team 21', 'Team 22', 'Team 23']);
  });

  it('chooses with the arrow keys and Enter, then closes and returns focus', async () => {
    setup();
    const trigger = screen.getByRole('button', { name: /Owning team/ });
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    await settle();
    const search = screen.getByRole('combobox');
    expect(document.activeElement).toBe(search);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    expect(search.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]!.id);
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toBe('Team 3');
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on Escape without choosing', async () => {
    setup();
    const trigger = screen.getByRole('button', { name: /Owning team/ });
    fireEvent.click(trigger);
    await settle();
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(trigger.textContent).toBe('Select…');
  });

  it('puts its menu on the 10000 layer', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: /Owning team/ }));
    await settle();
    expect((screen.getByRole('listbox').parentElement as HTMLElement).style.zIndex).toBe('10000');
  });
});

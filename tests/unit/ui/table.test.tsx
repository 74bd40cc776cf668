import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type SortState } from '../../../src/ui/DataTable.tsx';

afterEach(cleanup);

interface Row {
  id: string;
  name: string;
}
const ROWS: Row[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
  { id: 'c', name: 'Gamma' },
];

function Table() {
  const [sort, setSort] = useState<SortState>({ key: 'title', direction: 'asc' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  return (
    <DataTable
      label="Resources"
      rows={ROWS}
      rowKey={(r) => r.id}
      sort={sort}
      onSortChange={setSort}
      selection={{ selected, onChange: setSelected, isSelectable: (k) => k !== 'c', disabledReason: () => 'Already registered' }}
      renderExpanded={(r) => <p>Details of {r.name}</p>}
      columns={[
        { id: 'name', header: 'Name', cell: (r) => r.name, sortKey: 'title' },
        { id: 'plain', header: 'Type', cell: () => 'oas3' },
      ]}
    />
  );
}

describe('data table', () => {
  it('toggles the sort of a column and marks it for assistive technology', () => {
    render(<Table />);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header).getByRole('button', { name: 'Sort by Name' }));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header).getByRole('button', { name: 'Sort by Name' }));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(within(screen.getByRole('columnheader', { name: 'Type' })).queryByRole('button')).toBeNull();
  });

  it('selects the selectable rows of the page with the header checkbox', () => {
    render(<Table />);
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    fireEvent.click(all);
    const rows = screen.getAllByRole('checkbox', { name: 'Select row' }) as HTMLInputElement[];
    expect(rows.map((r) => r.checked)).toEqual([true, true, false]);
    expect(rows[2]!.disabled).toBe(true);
    expect(screen.getByText('2 selected')).toBeTruthy();
    expect(all.checked).toBe(true);
    fireEvent.click(rows[0]!);
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
  });

  it('explains why a row cannot be selected', () => {
    render(<Table />);
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(tip.textContent).toBe('Already registered');
  });

  it('expands a row to show its details', () => {
    render(<Table />);
    const toggles = screen.getAllByRole('button', { name: 'Show details' });
    fireEvent.click(toggles[1]!);
    expect(screen.getByText('Details of Beta')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByText('Details of Beta')).toBeNull();
  });
});

import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { columnStorageKey } from '../../../src/rules/columns.ts';
import { DataTable, type DataTableColumn } from '../../../src/ui/DataTable.tsx';

interface Row {
  id: string;
  name: string;
  state: string;
  type: string;
  expires: string;
}

const COLUMNS: DataTableColumn<Row>[] = [
  { id: 'name', header: 'Name', cell: (r) => r.name, required: true },
  { id: 'state', header: 'State', cell: (r) => r.state },
  { id: 'type', header: 'Credential type', cell: (r) => r.type },
  { id: 'expires', header: 'Expires', cell: (r) => r.expires },
  { id: 'owner', header: 'Owning team', cell: () => 'Payments', hiddenByDefault: true },
];
const ROWS: Row[] = [{ id: '1', name: 'Checkout key', state: 'active', type: 'APIKey', expires: '2026-01-31' }];

function Table() {
  return <DataTable label="Credentials" tableId="credentials.app" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} />;
}

const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
const openDialog = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Customise columns' }));
  return screen.getByRole('dialog');
};
const checkbox = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('checkbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const apply = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('column customisation', () => {
  it('shows the default columns, hidden-by-default ones off', () => {
    render(<Table />);
    expect(headers()).toEqual(['Name', 'State', 'Credential type', 'Expires']);
  });

  it('hides a column on apply and remembers it for the table id', () => {
    render(<Table />);
    const dialog = openDialog();
    fireEvent.click(checkbox(dialog, 'State'));
    apply(dialog);
    expect(headers()).toEqual(['Name', 'Credential type', 'Expires']);
    expect(JSON.parse(localStorage.getItem(columnStorageKey('credentials.app'))!).hidden).toContain('state');

    cleanup();
    render(<Table />);
    expect(headers()).toEqual(['Name', 'Credential type', 'Expires']);
  });

  it('cancel forgets the changes', () => {
    render(<Table />);
    const dialog = openDialog();
    fireEvent.click(checkbox(dialog, 'State'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(headers()).toEqual(['Name', 'State', 'Credential type', 'Expires']);
    expect(localStorage.getItem(columnStorageKey('credentials.app'))).toBeNull();
  });

  it('select all shows every column; select none keeps only the required one', () => {
    render(<Table />);
    let dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Select all' }));
    apply(dialog);
    expect(headers()).toEqual(['Name', 'State', 'Credential type', 'Expires', 'Owning team']);

    dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Select none' }));
    expect(checkbox(dialog, 'Name').checked).toBe(true);
    expect(checkbox(dialog, 'Name').disabled).toBe(true);
    apply(dialog);
    expect(headers()).toEqual(['Name']);
  });

  it('select all and none apply to the columns matching the search', () => {
    render(<Table />);
    const dialog = openDialog();
    fireEvent.change(within(dialog).getByRole('searchbox'), { target: { value: 'typ' } });
    expect(within(dialog).queryByRole('checkbox', { name: 'State' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Select none' }));
    fireEvent.change(within(dialog).getByRole('searchbox'), { target: { value: '' } });
    apply(dialog);
    expect(headers()).toEqual(['Name', 'State', 'Expires']);
  });

  it('restore defaults brings back the declared order and visibility', () => {
    localStorage.setItem(columnStorageKey('credentials.app'), JSON.stringify({ order: ['expires', 'owner', 'name', 'state', 'type'], hidden: ['type'] }));
    render(<Table />);
    expect(headers()).toEqual(['Expires', 'Owning team', 'Name', 'State']);
    const dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore defaults' }));
    apply(dialog);
    expect(headers()).toEqual(['Name', 'State', 'Credential type', 'Expires']);
  });

  it('reorders with the keyboard: arrow keys on the handle, or the move buttons', () => {
    render(<Table />);
    const dialog = openDialog();
    const handle = within(dialog).getByRole('button', { name: /^Reorder Expires/ });
    handle.focus();
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    // Focus stays on the moved column's handle so the user can keep going.
    expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Reorder Expires/);
    expect(within(dialog).getByText('Expires moved to position 2 of 5.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move Name down' }));
    apply(dialog);
    expect(headers()).toEqual(['Expires', 'Name', 'State', 'Credential type']);
  });

  it('cannot move the first column up or the last one down', () => {
    render(<Table />);
    const dialog = openDialog();
    expect((within(dialog).getByRole('button', { name: 'Move Name up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Move Owning team down' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('reorders by dragging the handle with a pointer', () => {
    render(<Table />);
    const dialog = openDialog();
    const rows = Array.from(dialog.querySelectorAll<HTMLElement>('li[data-column]'));
    // Lay the rows out 40 px apart, as a browser would.
    rows.forEach((row, i) => {
      row.getBoundingClientRect = () => ({ top: i * 40, bottom: i * 40 + 40, height: 40, left: 0, right: 300, width: 300, x: 0, y: i * 40, toJSON: () => ({}) }) as DOMRect;
    });
    const handle = within(dialog).getByRole('button', { name: /^Reorder Name/ });
    act(() => {
      fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 20 });
    });
    act(() => {
      fireEvent.pointerMove(handle, { pointerId: 1, clientY: 150 }); // below the middle of Expires (140)
    });
    act(() => {
      fireEvent.pointerUp(handle, { pointerId: 1, clientY: 150 });
    });
    apply(dialog);
    expect(headers()).toEqual(['State', 'Credential type', 'Expires', 'Name']);
  });

  it('a second table with the same id follows the choice at once', () => {
    render(
      <>
        <Table />
        <div data-testid="second">
          <DataTable label="Same" tableId="credentials.app" columns={COLUMNS} rows={ROWS} rowKey={(r) => r.id} />
        </div>
      </>,
    );
    fireEvent.click(screen.getAllByRole('button', { name: 'Customise columns' })[0]!);
    const open = screen.getByRole('dialog');
    fireEvent.click(checkbox(open, 'Credential type'));
    apply(open);
    const second = within(screen.getByTestId('second')).getAllByRole('columnheader').map((th) => th.textContent);
    expect(second).toEqual(['Name', 'State', 'Expires']);
  });
});

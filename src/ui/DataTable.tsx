// A table for lists: sortable headers, optional row selection (select all on the page), optional
// expandable rows, and column customisation persisted by table id (useColumns + ColumnCustomizer).
import { Fragment, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ColumnSpec } from '../rules/columns.ts';
import { Button } from './Button.tsx';
import { ColumnCustomizer } from './ColumnCustomizer.tsx';
import { useT } from './i18n.ts';
import { IconArrowDown, IconArrowUp, IconChevronDown, IconChevronRight, IconColumns, IconSort } from './moreIcons.tsx';
import { Tooltip } from './Tooltip.tsx';
import { ScrollRegion } from './ScrollRegion.tsx';
import { useColumns } from './useColumns.ts';
import { cx, FOCUS_RING } from './tone.ts';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  key: string;
  direction: SortDirection;
}

export interface DataTableColumn<Row> {
  id: string;
  header: ReactNode;
  /** Name in the column customiser and in sort labels; defaults to the header when it is text. */
  label?: string;
  cell: (row: Row) => ReactNode;
  /** Makes the header a sort toggle for this server sort key. */
  sortKey?: string;
  align?: 'left' | 'right' | 'center';
  /** CSS width, e.g. '8rem'. */
  width?: string;
  /** Cannot be hidden in the customiser. */
  required?: boolean;
  hiddenByDefault?: boolean;
}

export interface DataTableSelection {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  isSelectable?: (key: string) => boolean;
  /** Tooltip for a row that cannot be selected (e.g. 'already registered'). */
  disabledReason?: (key: string) => ReactNode;
}

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Accessible name of the table. */
  label: string;
  /** Enables the column customiser, remembered under this id. */
  tableId?: string;
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  selection?: DataTableSelection;
  renderExpanded?: (row: Row) => ReactNode;
  onRowClick?: (row: Row) => void;
  /** Left side of the bar above the table (search, filters…). */
  toolbar?: ReactNode;
  /** Shown in place of rows when there are none. */
  empty?: ReactNode;
  /** Under the table, e.g. <Pagination/>. */
  footer?: ReactNode;
  className?: string;
}

const ALIGN = { left: 'text-left', right: 'text-right', center: 'text-center' } as const;

function textOf(node: ReactNode): string | undefined {
  return typeof node === 'string' || typeof node === 'number' ? String(node) : undefined;
}

function Checkbox({ label, checked, indeterminate, disabled, onChange }: { label: string; checked: boolean; indeterminate?: boolean; disabled?: boolean; onChange: (v: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = !!indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
      onClick={(event) => event.stopPropagation()}
      className={cx('h-4 w-4 accent-primary disabled:cursor-not-allowed', FOCUS_RING)}
    />
  );
}

export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  label,
  tableId,
  sort,
  onSortChange,
  selection,
  renderExpanded,
  onRowClick,
  toolbar,
  empty,
  footer,
  className,
}: DataTableProps<Row>) {
  const t = useT();
  const id = useId();
  const [customising, setCustomising] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const specs: ColumnSpec[] = useMemo(
    () => columns.map((c) => ({ id: c.id, required: c.required, hiddenByDefault: c.hiddenByDefault })),
    [columns],
  );
  const columnState = useColumns(tableId ?? `anonymous:${id}`, specs);
  const byId = new Map(columns.map((c) => [c.id, c]));
  const shown = tableId
    ? columnState.visibleIds.map((cid) => byId.get(cid)).filter((c): c is DataTableColumn<Row> => !!c)
    : [...columns];
  const labelOf = (c: DataTableColumn<Row>) => c.label ?? textOf(c.header) ?? c.id;

  const keys = rows.map(rowKey);
  const selectable = selection ? keys.filter((k) => selection.isSelectable?.(k) ?? true) : [];
  const selectedOnPage = selection ? selectable.filter((k) => selection.selected.has(k)) : [];
  const allOnPage = selectable.length > 0 && selectedOnPage.length === selectable.length;

  const toggleAll = (on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    selectable.forEach((k) => (on ? next.add(k) : next.delete(k)));
    selection.onChange(next);
  };
  const toggleRow = (key: string, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (on) next.add(key);
    else next.delete(key);
    selection.onChange(next);
  };
  const toggleExpanded = (key: string) => {
    const next = new Set(expanded);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setExpanded(next);
  };

  const extraColumns = (selection ? 1 : 0) + (renderExpanded ? 1 : 0);
  const colSpan = shown.length + extraColumns;

  return (
    <div className={cx('w-full', className)}>
      {(toolbar || tableId || (selection && selection.selected.size > 0)) && (
        <div className="mb-3 flex flex-wrap items-center gap-3">
          {/* basis-64: on a phone the customiser wraps below the tools instead of squeezing them. */}
          <div className="flex min-w-0 flex-1 basis-64 flex-wrap items-center gap-3">{toolbar}</div>
          {selection && selection.selected.size > 0 && (
            <span className="text-sm text-gray-600" aria-live="polite">
              {t('ui.table.selected', { count: selection.selected.size })}
            </span>
          )}
          {tableId && (
            <Button variant="secondary" size="sm" icon={<IconColumns />} onClick={() => setCustomising(true)}>
              {t('ui.columns.open')}
            </Button>
          )}
        </div>
      )}
      <ScrollRegion label={label} className="relative rounded-md border border-gray-200 bg-white">
        <table className="w-full border-collapse text-sm" aria-label={label}>
          <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
            <tr>
              {renderExpanded && <th className="w-10 px-2 py-2.5" aria-hidden="true" />}
              {selection && (
                <th className="w-10 px-3 py-2.5 text-left">
                  <Checkbox
                    label={t('ui.table.selectAll')}
                    checked={allOnPage}
                    indeterminate={!allOnPage && selectedOnPage.length > 0}
                    disabled={selectable.length === 0}
                    onChange={toggleAll}
                  />
                </th>
              )}
              {shown.map((column) => {
                const active = sort && column.sortKey && sort.key === column.sortKey ? sort.direction : null;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={active ? (active === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={cx('whitespace-nowrap px-3 py-2.5 font-semibold', ALIGN[column.align ?? 'left'])}
                  >
                    {column.sortKey && onSortChange ? (
                      <button
                        type="button"
                        onClick={() =>
                          onSortChange({ key: column.sortKey!, direction: active === 'asc' ? 'desc' : 'asc' })
                        }
                        aria-label={t('ui.table.sortBy', { column: labelOf(column) })}
                        className={cx('inline-flex items-center gap-1 rounded uppercase hover:text-gray-900', active && 'text-gray-900', FOCUS_RING)}
                      >
                        {column.header}
                        {active === 'asc' ? <IconArrowUp size={12} /> : active === 'desc' ? <IconArrowDown size={12} /> : <IconSort size={12} className="text-gray-400" />}
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={colSpan} className="p-0">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => {
                const key = keys[index]!;
                const isOpen = expanded.has(key);
                const canSelect = selection ? (selection.isSelectable?.(key) ?? true) : false;
                const reason = selection && !canSelect ? selection.disabledReason?.(key) : undefined;
                const box = selection && (
                  <Checkbox
                    label={t('ui.table.selectRow')}
                    checked={selection.selected.has(key)}
                    disabled={!canSelect}
                    onChange={(on) => toggleRow(key, on)}
                  />
                );
                return (
                  <Fragment key={key}>
                    <tr
                      onClick={onRowClick ? () => onRowClick(row) : undefined}
                      className={cx(
                        'border-t border-gray-100',
                        onRowClick && 'cursor-pointer hover:bg-gray-50',
                        selection?.selected.has(key) && 'bg-primary/5',
                      )}
                    >
                      {renderExpanded && (
                        <td className="px-2 py-2 align-middle">
                          <button
                            type="button"
                            aria-expanded={isOpen}
                            aria-controls={`${id}-exp-${index}`}
                            aria-label={isOpen ? t('ui.table.collapse') : t('ui.table.expand')}
                            onClick={(event) => {
                              event.stopPropagation();
                              toggleExpanded(key);
                            }}
                            className={cx('flex h-7 w-7 items-center justify-center rounded text-gray-500 hover:bg-gray-100', FOCUS_RING)}
                          >
                            {isOpen ? <IconChevronDown /> : <IconChevronRight />}
                          </button>
                        </td>
                      )}
                      {selection && (
                        <td className="px-3 py-2 align-middle">
                          {reason ? (
                            <Tooltip content={reason} focusableWrapper placement="bottom">
                              <span className="inline-flex">{box}</span>
                            </Tooltip>
                          ) : (
                            box
                          )}
                        </td>
                      )}
                      {shown.map((column) => (
                        <td key={column.id} className={cx('px-3 py-2.5 align-middle text-gray-800', ALIGN[column.align ?? 'left'])}>
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                    {renderExpanded && isOpen && (
                      <tr id={`${id}-exp-${index}`} className="bg-gray-50">
                        <td colSpan={colSpan} className="px-4 py-3">
                          {renderExpanded(row)}
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {footer}
      {tableId && (
        <ColumnCustomizer
          open={customising}
          columns={columns.map((c) => ({ id: c.id, label: labelOf(c), required: c.required }))}
          prefs={columnState.prefs}
          defaults={columnState.defaults}
          onCancel={() => setCustomising(false)}
          onApply={(prefs) => {
            columnState.setPrefs(prefs);
            setCustomising(false);
          }}
        />
      )}
    </div>
  );
}

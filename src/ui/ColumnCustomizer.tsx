// Column customisation dialog (spec 2 §2): search, select all or none, restore defaults, reorder by
// dragging (pointer) or with the arrow keys / move buttons (keyboard), apply or cancel.
import { useId, useLayoutEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { moveColumn, reorderColumns, visibleColumnIds, type ColumnPrefs } from '../rules/columns.ts';
import { Button, IconButton } from './Button.tsx';
import { useT } from './i18n.ts';
import { IconClose } from './icons.tsx';
import { IconArrowDown, IconArrowUp, IconGrip } from './moreIcons.tsx';
import { Modal } from './Modal.tsx';
import { SearchInput } from './SearchInput.tsx';
import { cx, FOCUS_RING } from './tone.ts';

export interface CustomizableColumn {
  id: string;
  label: string;
  required?: boolean;
}

export interface ColumnCustomizerProps {
  open: boolean;
  columns: readonly CustomizableColumn[];
  prefs: ColumnPrefs;
  defaults: ColumnPrefs;
  onApply: (prefs: ColumnPrefs) => void;
  onCancel: () => void;
}

export function ColumnCustomizer({ open, ...rest }: ColumnCustomizerProps) {
  // A fresh draft each time it opens: cancel must forget everything.
  return open ? <CustomizerBody {...rest} /> : null;
}

type FocusRequest = { id: string; target: 'handle' | 'up' | 'down' } | null;

function CustomizerBody({ columns, prefs, defaults, onApply, onCancel }: Omit<ColumnCustomizerProps, 'open'>) {
  const t = useT();
  const titleId = useId();
  const [draft, setDraft] = useState<ColumnPrefs>(prefs);
  const [query, setQuery] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState<FocusRequest>(null);
  const rowRefs = useRef(new Map<string, HTMLLIElement>());
  const controlRefs = useRef(new Map<string, HTMLButtonElement>());

  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const hidden = new Set(draft.hidden);
  const needle = query.trim().toLowerCase();
  const shown = draft.order.filter((id) => !needle || (byId.get(id)?.label ?? id).toLowerCase().includes(needle));
  const canReorder = needle === '';
  const visibleCount = visibleColumnIds(draft).length;
  const labelOf = (id: string) => byId.get(id)?.label ?? id;

  useLayoutEffect(() => {
    if (!focusRequest) return;
    const { id, target } = focusRequest;
    const button = controlRefs.current.get(`${id}:${target}`);
    (button && !button.disabled ? button : controlRefs.current.get(`${id}:handle`))?.focus();
    setFocusRequest(null);
  }, [focusRequest]);

  const announceMove = (order: string[], id: string) =>
    setAnnouncement(t('ui.columns.moved', { column: labelOf(id), position: order.indexOf(id) + 1, total: order.length }));

  const move = (id: string, delta: number, target: 'handle' | 'up' | 'down') => {
    const order = moveColumn(draft.order, id, delta);
    setDraft({ ...draft, order });
    announceMove(order, id);
    setFocusRequest({ id, target });
  };

  const setVisible = (ids: string[], visible: boolean) => {
    const change = new Set(ids.filter((id) => !byId.get(id)?.required));
    const next = visible ? draft.hidden.filter((id) => !change.has(id)) : [...new Set([...draft.hidden, ...change])];
    setDraft({ ...draft, hidden: next });
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLButtonElement>, id: string) => {
    if (!canReorder || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    setDragging(id);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLButtonElement>, id: string) => {
    if (dragging !== id) return;
    const order = draft.order;
    let target = order.length;
    for (let i = 0; i < order.length; i++) {
      const rect = rowRefs.current.get(order[i]!)?.getBoundingClientRect();
      if (rect && event.clientY < rect.top + rect.height / 2) {
        target = i;
        break;
      }
    }
    const from = order.indexOf(id);
    // Moving down past the midpoint of a later row lands just before the next one.
    const to = target > from ? target - 1 : target;
    if (to !== from) setDraft({ ...draft, order: reorderColumns(order, from, to) });
  };

  const endDrag = (id: string) => {
    if (dragging !== id) return;
    setDragging(null);
    announceMove(draft.order, id);
  };

  return (
    <Modal open onClose={onCancel} labelledBy={titleId} className="max-w-lg">
      <header className="flex items-start gap-3 border-b border-gray-200 px-5 py-4">
        <div className="flex-1">
          <h2 id={titleId} className="m-0 text-lg font-semibold leading-7 text-gray-900">
            {t('ui.columns.title')}
          </h2>
          <p className="m-0 mt-0.5 text-sm text-gray-500">{t('ui.columns.description')}</p>
        </div>
        <IconButton label={t('ui.action.close')} size="sm" onClick={onCancel}>
          <IconClose />
        </IconButton>
      </header>

      <div className="space-y-3 border-b border-gray-200 px-5 py-3">
        <SearchInput value={query} onChange={setQuery} label={t('ui.columns.search')} placeholder={t('ui.columns.search')} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <Button variant="link" size="sm" onClick={() => setVisible(shown, true)}>
            {t('ui.columns.selectAll')}
          </Button>
          <Button variant="link" size="sm" onClick={() => setVisible(shown, false)}>
            {t('ui.columns.selectNone')}
          </Button>
          <span className="ml-auto text-gray-500">{t('ui.columns.count', { visible: visibleCount, total: draft.order.length })}</span>
        </div>
        {!canReorder && <p className="m-0 text-xs text-gray-500">{t('ui.columns.reorderDuringSearch')}</p>}
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-2">
        {shown.length === 0 ? (
          <p className="m-0 px-2 py-6 text-center text-sm text-gray-500">{t('ui.columns.noMatch')}</p>
        ) : (
          <ul className="m-0 list-none p-0" aria-label={t('ui.columns.title')}>
            {shown.map((id) => {
              const column = byId.get(id);
              const index = draft.order.indexOf(id);
              const checkboxId = `${titleId}-${id}`;
              return (
                <li
                  key={id}
                  ref={(el) => {
                    if (el) rowRefs.current.set(id, el);
                    else rowRefs.current.delete(id);
                  }}
                  data-column={id}
                  className={cx(
                    'flex items-center gap-2 rounded-md px-2 py-1.5',
                    dragging === id ? 'bg-gray-100 shadow-inner' : 'hover:bg-gray-50',
                  )}
                >
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) controlRefs.current.set(`${id}:handle`, el);
                    }}
                    aria-label={t('ui.columns.handle', { column: labelOf(id) })}
                    title={canReorder ? t('ui.columns.handle', { column: labelOf(id) }) : t('ui.columns.reorderDuringSearch')}
                    disabled={!canReorder}
                    onKeyDown={(event) => {
                      if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
                        event.preventDefault();
                        move(id, event.key === 'ArrowUp' ? -1 : 1, 'handle');
                      }
                    }}
                    onPointerDown={(event) => onPointerDown(event, id)}
                    onPointerMove={(event) => onPointerMove(event, id)}
                    onPointerUp={() => endDrag(id)}
                    onPointerCancel={() => endDrag(id)}
                    className={cx(
                      'flex h-7 w-6 shrink-0 touch-none items-center justify-center rounded text-gray-400',
                      canReorder ? 'cursor-grab hover:text-gray-700 active:cursor-grabbing' : 'cursor-not-allowed opacity-40',
                      FOCUS_RING,
                    )}
                  >
                    <IconGrip />
                  </button>
                  <input
                    id={checkboxId}
                    type="checkbox"
                    checked={!hidden.has(id)}
                    disabled={column?.required}
                    onChange={(event) => setVisible([id], event.target.checked)}
                    className={cx('h-4 w-4 shrink-0 accent-primary', FOCUS_RING)}
                  />
                  <label htmlFor={checkboxId} className="min-w-0 flex-1 truncate text-sm text-gray-800">
                    {labelOf(id)}
                    {column?.required && <span className="ml-2 text-xs text-gray-500">({t('ui.columns.required')})</span>}
                  </label>
                  <IconButton
                    ref={(el) => {
                      if (el) controlRefs.current.set(`${id}:up`, el);
                    }}
                    label={t('ui.columns.moveUp', { column: labelOf(id) })}
                    size="sm"
                    disabled={!canReorder || index === 0}
                    onClick={() => move(id, -1, 'up')}
                  >
                    <IconArrowUp size={14} />
                  </IconButton>
                  <IconButton
                    ref={(el) => {
                      if (el) controlRefs.current.set(`${id}:down`, el);
                    }}
                    label={t('ui.columns.moveDown', { column: labelOf(id) })}
                    size="sm"
                    disabled={!canReorder || index === draft.order.length - 1}
                    onClick={() => move(id, 1, 'down')}
                  >
                    <IconArrowDown size={14} />
                  </IconButton>
                </li>
              );
            })}
          </ul>
        )}
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
      </div>

      <footer className="flex flex-wrap items-center gap-2 border-t border-gray-200 px-5 py-3">
        <Button variant="ghost" onClick={() => setDraft(defaults)} className="-ml-2">
          {t('ui.columns.restore')}
        </Button>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          {visibleCount === 0 && (
            <span role="alert" className="text-xs text-danger">
              {t('ui.columns.noneVisible')}
            </span>
          )}
          <Button variant="secondary" onClick={onCancel}>
            {t('ui.action.cancel')}
          </Button>
          <Button variant="primary" disabled={visibleCount === 0} onClick={() => onApply(draft)}>
            {t('ui.action.apply')}
          </Button>
        </div>
      </footer>
    </Modal>
  );
}

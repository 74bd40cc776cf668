// The operations of a large description, from the server's index (tags and operation summaries,
// no schemas): grouped by tag, drawn progressively (a first screenful at once, the rest in small
// slices between frames, so the main thread never blocks), each section skipped by the browser's
// layout while off screen (content-visibility). Expanding an operation fetches that operation
// alone and draws it (OperationPanel).
import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import type { OperationSummary, SpecTag } from '../../../api/explorer.ts';
import { useMessages } from '../../../i18n/intl.ts';
import { IconChevronDown, IconChevronRight } from '../../../ui/icons.tsx';
import { EmptyPlaceholder } from '../../../ui/Placeholders.tsx';
import { cx, FOCUS_RING } from '../../../ui/tone.ts';
import { METHOD_COLORS } from './methods.ts';
import { OperationPanel } from './OperationPanel.tsx';

/** Rows drawn in the first paint, then per slice. */
export const FIRST_ROWS = 40;
export const ROWS_PER_SLICE = 120;

export interface OperationListProps {
  tags: SpecTag[];
  filter: string;
  swagger2: boolean;
}

function matches(op: OperationSummary, tag: string, needle: string): boolean {
  return op.path.toLowerCase().includes(needle) || op.summary.toLowerCase().includes(needle)
    || (op.operationId ?? '').toLowerCase().includes(needle) || op.method === needle || tag.toLowerCase().includes(needle);
}

export function OperationList({ tags, filter, swagger2 }: OperationListProps) {
  const { t } = useMessages('explorer');
  const deferred = useDeferredValue(filter.trim().toLowerCase());
  const groups = useMemo(() => {
    if (!deferred) return tags;
    return tags
      .map((tag) => ({ ...tag, operations: tag.operations.filter((op) => matches(op, tag.name, deferred)) }))
      .filter((tag) => tag.operations.length > 0);
  }, [tags, deferred]);
  const total = useMemo(() => groups.reduce((n, g) => n + g.operations.length + 1, 0), [groups]);

  const [budget, setBudget] = useState(FIRST_ROWS);
  useEffect(() => setBudget(FIRST_ROWS), [groups]);
  useEffect(() => {
    if (budget >= total) return;
    // One slice per task: the browser paints and handles input in between.
    const timer = setTimeout(() => setBudget((b) => b + ROWS_PER_SLICE), 0);
    return () => clearTimeout(timer);
  }, [budget, total]);

  if (groups.length === 0) {
    return <EmptyPlaceholder title={t('explorer.list.noMatch')} message={t('explorer.list.noMatchMessage')} />;
  }

  let left = budget;
  return (
    <div className="flex flex-col gap-4" data-part="operation-list" data-rendered-all={budget >= total ? '' : undefined}>
      {groups.map((group) => {
        if (left <= 0) return null;
        const room = left - 1;
        left -= group.operations.length + 1;
        return (
          <TagSection key={group.name} tag={group} visible={Math.max(0, room)} swagger2={swagger2} />
        );
      })}
    </div>
  );
}

interface TagSectionProps {
  tag: SpecTag;
  /** How many of its operations to draw now. */
  visible: number;
  swagger2: boolean;
}

// Open and closed states live in each section and row: opening one operation re-renders that
// row alone, never the thousand others.
const TagSection = memo(function TagSection({ tag, visible, swagger2 }: TagSectionProps) {
  const { t } = useMessages('explorer');
  const [collapsed, setCollapsed] = useState(false);
  const rows = tag.operations.slice(0, visible);
  const sectionId = `tag-${tag.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <section
      className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm [content-visibility:auto] [contain-intrinsic-size:auto_600px]"
      data-tag={tag.name}
      aria-labelledby={`${sectionId}-h`}
    >
      <h3 id={`${sectionId}-h`} className="m-0">
        <button
          type="button"
          aria-expanded={!collapsed}
          aria-controls={sectionId}
          onClick={() => setCollapsed(!collapsed)}
          className={cx('flex w-full items-center gap-3 border-0 bg-gray-50 px-4 py-3 text-left hover:bg-gray-100', FOCUS_RING)}
        >
          {collapsed ? <IconChevronRight size={18} className="shrink-0 text-gray-500" /> : <IconChevronDown size={18} className="shrink-0 text-gray-500" />}
          <span className="text-base font-semibold text-gray-900">{tag.name}</span>
          <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-gray-500 ring-1 ring-gray-200">{t('explorer.list.count', { count: tag.operations.length })}</span>
          {tag.description && <span className="hidden min-w-0 flex-1 truncate text-sm font-normal text-gray-500 md:block">{firstLine(tag.description)}</span>}
        </button>
      </h3>
      {!collapsed && (
        <ul id={sectionId} className="m-0 list-none divide-y divide-gray-100 p-0">
          {rows.map((op) => (
            <OperationRow key={op.ordinal} op={op} swagger2={swagger2} />
          ))}
        </ul>
      )}
    </section>
  );
});

function firstLine(markdown: string): string {
  return markdown.split('\n').find((l) => l.trim())?.replace(/[#*_`[\]]/g, '').trim() ?? '';
}

const OperationRow = memo(function OperationRow({ op, swagger2 }: { op: OperationSummary; swagger2: boolean }) {
  const { t } = useMessages('explorer');
  const [open, setOpen] = useState(false);
  const panelId = `op-${op.ordinal}`;
  return (
    <li data-operation={op.ordinal} data-method={op.method} data-path={op.path} data-open={open ? '' : undefined}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        className={cx('flex w-full items-center gap-3 border-0 bg-white px-4 py-2.5 text-left hover:bg-gray-50', open && 'bg-gray-50', FOCUS_RING)}
      >
        <span className={cx('inline-flex w-[4.5rem] shrink-0 justify-center rounded px-2 py-1 text-xs font-bold uppercase tracking-wide text-white', METHOD_COLORS[op.method] ?? 'bg-gray-500')}>
          {op.method}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5 md:flex-row md:items-baseline md:gap-3">
          <span className={cx('break-all font-mono text-[13px] font-semibold text-gray-900', op.deprecated && 'text-gray-400 line-through')}>{op.path}</span>
          <span className="min-w-0 truncate text-sm text-gray-600">{op.summary}</span>
        </span>
        {op.deprecated && <span className="shrink-0 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-500">{t('explorer.op.deprecated')}</span>}
        {open ? <IconChevronDown size={16} className="shrink-0 text-gray-400" /> : <IconChevronRight size={16} className="shrink-0 text-gray-400" />}
      </button>
      {open && <OperationPanel id={panelId} summary={op} swagger2={swagger2} />}
    </li>
  );
});

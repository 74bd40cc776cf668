// The operations of a large description, from the server's index (tags and operation summaries,
// no schemas): grouped by tag, drawn progressively (a first screenful at once, the rest in small
// slices between frames, so the main thread never blocks), each section skipped by the browser's
// layout while off screen (content-visibility), and so is each row of a long list: an open tag of
// Stripe's 452 operations made every expansion restyle, lay out and repaint all 452 rows (its
// pre-paint and paint cost as much as the panel's own drawing). Expanding an operation fetches
// that operation alone and draws it (OperationPanel).
//
// Beyond COLLAPSE_ABOVE operations the tags start collapsed (the first one open), each with its
// count, and an open tag draws ROWS_WINDOW rows at a time ("show more"): GitHub's 1,223
// operations made the element 55,000 px tall on a page of its own. A filter opens every tag.
import { memo, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { OperationSummary, SpecTag } from '../../../api/explorer.ts';
import { useMessages } from '../../../i18n/intl.ts';
import { OPERATION_PARAM } from '../../../rules/routes.ts';
import { useRoute } from '../../../router/context.tsx';
import { EmptyPlaceholder } from '../../../ui/Placeholders.tsx';
import { METHOD_HEX } from './methods.ts';
import { OperationPanel, PanelWarmup } from './OperationPanel.tsx';
import { ShadowStyle } from '../../../styles/ShadowStyle.tsx';

/** Rows drawn in the first paint, then per slice (adapted so each slice stays a short task). */
export const FIRST_ROWS = 24;
export const ROWS_PER_SLICE = 60;
/** Render time aimed at per slice, well under the 50 ms that make a long task. */
const SLICE_TARGET_MS = 16;
/** Operations above which tags start collapsed. */
export const COLLAPSE_ABOVE = 40;
/** Rows of an open tag drawn at first, and added by each "show more". */
export const ROWS_WINDOW = 50;

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
  const collapsible = !deferred && tags.reduce((n, g) => n + g.operations.length, 0) > COLLAPSE_ABOVE;
  // ?operation=<ordinal> (a search hit on an operation): its tag and row open, the row scrolled to.
  const target = useTargetOperation();
  const openAtFirst = (i: number) => !collapsible || i === 0 || groups[i]!.operations.some((op) => op.ordinal === target);
  // Rows drawn at first: a header per tag, the first window of each open one.
  const total = useMemo(
    () => groups.reduce((n, g, i) => n + 1 + (!collapsible || i === 0 ? Math.min(g.operations.length, ROWS_WINDOW) : 0), 0),
    [groups, collapsible],
  );

  const [budget, setBudget] = useState(FIRST_ROWS);
  const slice = useRef(ROWS_PER_SLICE);
  const sliceStarted = useRef(0);
  useEffect(() => setBudget(FIRST_ROWS), [groups]);
  useEffect(() => {
    if (budget >= total) return;
    // One slice per task: the browser paints and handles input in between.
    const timer = setTimeout(() => {
      sliceStarted.current = performance.now();
      setBudget((b) => b + slice.current);
    }, 0);
    return () => clearTimeout(timer);
  }, [budget, total]);
  useLayoutEffect(() => {
    if (!sliceStarted.current) return;
    const took = performance.now() - sliceStarted.current;
    sliceStarted.current = 0;
    if (took > SLICE_TARGET_MS * 1.5) slice.current = Math.max(15, Math.floor(slice.current / 2));
    else if (took < SLICE_TARGET_MS / 2) slice.current = Math.min(400, slice.current * 2);
  }, [budget]);

  if (groups.length === 0) {
    return <EmptyPlaceholder title={t('explorer.list.noMatch')} message={t('explorer.list.noMatchMessage')} />;
  }

  let left = budget;
  return (
    // Off-screen sections skip layout only on a long list (data-large): there it saves the most, and
    // a short one keeps heights that do not depend on what has been scrolled into view.
    <div data-part="operation-list" data-rendered-all={budget >= total ? '' : undefined} data-large={collapsible ? '' : undefined}>
      <ShadowStyle css={LIST_CSS} />
      {budget >= total && <PanelWarmupOnce />}
      {groups.map((group, i) => {
        if (left <= 0) return null;
        const room = budget >= total ? Infinity : left - 1;
        const open = openAtFirst(i);
        left -= 1 + (open ? Math.min(group.operations.length, ROWS_WINDOW) : 0);
        // Keyed by the collapsing rule too, so a filter started or cleared resets each section.
        return <TagSection key={`${group.name}.${collapsible}`} tag={group} visible={Math.max(0, room)} swagger2={swagger2} initiallyOpen={open} target={target} />;
      })}
    </div>
  );
}

/**
 * The list's own styles, by data attributes, for its own buttons only (an opened operation's
 * buttons keep their utility classes: a rule for every button of a section turned them full-width
 * and their pressed state dark on dark). Its thousand rows carry no class attribute on
 * purpose: twind (the elements' styling) re-reads every classed node under each node React
 * inserts into, which made drawing a long list cost time in proportion to the square of its rows.
 */
const MONO = 'ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace';
const LIST_CSS = `
[data-part="operation-list"]{display:flex;flex-direction:column;gap:16px}
section[data-tag]{overflow:hidden;border:1px solid #e5e7eb;border-radius:12px;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.05)}
[data-large] section[data-tag]{content-visibility:auto;contain-intrinsic-size:auto 600px}
[data-large] li[data-operation]{content-visibility:auto;contain-intrinsic-size:auto 44px}
section[data-tag]>h3{margin:0;font-size:inherit;font-weight:inherit}
section[data-tag]>h3>button,li[data-operation]>button,section[data-tag]>button[data-action="show-more"]{font:inherit;color:inherit;cursor:pointer;border:0;text-align:left;width:100%;display:flex;align-items:center}
section[data-tag]>h3>button{gap:12px;background:#f9fafb;padding:12px 16px}
section[data-tag]>h3>button:hover{background:#f3f4f6}
section[data-tag]>h3>button:focus-visible,li[data-operation]>button:focus-visible,section[data-tag]>button[data-action="show-more"]:focus-visible{outline:2px solid var(--agora-primary);outline-offset:-2px}
[data-tag-name]{font-size:16px;font-weight:600;color:#111827}
[data-tag-count]{border-radius:9999px;background:#fff;padding:2px 8px;font-size:12px;font-weight:500;color:#6b7280;box-shadow:0 0 0 1px #e5e7eb;white-space:nowrap}
[data-tag-desc]{display:none;min-width:0;flex:1;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-size:14px;color:#6b7280}
@media (min-width:768px){[data-tag-desc]{display:block}}
ul[data-ops]{margin:0;padding:0;list-style:none}
ul[data-ops]>li+li{border-top:1px solid #f3f4f6}
li[data-operation]>button{gap:12px;background:#fff;padding:10px 16px}
li[data-operation]>button:hover,li[data-open]>button{background:#f9fafb}
[data-method-badge]{display:inline-flex;width:72px;flex-shrink:0;justify-content:center;border-radius:4px;padding:4px 8px;font-size:12px;font-weight:700;line-height:16px;text-transform:uppercase;letter-spacing:.025em;color:#fff;background:#6b7280}
${Object.entries(METHOD_HEX).map(([m, c]) => `[data-method-badge="${m}"]{background:${c}}`).join('')}
[data-op-text]{display:flex;min-width:0;flex:1;flex-direction:column;gap:2px}
@media (min-width:768px){[data-op-text]{flex-direction:row;align-items:baseline;gap:12px}}
[data-op-path]{overflow-wrap:anywhere;font-family:${MONO};font-size:13px;font-weight:600;color:#111827}
@media (min-width:768px){[data-op-path]{flex:0 1 auto;max-width:70%}[data-op-summary]{flex:1 1 0;min-width:120px}}
li[data-deprecated] [data-op-path]{color:#6b7280;text-decoration:line-through}
[data-op-summary]{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;font-size:14px;color:#4b5563}
[data-op-flag]{flex-shrink:0;border-radius:4px;background:#f3f4f6;padding:2px 6px;font-size:12px;color:#4b5563}
section[data-tag] button[data-action="show-more"]{justify-content:center;border-top:1px solid #f3f4f6;background:#fff;padding:10px 16px;font-size:14px;font-weight:500;color:var(--agora-primary)}
section[data-tag] button[data-action="show-more"]:hover{background:#f9fafb;text-decoration:underline}
svg[data-chevron]{flex-shrink:0;color:#9ca3af}
`;

/** A chevron without class attribute (see LIST_CSS). */
function Chevron({ open, size }: { open: boolean; size: number }) {
  return (
    <svg data-chevron="" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={open ? 'm6 9 6 6 6-6' : 'm9 18 6-6-6-6'} />
    </svg>
  );
}

interface TagSectionProps {
  tag: SpecTag;
  /** How many of its operations the progressive drawing allows now. */
  visible: number;
  swagger2: boolean;
  initiallyOpen: boolean;
  /** The operation to open at first (its ordinal), or null. */
  target: number | null;
}

// Open and closed states live in each section and row: opening one operation re-renders that
// row alone, never the thousand others.
const TagSection = memo(function TagSection({ tag, visible, swagger2, initiallyOpen, target }: TagSectionProps) {
  const { t } = useMessages('explorer');
  const [collapsed, setCollapsed] = useState(!initiallyOpen);
  const targetIndex = target === null ? -1 : tag.operations.findIndex((op) => op.ordinal === target);
  const [shown, setShown] = useState(() => Math.max(ROWS_WINDOW, targetIndex + 1));
  const rows = tag.operations.slice(0, Math.min(visible, shown));
  const more = tag.operations.length - shown;
  const sectionId = `tag-${tag.name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return (
    <section data-tag={tag.name} aria-labelledby={`${sectionId}-h`}>
      <h3 id={`${sectionId}-h`} data-tag-open={collapsed ? undefined : ''}>
        <button type="button" aria-expanded={!collapsed} aria-controls={sectionId} onClick={() => setCollapsed(!collapsed)}>
          <Chevron open={!collapsed} size={18} />
          <span data-tag-name="">{tag.name}</span>
          <span data-tag-count="">{t('explorer.list.count', { count: tag.operations.length })}</span>
          {tag.description && <span data-tag-desc="">{firstLine(tag.description)}</span>}
        </button>
      </h3>
      {!collapsed && (
        <ul id={sectionId} data-ops="">
          {rows.map((op) => <OperationRow key={op.ordinal} op={op} swagger2={swagger2} target={op.ordinal === target} />)}
        </ul>
      )}
      {!collapsed && more > 0 && rows.length >= shown && (
        <button type="button" data-action="show-more" onClick={() => setShown(shown + ROWS_WINDOW)}>
          {t('explorer.list.showMore', { count: Math.min(more, ROWS_WINDOW), total: tag.operations.length })}
        </button>
      )}
    </section>
  );
});

let warmedUp = false;

/** The opened-operation styles, once per page (see PanelWarmup). */
function PanelWarmupOnce() {
  const [show] = useState(() => {
    const first = !warmedUp;
    warmedUp = true;
    return first;
  });
  return show ? <PanelWarmup /> : null;
}

function firstLine(markdown: string): string {
  return markdown.split('\n').find((l) => l.trim())?.replace(/[#*_`[\]]/g, '').trim() ?? '';
}

const OperationRow = memo(function OperationRow({ op, swagger2, target }: { op: OperationSummary; swagger2: boolean; target: boolean }) {
  const { t } = useMessages('explorer');
  const [open, setOpen] = useState(target);
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (target) row.current?.scrollIntoView({ block: 'start' });
  }, [target]);
  const panelId = `op-${op.ordinal}`;
  return (
    <li ref={row} data-operation={op.ordinal} data-method={op.method} data-path={op.path} data-open={open ? '' : undefined} data-deprecated={op.deprecated ? '' : undefined}>
      <button type="button" aria-expanded={open} aria-controls={open ? panelId : undefined} onClick={() => setOpen(!open)}>
        <span data-method-badge={op.method}>{op.method}</span>
        <span data-op-text="">
          <span data-op-path="">{op.path}</span>
          <span data-op-summary="">{op.summary}</span>
        </span>
        {op.deprecated && <span data-op-flag="">{t('explorer.op.deprecated')}</span>}
        <Chevron open={open} size={16} />
      </button>
      {open && <OperationPanel id={panelId} summary={op} swagger2={swagger2} />}
    </li>
  );
});

/** The ordinal in the route's ?operation= (a search hit on an operation), or null. */
function useTargetOperation(): number | null {
  const value = useRoute().query.get(OPERATION_PARAM);
  const ordinal = value === null ? NaN : Number(value);
  return Number.isInteger(ordinal) && ordinal >= 0 ? ordinal : null;
}

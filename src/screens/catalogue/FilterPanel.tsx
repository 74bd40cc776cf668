// The filter panels of the browse screen (spec 1 §2): one section per filter, of kind checkbox,
// list, radio or category tree. Each section expands and collapses, and switches between all its
// entries and only the selected ones; the category tree has a search box (50 characters).
import { useMemo, useState, type ReactNode } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import type { BrowseState } from '../../rules/catalogueUrl.ts';
import { FILTER_SEARCH_MAX_LENGTH } from '../../rules/constants.ts';
import {
  ancestorsOf, FILTER_KIND, flattenEntries, impliedByAncestor, sectionValues, toggleValue, visibleEntries, withSectionValues,
  type FilterEntry, type FilterId, type FilterKind,
} from '../../rules/filters.ts';
import { FILTER_SEARCH_PATTERN } from '../../rules/search.ts';
import { IconSpinner } from '../../ui/icons.tsx';
import { IconChevronDown, IconChevronRight } from '../../ui/moreIcons.tsx';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { StarRating } from '../../ui/StarRating.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';

export interface SectionSource {
  entries: FilterEntry[];
  loading?: boolean;
  error?: unknown;
}

export interface FilterPanelProps {
  sections: FilterId[];
  sources: Record<FilterId, SectionSource>;
  state: BrowseState;
  onChange: (next: BrowseState) => void;
  /** Distinguishes the side bar's ids from the drawer's. */
  idBase: string;
}

export function FilterPanel({ sections, sources, state, onChange, idBase }: FilterPanelProps) {
  return (
    <div className="flex flex-col divide-y divide-gray-200" data-filter-panel="">
      {sections.map((id) => (
        <FilterSection
          key={id}
          id={id}
          idBase={idBase}
          source={sources[id]}
          selected={sectionValues(state, id)}
          onSelect={(values) => onChange(withSectionValues(state, id, values))}
        />
      ))}
    </div>
  );
}

const TITLE_KEY = {
  category: 'browse.section.category',
  stage: 'browse.section.stage',
  rating: 'browse.section.rating',
  state: 'browse.section.state',
  subscription: 'browse.section.subscription',
} as const;

interface SectionProps {
  id: FilterId;
  idBase: string;
  source: SectionSource;
  selected: string[];
  onSelect: (values: string[]) => void;
}

function FilterSection({ id, idBase, source, selected, onSelect }: SectionProps) {
  const { t } = useMessages('browse');
  const kind = FILTER_KIND[id];
  const [open, setOpen] = useState(true);
  const [selectedOnly, setSelectedOnly] = useState(false);
  const [text, setText] = useState('');
  const bodyId = `${idBase}-${id}-body`;
  const headingId = `${idBase}-${id}-heading`;
  // Radio sections always have a choice ('any'); only real choices count.
  const chosen = selected.filter((v) => v !== '');
  const onlySelected = selectedOnly && chosen.length > 0;
  const shown = useMemo(
    () => visibleEntries(source.entries, selected, { selectedOnly: onlySelected, text: kind === 'categoryTree' ? text : '' }),
    [source.entries, selected, onlySelected, text, kind],
  );
  const toggle = (value: string) => onSelect(toggleValue(kind, selected, value));

  let body: ReactNode;
  if (source.loading && source.entries.length === 0) {
    body = <p className="m-0 flex items-center gap-2 py-2 text-sm text-gray-500"><IconSpinner size={14} className="text-primary" /></p>;
  } else if (source.error && source.entries.length === 0) {
    body = <p role="alert" className="m-0 py-2 text-sm text-danger">{t('browse.section.error')}</p>;
  } else if (source.entries.length === 0) {
    body = <p className="m-0 py-2 text-sm text-gray-500">{t('browse.section.empty')}</p>;
  } else {
    body = (
      <>
        {kind === 'categoryTree' && (
          <SearchInput
            value={text}
            onChange={setText}
            maxLength={FILTER_SEARCH_MAX_LENGTH}
            pattern={FILTER_SEARCH_PATTERN}
            label={t('browse.section.find')}
            placeholder={t('browse.section.find')}
            className="mb-2"
          />
        )}
        {shown.length === 0 && text.trim() !== '' ? (
          <p className="m-0 py-1 text-sm text-gray-500">{t('browse.section.noMatch', { text: text.trim() })}</p>
        ) : (
          <Entries id={id} kind={kind} idBase={idBase} entries={shown} selected={selected} onToggle={toggle} forceOpen={onlySelected || text.trim() !== ''} />
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} data-filter-section={id} data-kind={kind} className="py-4 first:pt-0">
      <div className="flex items-center gap-2">
        <h3 id={headingId} className="m-0 flex-1 text-sm font-semibold text-gray-900">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen(!open)}
            className={cx('flex w-full items-center gap-1.5 rounded py-1 text-left hover:text-primary', FOCUS_RING)}
          >
            <span className="text-gray-400">{open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}</span>
            <span className="flex-1">{t(TITLE_KEY[id])}</span>
            {chosen.length > 0 && (
              <span className="rounded-full bg-primary px-1.5 text-[11px] font-semibold leading-5 text-white" aria-label={t('browse.section.selectedCount', { count: chosen.length })}>
                {chosen.length}
              </span>
            )}
          </button>
        </h3>
        {open && chosen.length > 0 && kind !== 'radio' && (
          <button
            type="button"
            aria-pressed={onlySelected}
            onClick={() => setSelectedOnly(!onlySelected)}
            data-selected-only-toggle=""
            className={cx('shrink-0 rounded px-1.5 py-0.5 text-xs font-medium text-primary hover:bg-primary/5', FOCUS_RING)}
          >
            {onlySelected ? t('browse.section.showAll') : t('browse.section.selectedOnly', { count: chosen.length })}
          </button>
        )}
      </div>
      <div id={bodyId} hidden={!open} className="mt-2">
        {body}
      </div>
    </section>
  );
}

interface EntriesProps {
  id: FilterId;
  kind: FilterKind;
  idBase: string;
  entries: FilterEntry[];
  selected: string[];
  onToggle: (value: string) => void;
  forceOpen: boolean;
}

function Entries({ id, kind, idBase, entries, selected, onToggle, forceOpen }: EntriesProps) {
  const { t } = useMessages('browse');
  const label = (entry: FilterEntry): string => {
    if (id === 'state') return t(`browse.state.${entry.value as 'active' | 'archived' | 'archiving' | 'deleting'}`);
    if (id === 'subscription') return t(entry.value === 'true' ? 'browse.subscription.with' : entry.value === 'false' ? 'browse.subscription.without' : 'browse.subscription.any');
    if (id === 'rating') {
      const n = Number(entry.value);
      return n === 5 ? t('browse.rating.exactly', { count: 5 }) : t('browse.rating.andUp', { count: n });
    }
    return entry.title;
  };

  if (kind === 'categoryTree') {
    return <Tree idBase={idBase} entries={entries} selected={selected} onToggle={onToggle} forceOpen={forceOpen} />;
  }
  if (kind === 'radio') {
    const value = selected[0] ?? '';
    return (
      <fieldset className="m-0 border-0 p-0">
        <legend className="sr-only">{t(TITLE_KEY[id])}</legend>
        <ul className="m-0 list-none space-y-0.5 p-0">
          {entries.map((entry) => (
            <li key={entry.value}>
              <label className="flex cursor-pointer items-center gap-2.5 rounded px-1 py-1 text-sm text-gray-700 hover:bg-gray-50">
                <input
                  type="radio"
                  name={`${idBase}-${id}`}
                  value={entry.value}
                  checked={value === entry.value}
                  onChange={() => onToggle(entry.value)}
                  className="h-4 w-4 accent-[var(--agora-primary)]"
                />
                {label(entry)}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    );
  }
  if (kind === 'list') {
    return (
      <ul className="m-0 list-none space-y-0.5 p-0">
        {entries.map((entry) => {
          const on = selected.includes(entry.value);
          const n = Number(entry.value);
          return (
            <li key={entry.value}>
              <button
                type="button"
                aria-pressed={on}
                aria-label={label(entry)}
                onClick={() => onToggle(entry.value)}
                className={cx(
                  'flex w-full items-center gap-2 rounded-md border px-2 py-1.5 text-left text-sm',
                  on ? 'border-primary/40 bg-primary/10 font-medium text-gray-900' : 'border-transparent text-gray-600 hover:bg-gray-50',
                  FOCUS_RING,
                )}
              >
                {id === 'rating' ? (
                  <>
                    <StarRating value={n} size={15} />
                    {n < 5 && <span aria-hidden="true" className="text-xs text-gray-500">{t('browse.rating.upShort')}</span>}
                  </>
                ) : (
                  label(entry)
                )}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <ul className="m-0 list-none space-y-0.5 p-0">
      {entries.map((entry) => (
        <li key={entry.value}>
          <Check label={label(entry)} count={entry.count} checked={selected.includes(entry.value)} onChange={() => onToggle(entry.value)} />
        </li>
      ))}
    </ul>
  );
}

function Check({ label, count, checked, disabled, title, onChange }: {
  label: string; count?: number; checked: boolean; disabled?: boolean; title?: string; onChange: () => void;
}) {
  const { fmt } = useMessages('browse');
  return (
    <label title={title} className={cx('flex min-w-0 flex-1 items-center gap-2.5 rounded px-1 py-1 text-sm', disabled ? 'cursor-default text-gray-400' : 'cursor-pointer text-gray-700 hover:bg-gray-50')}>
      <input type="checkbox" checked={checked} disabled={disabled} onChange={onChange} className="h-4 w-4 shrink-0 rounded accent-[var(--agora-primary)]" />
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {count !== undefined && <span className="shrink-0 text-xs tabular-nums text-gray-500">{fmt.count(count)}</span>}
    </label>
  );
}

function Tree({ idBase, entries, selected, onToggle, forceOpen }: {
  idBase: string; entries: FilterEntry[]; selected: string[]; onToggle: (value: string) => void; forceOpen: boolean;
}) {
  // Branches leading to a chosen category start open, the rest closed.
  const [expanded, setExpanded] = useState<Set<string>>(() => {
    const all = flattenEntries(entries);
    return new Set(all.filter((e) => selected.includes(e.value)).flatMap((e) => ancestorsOf(e).map((a) => a.value)));
  });
  const flip = (value: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(value)) next.delete(value);
      else next.add(value);
      return next;
    });
  return <TreeLevel idBase={idBase} entries={entries} depth={0} selected={selected} onToggle={onToggle} expanded={expanded} flip={flip} forceOpen={forceOpen} />;
}

function TreeLevel({ idBase, entries, depth, selected, onToggle, expanded, flip, forceOpen }: {
  idBase: string; entries: FilterEntry[]; depth: number; selected: string[]; onToggle: (value: string) => void;
  expanded: Set<string>; flip: (value: string) => void; forceOpen: boolean;
}) {
  const { t } = useMessages('browse');
  return (
    <ul className="m-0 list-none p-0" role={depth === 0 ? undefined : 'group'}>
      {entries.map((entry) => {
        const open = forceOpen || expanded.has(entry.value);
        const implied = impliedByAncestor(entry, selected);
        const childId = `${idBase}-cat-${entry.value}`;
        return (
          <li key={entry.value} data-category={entry.value}>
            <div className="flex items-center gap-0.5" style={{ paddingLeft: depth * 16 }}>
              {entry.children ? (
                <button
                  type="button"
                  aria-expanded={open}
                  aria-controls={childId}
                  aria-label={t(open ? 'browse.tree.collapse' : 'browse.tree.expand', { name: entry.title })}
                  onClick={() => flip(entry.value)}
                  disabled={forceOpen}
                  className={cx('flex h-6 w-6 shrink-0 items-center justify-center rounded text-gray-500 hover:bg-gray-100 disabled:opacity-40', FOCUS_RING)}
                >
                  {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                </button>
              ) : (
                <span className="w-6 shrink-0" />
              )}
              <Check
                label={entry.title}
                count={entry.count}
                checked={implied || selected.includes(entry.value)}
                disabled={implied}
                title={implied ? t('browse.tree.included', { parent: ancestorsOf(entry).find((a) => selected.includes(a.value))?.title ?? '' }) : undefined}
                onChange={() => onToggle(entry.value)}
              />
            </div>
            {entry.children && (
              <div id={childId} hidden={!open}>
                {open && (
                  <TreeLevel idBase={idBase} entries={entry.children} depth={depth + 1} selected={selected} onToggle={onToggle} expanded={expanded} flip={flip} forceOpen={forceOpen} />
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

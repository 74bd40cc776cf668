// Tabs with a roving tabindex: one Tab stop, arrow keys/Home/End move between tabs.
// Tabs switches panels in place; LinkTabs are routes (each tab is a link, the current one marked).
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useT } from './i18n.ts';
import { useUiLink } from './link.tsx';
import { cx, FOCUS_RING } from './tone.ts';

export interface TabItem {
  id: string;
  label: ReactNode;
  /** Shown as a small badge after the label (e.g. counts of the wizard's available/selected tabs). */
  count?: number;
  disabled?: boolean;
}

export interface LinkTabItem extends TabItem {
  href: string;
}

const tabClass = (selected: boolean, disabled?: boolean) =>
  cx(
    '-mb-px inline-flex items-center gap-2 whitespace-nowrap rounded-t-md border-b-2 px-3 py-2.5 text-sm font-medium transition-colors',
    selected ? 'border-primary text-primary' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900',
    disabled && 'pointer-events-none cursor-not-allowed opacity-40',
    FOCUS_RING,
  );

function Count({ value, selected }: { value: number; selected: boolean }) {
  return (
    <span
      className={cx(
        'rounded-full px-2 py-0.5 text-xs font-semibold',
        selected ? 'bg-primary text-white' : 'bg-gray-100 text-gray-600',
      )}
    >
      {value}
    </span>
  );
}

/** On a narrow screen the tab list scrolls sideways: keeps the selected tab in sight (the list
 * scrolls, never the page), so a page opened on its fifth tab shows which tab it is on. */
function useSelectedInView(list: RefObject<HTMLElement | null>, tabs: RefObject<Array<HTMLElement | null>>, selected: number, items: readonly TabItem[]): void {
  const widths = widthKey(items);
  useLayoutEffect(() => {
    const box = list.current;
    const tab = tabs.current[selected];
    if (!box || !tab || box.scrollWidth <= box.clientWidth) return;
    const outer = box.getBoundingClientRect();
    const inner = tab.getBoundingClientRect();
    const margin = 24; // a little of the next tab shows that there is more
    if (inner.left < outer.left) box.scrollLeft -= outer.left - inner.left + margin;
    else if (inner.right > outer.right) box.scrollLeft += inner.right - outer.right + margin;
  }, [list, tabs, selected, widths]);
}

/** What changes the tabs' widths: which tabs there are, and their counts (a count arriving widens
 * its tab). The selected tab is brought into sight again only then, not on every render, so a
 * list the user scrolled stays where it is. */
const widthKey = (items: readonly TabItem[]): string => items.map((item) => `${item.id}:${item.count ?? ''}`).join('|');

/** Which ends of a sideways-scrolling list hide tabs, followed as it scrolls and resizes. */
function useHiddenEnds(list: RefObject<HTMLElement | null>): { start: boolean; end: boolean } {
  const [ends, setEnds] = useState({ start: false, end: false });
  useLayoutEffect(() => {
    const box = list.current;
    if (!box) return;
    const update = () => {
      const start = box.scrollLeft > 1;
      const end = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setEnds((old) => (old.start === start && old.end === end ? old : { start, end }));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(box);
    return () => {
      box.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [list]);
  return ends;
}

/** The scroll hint of a narrow tab list: a fade with an arrow at each end that hides tabs; a
 * click scrolls that way (keyboard users move with the arrow keys). */
function ScrollHint({ list }: { list: RefObject<HTMLElement | null> }) {
  const t = useT();
  const { start, end } = useHiddenEnds(list);
  const edge = (side: 'start' | 'end') => (
    <div
      aria-hidden="true"
      data-scroll-hint={side}
      title={t('ui.tabs.scrollHint')}
      onClick={() => list.current?.scrollBy({ left: (side === 'end' ? 1 : -1) * list.current.clientWidth * 0.6, behavior: 'smooth' })}
      className={cx(
        'absolute bottom-px top-0 flex w-10 cursor-pointer items-center text-gray-500',
        side === 'end' ? 'right-0 justify-end bg-gradient-to-l' : 'left-0 justify-start bg-gradient-to-r',
        'from-white via-white/90 to-transparent',
      )}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d={side === 'end' ? 'm9 6 6 6-6 6' : 'm15 6-6 6 6 6'} />
      </svg>
    </div>
  );
  return (
    <>
      {start && edge('start')}
      {end && edge('end')}
    </>
  );
}

/** Next enabled index from `from` in direction `step`, wrapping around. */
function nextEnabled(items: readonly TabItem[], from: number, step: 1 | -1): number {
  for (let i = 1; i <= items.length; i++) {
    const index = (from + step * i + items.length) % items.length;
    if (!items[index]?.disabled) return index;
  }
  return from;
}

function targetIndex(event: KeyboardEvent, items: readonly TabItem[], current: number): number | null {
  switch (event.key) {
    case 'ArrowRight':
      return nextEnabled(items, current, 1);
    case 'ArrowLeft':
      return nextEnabled(items, current, -1);
    case 'Home':
      return nextEnabled(items, -1, 1);
    case 'End':
      return nextEnabled(items, items.length, -1);
    default:
      return null;
  }
}

export interface TabsProps {
  tabs: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix for tab and panel ids, to pair them with TabPanel. */
  idBase?: string;
  className?: string;
}

export function Tabs({ tabs, selected, onSelect, label, idBase, className }: TabsProps) {
  const fallbackBase = useId();
  const base = idBase ?? fallbackBase;
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const list = useRef<HTMLDivElement>(null);
  const current = Math.max(0, tabs.findIndex((tab) => tab.id === selected));
  useSelectedInView(list, refs, current, tabs);
  return (
    <div className={cx('relative', className)}>
    <div ref={list} role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-gray-200">
      {tabs.map((tab, index) => {
        const isSelected = index === current;
        return (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            // Only a caller that draws its panels with TabPanel (same idBase) has a panel to point at.
            aria-controls={idBase ? `${base}-panel-${tab.id}` : undefined}
            aria-selected={isSelected}
            aria-disabled={tab.disabled || undefined}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => !tab.disabled && onSelect(tab.id)}
            onKeyDown={(event) => {
              const target = targetIndex(event, tabs, index);
              if (target === null) return;
              event.preventDefault();
              refs.current[target]?.focus();
              onSelect(tabs[target]!.id);
            }}
            className={tabClass(isSelected, tab.disabled)}
          >
            {tab.label}
            {tab.count !== undefined && <Count value={tab.count} selected={isSelected} />}
          </button>
        );
      })}
    </div>
    <ScrollHint list={list} />
    </div>
  );
}

export function TabPanel({ idBase, tabId, children, className }: { idBase: string; tabId: string; children: ReactNode; className?: string }) {
  return (
    <div role="tabpanel" id={`${idBase}-panel-${tabId}`} aria-labelledby={`${idBase}-tab-${tabId}`} tabIndex={0} className={cx('outline-none', className)}>
      {children}
    </div>
  );
}

export interface LinkTabsProps {
  tabs: readonly LinkTabItem[];
  /** Id of the tab of the current route. */
  selected: string;
  label: string;
  className?: string;
}

/** Route tabs: a navigation landmark holding a tab list whose tabs are links (the current one
 * selected and aria-current="page"); arrow keys move between them, Enter follows one. */
export function LinkTabs({ tabs, selected, label, className }: LinkTabsProps) {
  const Link = useUiLink();
  const refs = useRef<Array<HTMLAnchorElement | null>>([]);
  const list = useRef<HTMLUListElement>(null);
  const current = Math.max(0, tabs.findIndex((tab) => tab.id === selected));
  useSelectedInView(list, refs, current, tabs);
  return (
    <nav aria-label={label} className={cx('relative border-b border-gray-200', className)}>
      <ul ref={list} role="tablist" aria-label={label} className="m-0 flex list-none gap-1 overflow-x-auto p-0">
        {tabs.map((tab, index) => {
          const isSelected = index === current;
          return (
            <li key={tab.id} role="presentation" className="flex">
              {tab.disabled ? (
                <span role="tab" aria-selected={false} aria-disabled="true" className={tabClass(false, true)}>
                  {tab.label}
                </span>
              ) : (
                <Link
                  ref={(el: HTMLAnchorElement | null) => {
                    refs.current[index] = el;
                  }}
                  href={tab.href}
                  role="tab"
                  aria-selected={isSelected}
                  aria-current={isSelected ? 'page' : undefined}
                  tabIndex={isSelected ? 0 : -1}
                  onKeyDown={(event) => {
                    const target = targetIndex(event, tabs, index);
                    if (target === null) return;
                    event.preventDefault();
                    refs.current[target]?.focus();
                  }}
                  className={tabClass(isSelected)}
                >
                  {tab.label}
                  {tab.count !== undefined && <Count value={tab.count} selected={isSelected} />}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
      <ScrollHint list={list} />
    </nav>
  );
}

// The top navigation of wide screens (992 px and up). Entries that do not fit the room left by
// the site name and the buttons on the right go into a "More" menu. The room and the entries'
// widths are measured (a hidden copy of the row, observed for size changes), never guessed from
// a breakpoint: the labels' lengths depend on the locale, the provider's nav items and fonts.
import { useLayoutEffect, useRef, useState } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import type { NavEntry, sectionOf } from '../../rules/navigation.ts';
import { Link } from '../../router/context.tsx';
import { cx } from '../../ui/tone.ts';
import { IconChevron, IconExternal } from './icons.tsx';
import { useDisclosure } from './useDisclosure.ts';

const FOCUS = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-on-heading/70';
const ITEM = 'relative flex items-center gap-1.5 whitespace-nowrap px-3 text-sm font-medium no-underline transition-colors';
/** The list's gap-1, in px, between measured entries. */
const GAP = 4;

export interface TopNavProps {
  entries: NavEntry[];
  current: ReturnType<typeof sectionOf>;
  label: (entry: NavEntry) => string;
}

/** How many entries fit in `room` px, leaving space for the More button when some do not. */
export function fittingCount(widths: readonly number[], room: number, moreWidth: number): number {
  const total = widths.reduce((sum, w) => sum + w, 0) + GAP * Math.max(0, widths.length - 1);
  if (total <= room) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const w of widths) {
    if (used + GAP + w > room) break;
    used += GAP + w;
    count++;
  }
  return count;
}

export function TopNav({ entries, current, label }: TopNavProps) {
  const { t } = useMessages();
  const nav = useRef<HTMLElement>(null);
  const ruler = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(entries.length);
  const labels = entries.map(label).join('\n');

  useLayoutEffect(() => {
    const box = nav.current;
    const copy = ruler.current;
    if (!box || !copy) return;
    const measure = () => {
      const items = [...copy.querySelectorAll<HTMLElement>('[data-entry]')].map((el) => el.getBoundingClientRect().width);
      const more = copy.querySelector<HTMLElement>('[data-more]')?.getBoundingClientRect().width ?? 0;
      setShown(fittingCount(items, box.clientWidth, more));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    observer.observe(copy);
    return () => observer.disconnect();
  }, [labels]);

  const visible = entries.slice(0, shown);
  const hidden = entries.slice(shown);
  const isActive = (entry: NavEntry) => entry.section !== null && entry.section === current;

  return (
    <nav ref={nav} aria-label={t('shell.nav.label')} className="relative hidden h-full min-w-0 flex-1 nav:flex">
      <ul className="m-0 flex h-full list-none items-stretch gap-1 p-0">
        {visible.map((entry) => (
          <li key={entry.id} className="flex">
            <TopLink entry={entry} active={isActive(entry)} label={label(entry)} />
          </li>
        ))}
        {hidden.length > 0 && (
          <li className="flex">
            <MoreMenu entries={hidden} isActive={isActive} label={label} />
          </li>
        )}
      </ul>
      {/* The ruler: every entry and the More button at their natural widths, out of sight. */}
      <div ref={ruler} aria-hidden="true" className="invisible pointer-events-none absolute left-0 top-0 flex h-0 gap-1 overflow-hidden">
        {entries.map((entry) => (
          <span key={entry.id} data-entry className={ITEM}>
            {label(entry)}
            {entry.newTab && <IconExternal size={13} />}
          </span>
        ))}
        <span data-more className={ITEM}>{t('shell.nav.more')}<IconChevron size={14} /></span>
      </div>
    </nav>
  );
}

function TopLink({ entry, active, label }: { entry: NavEntry; active: boolean; label: string }) {
  const { t } = useMessages();
  const className = cx(ITEM, active ? 'text-on-heading' : 'text-on-heading/75 hover:text-on-heading', FOCUS);
  if (entry.external) {
    return (
      <a
        href={entry.href}
        className={className}
        {...(entry.newTab ? { target: '_blank', rel: 'noopener noreferrer', 'aria-label': t('shell.nav.newTab', { text: label }) } : {})}
      >
        {label}
        {entry.newTab && <IconExternal size={13} />}
      </a>
    );
  }
  return (
    <Link to={entry.href} className={className} aria-current={active ? 'page' : undefined}>
      {label}
      {active && <span aria-hidden="true" className="absolute inset-x-3 bottom-0 h-0.5 rounded-t bg-primary" />}
    </Link>
  );
}

/** The entries that did not fit, in a disclosure below a "More" button (marked when the current
 * page is one of them). */
function MoreMenu({ entries, isActive, label }: { entries: NavEntry[]; isActive: (entry: NavEntry) => boolean; label: (entry: NavEntry) => string }) {
  const { t } = useMessages();
  const { open, close, buttonProps, panelProps } = useDisclosure<HTMLUListElement>();
  const holdsCurrent = entries.some(isActive);
  const itemClass = 'flex items-center gap-1.5 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-gray-800 no-underline hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary';

  return (
    <div className="relative flex">
      <button
        {...buttonProps}
        data-testid="nav-more"
        className={cx(ITEM, 'border-0 bg-transparent', holdsCurrent || open ? 'text-on-heading' : 'text-on-heading/75 hover:text-on-heading', FOCUS)}
      >
        {t('shell.nav.more')}
        <IconChevron size={14} className={cx('transition-transform', open && 'rotate-180')} />
        {holdsCurrent && <span aria-hidden="true" className="absolute inset-x-3 bottom-0 h-0.5 rounded-t bg-primary" />}
      </button>
      <ul
        {...panelProps}
        className="absolute right-0 top-full z-40 m-0 mt-1 min-w-[12rem] list-none rounded-lg border border-gray-200 bg-white p-1.5 shadow-xl"
      >
        {entries.map((entry) => {
          const text = label(entry);
          return (
            <li key={entry.id}>
              {entry.external ? (
                <a
                  href={entry.href}
                  onClick={close}
                  className={itemClass}
                  {...(entry.newTab ? { target: '_blank', rel: 'noopener noreferrer', 'aria-label': t('shell.nav.newTab', { text }) } : {})}
                >
                  {text}
                  {entry.newTab && <IconExternal size={13} />}
                </a>
              ) : (
                <Link to={entry.href} onClick={close} aria-current={isActive(entry) ? 'page' : undefined} className={cx(itemClass, isActive(entry) && 'font-semibold text-primary-ink')}>
                  {text}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

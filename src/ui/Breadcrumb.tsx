// Breadcrumb header: the trail to the current page, its title and the page's actions.
import type { ReactNode } from 'react';
import { useT } from './i18n.ts';
import { IconChevronRight } from './moreIcons.tsx';
import { useUiLink } from './link.tsx';
import { cx, FOCUS_RING } from './tone.ts';

export interface BreadcrumbItem {
  label: ReactNode;
  /** In-app path (or absolute URL); the last item is the current page and is never a link. */
  href?: string;
  onClick?: () => void;
}

export function Breadcrumb({ items, className }: { items: readonly BreadcrumbItem[]; className?: string }) {
  const t = useT();
  const Link = useUiLink();
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('ui.breadcrumb.label')} className={className}>
      <ol className="m-0 flex list-none flex-wrap items-center gap-1 p-0 text-sm text-gray-500">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          const linkClass = cx('rounded text-gray-600 underline-offset-2 hover:text-primary hover:underline', FOCUS_RING);
          return (
            <li key={index} className="flex min-w-0 items-center gap-1">
              {last ? (
                <span aria-current="page" className="truncate font-medium text-gray-900">
                  {item.label}
                </span>
              ) : item.href ? (
                <Link href={item.href} onClick={item.onClick} className={cx('truncate', linkClass)}>
                  {item.label}
                </Link>
              ) : item.onClick ? (
                <button type="button" onClick={item.onClick} className={cx('truncate', linkClass)}>
                  {item.label}
                </button>
              ) : (
                <span className="truncate">{item.label}</span>
              )}
              {!last && <IconChevronRight size={14} className="shrink-0 text-gray-400" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export interface BreadcrumbHeaderProps {
  items: readonly BreadcrumbItem[];
  title?: ReactNode;
  /** Under the title: a description, a state label… */
  subtitle?: ReactNode;
  /** Right-aligned buttons. */
  actions?: ReactNode;
  className?: string;
}

export function BreadcrumbHeader({ items, title, subtitle, actions, className }: BreadcrumbHeaderProps) {
  return (
    <header className={cx('border-b border-gray-200 bg-white px-4 py-4 sm:px-6', className)}>
      <Breadcrumb items={items} />
      {(title || actions) && (
        <div className="mt-2 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 flex-1">
            {title && <h1 className="m-0 break-words text-2xl font-semibold leading-8 text-gray-900">{title}</h1>}
            {subtitle && <div className="mt-1 text-sm text-gray-600">{subtitle}</div>}
          </div>
          {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
        </div>
      )}
    </header>
  );
}

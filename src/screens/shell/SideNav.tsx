// Side navigation of signed-in users: Home, Applications, Subscriptions, Credentials, Access
// Requests and Consumer Insights (with its sub-pages), a collapse toggle kept across visits,
// and the version footer.
import { useState, type ComponentType } from 'react';
import { useSession } from '../../api/auth.ts';
import type { SiteSettings } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import { sideLabel } from './sideLabel.ts';
import { APP_VERSION } from '../../rules/constants.ts';
import { sideNavigation, sideNavOf, type SideNavEntry, type SideNavId } from '../../rules/sideNavigation.ts';
import { isConsumer, isProviderAdministrator } from '../../rules/roles.ts';
import type { RouteMatch } from '../../rules/routes.ts';
import { Link } from '../../router/context.tsx';
import { cx } from '../../ui/tone.ts';
import { IconChevron } from './icons.tsx';
import { IconApprovals, IconApps, IconChart, IconHome, IconKey, IconRequests, IconSidebar, IconSubscriptions } from './sideIcons.tsx';

const COLLAPSED_KEY = 'agora-sidenav-collapsed';

const ICONS: Partial<Record<SideNavId, ComponentType<{ size?: number }>>> = {
  home: IconHome,
  applications: IconApps,
  subscriptions: IconSubscriptions,
  credentials: IconKey,
  registrations: IconRequests,
  approvals: IconApprovals,
  insights: IconChart,
};


function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function SideNav({ settings, match }: { settings: SiteSettings; match: RouteMatch }) {
  const { t } = useMessages();
  const { data: session } = useSession();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const current = sideNavOf(match.name);
  const entries = sideNavigation({ consumerEnabled: settings.consumer, isConsumer: isConsumer(session), isProviderAdministrator: isProviderAdministrator(session) });
  const insightsOpenByRoute = current?.startsWith('insights.') ?? false;
  const [insightsOpen, setInsightsOpen] = useState(true);

  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(COLLAPSED_KEY, String(next));
    } catch {
      // Not kept across visits when storage is unavailable.
    }
  };

  return (
    <aside
      data-collapsed={collapsed ? 'true' : 'false'}
      className={cx(
        'agora-sidenav hidden shrink-0 border-r border-gray-200 bg-white nav:flex nav:flex-col transition-[width] duration-200',
        collapsed ? 'w-[72px]' : 'w-64',
      )}
    >
      <nav aria-label={t('shell.side.label')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="m-0 list-none space-y-1 p-0">
          {entries.map((entry) =>
            entry.children ? (
              <li key={entry.id}>
                <div className="flex items-center">
                  <SideLink entry={entry} collapsed={collapsed} current={insightsOpenByRoute && collapsed} label={sideLabel(t, entry.id)} />
                  {!collapsed && (
                    <button
                      type="button"
                      aria-expanded={insightsOpen}
                      aria-label={t('shell.side.showSub', { section: sideLabel(t, entry.id) })}
                      onClick={() => setInsightsOpen((o) => !o)}
                      className="ml-1 grid h-8 w-8 shrink-0 place-items-center rounded-md text-gray-500 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
                    >
                      <IconChevron size={16} className={cx('transition-transform', insightsOpen ? 'rotate-180' : '')} />
                    </button>
                  )}
                </div>
                {!collapsed && insightsOpen && (
                  <ul className="m-0 mt-1 list-none space-y-0.5 border-l border-gray-200 py-0 pl-0 ml-[21px]">
                    {entry.children.map((child) => (
                      <li key={child.id}>
                        <Link
                          to={child.href}
                          aria-current={child.id === current ? 'page' : undefined}
                          className={cx(
                            '-ml-px flex items-center border-l-2 py-1.5 pl-4 pr-2 text-sm no-underline transition-colors',
                            child.id === current
                              ? 'border-primary font-semibold text-primary'
                              : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900',
                            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary',
                          )}
                        >
                          {sideLabel(t, child.id)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ) : (
              <li key={entry.id}>
                <SideLink entry={entry} collapsed={collapsed} current={entry.id === current} label={sideLabel(t, entry.id)} />
              </li>
            ),
          )}
        </ul>
      </nav>
      <div className={cx('flex items-center border-t border-gray-200 px-3 py-3', collapsed ? 'flex-col gap-2' : 'justify-between')}>
        <span data-testid="app-version" className="text-xs text-gray-500" title={t('shell.version', { version: APP_VERSION })}>
          {collapsed ? APP_VERSION : t('shell.version', { version: APP_VERSION })}
        </span>
        <button
          type="button"
          onClick={toggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? t('shell.side.expand') : t('shell.side.collapse')}
          title={collapsed ? t('shell.side.expand') : t('shell.side.collapse')}
          className="grid h-8 w-8 place-items-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
        >
          <IconSidebar size={18} />
        </button>
      </div>
    </aside>
  );
}

function SideLink({ entry, collapsed, current, label }: { entry: SideNavEntry; collapsed: boolean; current: boolean; label: string }) {
  const Icon = ICONS[entry.id];
  return (
    <Link
      to={entry.href}
      aria-current={current ? 'page' : undefined}
      aria-label={collapsed ? label : undefined}
      title={collapsed ? label : undefined}
      className={cx(
        'flex min-w-0 flex-1 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium no-underline transition-colors',
        collapsed && 'justify-center px-0',
        current ? 'bg-primary/10 text-primary' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary',
      )}
    >
      {Icon && <span className="shrink-0"><Icon size={20} /></span>}
      {!collapsed && <span className="truncate">{label}</span>}
    </Link>
  );
}

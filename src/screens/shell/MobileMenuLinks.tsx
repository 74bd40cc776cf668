// The small-screen menu's links (below 992 px): the top navigation's entries, the signed-in side
// navigation's, and the language choice on phones. Loaded with the menu's first opening, so the
// landing route does not carry it.
import { useSession } from '../../api/auth.ts';
import type { SiteSettings } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import type { NavEntry, sectionOf } from '../../rules/navigation.ts';
import { sideNavigation, sideNavOf, type SideNavEntry } from '../../rules/sideNavigation.ts';
import { isConsumer, isProviderAdministrator } from '../../rules/roles.ts';
import type { RouteMatch } from '../../rules/routes.ts';
import { Link } from '../../router/context.tsx';
import { useSignedIn } from '../../state/store.ts';
import { IconExternal } from './icons.tsx';
import { LocaleSwitcher } from './LocaleSwitcher.tsx';
import { sideLabel } from './sideLabel.ts';

export default function MobileMenuLinks({ settings, entries, current, match, label, close }: {
  settings: SiteSettings;
  entries: NavEntry[];
  current: ReturnType<typeof sectionOf>;
  match: RouteMatch;
  label: (entry: NavEntry) => string;
  close: () => void;
}) {
  const { t } = useMessages();
  const signedIn = useSignedIn();
  const { data: session } = useSession();
  const side: SideNavEntry[] = signedIn ? sideNavigation({ consumerEnabled: settings.consumer, isConsumer: isConsumer(session), isProviderAdministrator: isProviderAdministrator(session) }) : [];
  const currentSide = sideNavOf(match.name);

  const item = (key: string, text: string, to: string, isCurrent: boolean, external?: NavEntry) => (
    <li key={key}>
      {isCurrent ? (
        // The page the visitor is on is shown but disabled.
        <a aria-disabled="true" aria-current="page" className="flex cursor-default items-center rounded-md bg-gray-100 px-3 py-2.5 text-sm font-semibold text-gray-600">
          {text}
        </a>
      ) : external?.external ? (
        <a
          href={external.href}
          onClick={close}
          className="flex items-center gap-1.5 rounded-md px-3 py-2.5 text-sm font-medium text-gray-800 no-underline hover:bg-gray-100"
          {...(external.newTab ? { target: '_blank', rel: 'noopener noreferrer', 'aria-label': t('shell.nav.newTab', { text }) } : {})}
        >
          {text}
          {external.newTab && <IconExternal size={13} />}
        </a>
      ) : (
        <Link to={to} onClick={close} className="flex items-center rounded-md px-3 py-2.5 text-sm font-medium text-gray-800 no-underline hover:bg-gray-100">
          {text}
        </Link>
      )}
    </li>
  );

  return (
    <>
      <nav aria-label={t('shell.nav.label')}>
        <ul className="m-0 list-none space-y-0.5 p-0">
          {entries.map((entry) => item(entry.id, label(entry), entry.href, entry.section !== null && entry.section === current, entry))}
        </ul>
      </nav>
      {side.length > 0 && (
        <nav aria-label={t('shell.side.label')} className="mt-3 border-t border-gray-100 pt-3">
          <p className="m-0 px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-gray-500">{t('shell.side.label')}</p>
          <ul className="m-0 list-none space-y-0.5 p-0">
            {side.map((entry) =>
              entry.children ? (
                <li key={entry.id}>
                  <p className="m-0 px-3 pb-0.5 pt-2.5 text-sm font-medium text-gray-500">{sideLabel(t, entry.id)}</p>
                  <ul className="m-0 list-none space-y-0.5 py-0 pl-3">
                    {entry.children.map((child) => item(child.id, sideLabel(t, child.id), child.href, child.id === currentSide))}
                  </ul>
                </li>
              ) : (
                item(entry.id, sideLabel(t, entry.id), entry.href, entry.id === currentSide)
              ),
            )}
          </ul>
        </nav>
      )}
      <div className="mt-3 flex items-center justify-between border-t border-gray-100 px-3 pt-3 sm:hidden">
        <span className="text-sm text-gray-600">{t('shell.locale.label')}</span>
        <div className="rounded-md bg-heading">
          <LocaleSwitcher />
        </div>
      </div>
    </>
  );
}

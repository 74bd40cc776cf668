// The top bar: site name, navigation from nav_items with the built-in rules (spec 1 §2), the
// language choice, and sign-in or the account menu. From 992 px the navigation is TopNav (what
// does not fit goes under More); below, it becomes a dropdown in which the current page's entry
// is disabled.
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { siteName, useMarketplace, type SiteSettings } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import { sectionOf, sideNavigation, sideNavOf, topNavigation, type NavEntry, type SideNavEntry } from '../../rules/navigation.ts';
import { isConsumer, isProviderAdministrator } from '../../rules/roles.ts';
import { signInPath, type RouteMatch } from '../../rules/routes.ts';
import { Link } from '../../router/context.tsx';
import { useSignedIn } from '../../state/store.ts';
import { useSession } from '../../api/auth.ts';
import { cx } from '../../ui/tone.ts';
import { IconChevron, IconExternal, IconLogin, IconMenu } from './icons.tsx';
import { LocaleSwitcher } from './LocaleSwitcher.tsx';
import { TopNav } from './TopNav.tsx';
import { useDismiss } from './useDismiss.ts';
import { sideLabel } from './sideLabel.ts';

// Only signed-in users see it: visitors never download it.
const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));
// Signed-in users of a marketplace with AI on: the assistant's button, its conversation a chunk further.
const AssistantButton = lazy(() => import('../assistant/AssistantButton.tsx'));

const FOCUS = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-on-heading/70';

export function useEntryLabel(): (entry: NavEntry) => string {
  const { t } = useMessages();
  return (entry) => (entry.builtIn ? t(`shell.nav.${entry.builtIn}`) : entry.text ?? entry.href);
}

function here(match: RouteMatch): string {
  return match.search ? `${match.path}?${match.search}` : match.path;
}

export function TopBar({ settings, match }: { settings: SiteSettings; match: RouteMatch }) {
  const { t } = useMessages();
  const signedIn = useSignedIn();
  const entries = topNavigation(settings, signedIn);
  const current = sectionOf(match.name);
  const label = useEntryLabel();
  const name = siteName(settings);
  const onSignIn = match.name === 'signin';
  const aiEnabled = useMarketplace().data?.ai.enabled === true;

  return (
    <header className="agora-topbar relative z-30 bg-heading text-on-heading shadow-sm">
      <div className="flex h-16 items-center gap-3 px-4 nav:gap-6 nav:px-6">
        <Link
          to="/"
          className={cx('flex min-w-0 items-center gap-2.5 rounded-md text-on-heading no-underline nav:max-w-[18rem] nav:shrink-0', FOCUS)}
        >
          <span aria-hidden="true" className="grid h-9 w-9 shrink-0 place-items-center rounded-lg bg-primary text-base font-bold text-on-primary shadow-inner">
            {name.trim().charAt(0).toUpperCase()}
          </span>
          <span data-testid="site-name" className="truncate text-lg font-semibold tracking-tight">{name}</span>
        </Link>

        <TopNav entries={entries} current={current} label={label} />

        <div className="ml-auto flex shrink-0 items-center gap-2">
          {signedIn && aiEnabled && (
            <Suspense fallback={null}>
              <AssistantButton look="header" />
            </Suspense>
          )}
          <LocaleSwitcher className="hidden sm:flex" />
          {signedIn ? (
            <Suspense fallback={<span className="block h-8 w-8 rounded-full bg-on-heading/20" />}>
              <UserMenu settings={settings} />
            </Suspense>
          ) : (
            !onSignIn && <SignInButton settings={settings} to={signInPath(here(match))} />
          )}
          <MobileMenu settings={settings} entries={entries} current={current} match={match} label={label} />
        </div>
      </div>
    </header>
  );
}

/** 'Sign in', or 'Sign in / Register' when sign-up is on, in the provider's header button look. */
function SignInButton({ settings, to }: { settings: SiteSettings; to: string }) {
  const { t } = useMessages();
  const solid = settings.appearance.button_format === 'solid';
  const radius = { pill: 'rounded-full', rounded: 'rounded-md', square: 'rounded-none' }[settings.appearance.button_radius] ?? 'rounded-md';
  const text = settings.signup ? t('shell.signInRegister') : t('shell.signIn');
  return (
    <Link
      to={to}
      aria-label={text}
      className={cx(
        'inline-flex h-9 items-center gap-2 whitespace-nowrap border px-2.5 text-sm font-semibold no-underline transition sm:px-4',
        radius,
        solid ? 'border-button bg-button text-on-button hover:brightness-110' : 'border-on-heading/70 bg-transparent text-on-heading hover:bg-on-heading/10',
        FOCUS,
      )}
    >
      <IconLogin size={16} />
      <span className="hidden sm:inline">{text}</span>
    </Link>
  );
}

function MobileMenu({ settings, entries, current, match, label }: {
  settings: SiteSettings;
  entries: NavEntry[];
  current: ReturnType<typeof sectionOf>;
  match: RouteMatch;
  label: (entry: NavEntry) => string;
}) {
  const { t } = useMessages();
  const signedIn = useSignedIn();
  const { data: session } = useSession();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, panel, button);
  const id = useId();
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
    <div className="nav:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('shell.nav.menu')}
        onClick={() => setOpen((o) => !o)}
        className={cx('inline-flex h-9 items-center gap-1.5 rounded-md border border-on-heading/25 px-2.5 text-sm font-medium text-on-heading hover:bg-on-heading/10', FOCUS)}
      >
        <IconMenu size={16} />
        <span className="hidden sm:inline">{t('shell.nav.menu')}</span>
        <IconChevron size={14} className={cx('hidden transition-transform sm:block', open && 'rotate-180')} />
      </button>
      <div
        ref={panel}
        id={id}
        hidden={!open}
        className="absolute inset-x-0 top-16 z-40 max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-gray-200 bg-white p-3 text-gray-900 shadow-xl"
      >
        {open && (
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
        )}
      </div>
    </div>
  );
}

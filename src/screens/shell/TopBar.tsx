// The top bar: site name, navigation from nav_items with the built-in rules (spec 1 §2), the
// language choice, and sign-in or the account menu. From 992 px the navigation is TopNav (what
// does not fit goes under More); below, it becomes a dropdown in which the current page's entry
// is disabled.
import { lazy, Suspense } from 'react';
import { siteName, useMarketplace, type SiteSettings } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import { sectionOf, topNavigation, type NavEntry } from '../../rules/navigation.ts';
import { signInPath, type RouteMatch } from '../../rules/routes.ts';
import { Link } from '../../router/context.tsx';
import { useSignedIn } from '../../state/store.ts';
import { cx } from '../../ui/tone.ts';
import { IconChevron, IconLogin, IconMenu } from './icons.tsx';
import { LocaleSwitcher } from './LocaleSwitcher.tsx';
import { TopNav } from './TopNav.tsx';
import { useDisclosure } from './useDisclosure.ts';

// Only signed-in users see it: visitors never download it.
const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));
// Signed-in users of a marketplace with AI on: the assistant's button, its conversation a chunk further.
const AssistantButton = lazy(() => import('../assistant/AssistantButton.tsx'));
// The small-screen menu's links: with its first opening (or a pointer or focus on its button before).
const loadMenuLinks = () => import('./MobileMenuLinks.tsx');
const MobileMenuLinks = lazy(loadMenuLinks);
const preloadMenuLinks = () => void loadMenuLinks().catch(() => undefined);

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
  const { open, close, buttonProps, panelProps } = useDisclosure<HTMLDivElement>();

  return (
    <div className="nav:hidden">
      <button
        {...buttonProps}
        aria-label={t('shell.nav.menu')}
        // The links arrive with the first opening; a pointer or focus on the button starts their load.
        onPointerEnter={preloadMenuLinks}
        onFocus={preloadMenuLinks}
        className={cx('inline-flex h-9 items-center gap-1.5 rounded-md border border-on-heading/25 px-2.5 text-sm font-medium text-on-heading hover:bg-on-heading/10', FOCUS)}
      >
        <IconMenu size={16} />
        <span className="hidden sm:inline">{t('shell.nav.menu')}</span>
        <IconChevron size={14} className={cx('hidden transition-transform sm:block', open && 'rotate-180')} />
      </button>
      <div
        {...panelProps}
        className="absolute inset-x-0 top-16 z-40 max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-gray-200 bg-white p-3 text-gray-900 shadow-xl"
      >
        {open && (
          <Suspense fallback={null}>
            <MobileMenuLinks settings={settings} entries={entries} current={current} match={match} label={label} close={close} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

// The portal frame: skip link, top bar, side navigation (signed in), and the main region.
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import type { SiteSettings } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import type { RouteMatch } from '../../rules/routes.ts';
import type { Layout } from '../../router/screens.ts';
import { useSignedIn } from '../../state/store.ts';
import { cx } from '../../ui/tone.ts';
import { TopBar } from './TopBar.tsx';

// Only signed-in users see it: visitors never download it.
const SideNav = lazy(() => import('./SideNav.tsx').then((m) => ({ default: m.SideNav })));

export interface PortalLayoutProps {
  settings: SiteSettings;
  match: RouteMatch;
  layout: Layout;
  /** History mode: the portal fills the window; hash mode: it sits in the host page's box. */
  fullPage: boolean;
  children: ReactNode;
}

export function PortalLayout({ settings, match, layout, fullPage, children }: PortalLayoutProps) {
  const { t } = useMessages();
  const signedIn = useSignedIn();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  // After an in-app navigation: bring the top of the page into view and move focus to the new
  // content, so keyboard and screen-reader users start where the page starts.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const el = main.current;
    if (!el) return;
    if (el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [match.path]);

  const showSide = signedIn && layout === 'portal';
  return (
    <div className={cx('agora-portal flex flex-col bg-surface text-gray-900', fullPage && 'min-h-screen')}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary focus:shadow-lg"
        onClick={(event) => {
          // Fragments do not reach into shadow roots (and hash mode owns the fragment).
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {t('shell.skipToContent')}
      </a>
      <TopBar settings={settings} match={match} />
      <div className="flex min-h-0 flex-1">
        {showSide && (
          <Suspense fallback={<div className="hidden w-64 shrink-0 border-r border-gray-200 bg-white nav:block" />}>
            <SideNav settings={settings} match={match} />
          </Suspense>
        )}
        <main
          ref={main}
          id="main"
          tabIndex={-1}
          data-route={match.name}
          className={cx('agora-main min-w-0 flex-1 focus:outline-none', layout === 'focus' && 'bg-container')}
        >
          {children}
        </main>
      </div>
    </div>
  );
}

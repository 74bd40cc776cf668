// <agora-portal>: the full portal. Keeps the route in the address (history mode under a base
// path, or hash mode for CMS pages), applies the start-up and redirect rules of the spec, and
// shows the screen of the route inside the shell (top bar, side navigation).
import { lazy, Suspense, useContext, useEffect, useMemo, useState } from 'react';
import { useMarketplace, siteName, type SiteSettings } from '../../api/marketplace.ts';
import { LocaleContext, useMessages } from '../../i18n/intl.ts';
import { matchPath, resolveRoute, signInPath, splitLocation, type Resolved, type RouteContext as RedirectContext } from '../../rules/routes.ts';
import { NavigatorContext, RouteContext, type Navigator } from '../../router/context.tsx';
import { createPortalHistory, type RouterMode } from '../../router/history.ts';
import { preloadScreen, SCREENS, type ScreenEntry } from '../../router/screens.ts';
import { clearSessionExpired, useAgora, useSignedIn } from '../../state/store.ts';
import { createLeaveGuards, LeaveGuardContext } from '../../ui/leaveGuards.ts';
import { Spinner } from './Spinner.tsx';
import { PortalLayout } from './Layout.tsx';
import { RouteView } from './RouteView.tsx';

// Shown only when the marketplace cannot be read.
const MarketplaceError = lazy(() => import('./MarketplaceError.tsx').then((m) => ({ default: m.MarketplaceError })));

export interface PortalProps {
  /** History mode: the path the portal lives under, e.g. '/portal' (default '/'). */
  basePath?: string;
  /** 'hash' keeps the route in the URL fragment (#/browseProducts), for pages that own their URL. */
  router?: string;
}

export default function Portal({ basePath, router }: PortalProps) {
  const mode: RouterMode = router === 'hash' ? 'hash' : 'history';
  const history = useMemo(() => createPortalHistory(mode, basePath), [mode, basePath]);
  const [location, setLocation] = useState(() => history.read());
  const locale = useContext(LocaleContext);
  // The screen of the address, and its texts, start loading with the marketplace settings instead
  // of after them (the settings may still redirect elsewhere, which then loads on its own).
  useState(() => {
    const [path, search] = splitLocation(location);
    const match = matchPath(path, search);
    if (match) void preloadScreen(SCREENS[match.name], locale);
  });

  // The portal in history mode owns the page: the document's language is the portal's, so the
  // browser, screen readers and translators read it right. A hash-mode portal or a stand-alone
  // element lives on someone else's page and leaves <html lang> alone.
  useEffect(() => {
    if (mode === 'history' && typeof document !== 'undefined') document.documentElement.lang = locale;
  }, [mode, locale]);

  useEffect(() => {
    setLocation(history.read());
    return history.listen(() => setLocation(history.read()));
  }, [history]);

  // A screen with unsaved edits (the access wizard, a form) is asked before any in-app navigation.
  const guards = useMemo(() => createLeaveGuards(), []);
  const navigator = useMemo<Navigator>(
    () => ({
      inPortal: true,
      href: history.href,
      navigate(to, options) {
        if (to === history.read()) return;
        guards.ask(() => {
          if (options?.replace) history.replace(to);
          else history.push(to);
          setLocation(history.read());
        });
      },
    }),
    [history, guards],
  );

  return (
    <NavigatorContext.Provider value={navigator}>
      <LeaveGuardContext.Provider value={guards}>
        <Shell location={location} mode={mode} />
      </LeaveGuardContext.Provider>
    </NavigatorContext.Provider>
  );
}

function fragmentOf(location: string): string {
  const i = location.indexOf('#');
  return i < 0 ? '' : location.slice(i + 1);
}

function Shell({ location, mode }: { location: string; mode: RouterMode }) {
  const { t } = useMessages();
  const marketplace = useMarketplace();
  const signedIn = useSignedIn();
  const navigator = useNavigatorStrict();
  const settings = marketplace.data?.settings;

  const resolved = useMemo(() => {
    if (!settings) return null;
    const ctx: RedirectContext = {
      signedIn,
      isPublic: settings.public,
      landing: settings.landing,
      ratingsEnabled: settings.reviews.enabled,
    };
    return resolveRoute(location, ctx);
  }, [location, settings, signedIn]);

  // Redirects replace the address, so Back does not bounce through them.
  useEffect(() => {
    if (resolved?.redirected) navigator.navigate(resolved.location, { replace: true });
  }, [resolved, navigator]);

  // A failed token refresh ended the session: go to sign-in (saying why), then come back here.
  const expired = useAgora((s) => s.sessionExpired);
  useEffect(() => {
    if (!expired || !resolved) return;
    clearSessionExpired();
    const [path, search] = splitLocation(resolved.location);
    const query = new URLSearchParams(search);
    const returnTo = path === '/signin' ? query.get('returnTo') ?? '/' : resolved.location;
    const target = signInPath(returnTo);
    navigator.navigate(target + (target.includes('?') ? '&' : '?') + 'reason=expired', { replace: true });
  }, [expired, resolved, navigator]);

  // The page title is the provider's site name, when the portal owns the page.
  const name = siteName(settings);
  useEffect(() => {
    if (mode === 'history' && settings) document.title = name;
  }, [mode, name, settings]);

  if (!settings) {
    if (marketplace.error) {
      return (
        <Suspense fallback={null}>
          <MarketplaceError error={marketplace.error} onRetry={() => void marketplace.mutate()} />
        </Suspense>
      );
    }
    return (
      <div className={mode === 'history' ? 'min-h-screen bg-surface' : 'bg-surface'}>
        <div className="h-16 bg-heading" />
        <Spinner label={t('common.loading')} />
      </div>
    );
  }
  const match = resolved!.match;
  const entry = SCREENS[match.name];
  return <ShellFrame entry={entry} location={location} resolved={resolved!} mode={mode} settings={settings} />;
}

/**
 * The layout around the route's screen. The first screen shows once its chunk and texts are
 * there (a spinner in the layout until then), not through a Suspense fallback: a fallback once
 * shown makes React hold the content back for up to 300 ms when it arrives.
 */
function ShellFrame({ entry, location, resolved, mode, settings }: {
  entry: ScreenEntry; location: string; resolved: Resolved; mode: RouterMode; settings: SiteSettings;
}) {
  const { t } = useMessages();
  const locale = useContext(LocaleContext);
  const [firstShown, setFirstShown] = useState(false);
  useEffect(() => {
    if (firstShown) return;
    let live = true;
    void preloadScreen(entry, locale).then(() => {
      if (live) setFirstShown(true);
    });
    return () => {
      live = false;
    };
  }, [entry, locale, firstShown]);
  const match = resolved.match;
  const routeState = {
    match,
    query: new URLSearchParams(match.search),
    fragment: resolved.redirected ? '' : fragmentOf(location),
  };
  return (
    <RouteContext.Provider value={routeState}>
      <PortalLayout settings={settings} match={match} layout={entry.layout} fullPage={mode === 'history'}>
        {firstShown ? <RouteView entry={entry} match={match} /> : <Spinner label={t('common.loading')} />}
      </PortalLayout>
    </RouteContext.Provider>
  );
}

function useNavigatorStrict(): Navigator {
  const navigator = useContext(NavigatorContext);
  if (!navigator) throw new Error('Shell renders inside Portal');
  return navigator;
}

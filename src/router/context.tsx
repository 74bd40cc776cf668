// How screens read their route and move between pages. Inside <agora-portal> navigation stays in
// the page (history or hash mode). A stand-alone element (no portal around it) links to the full
// portal (portal-url, Agora.configure({ portalUrl }), else the origin of an absolute api-base) and first dispatches a cancelable `agora-navigate` event,
// so a host page may route by itself.
import { createContext, useContext, useMemo, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { emit } from '../elements/events.ts';
import { useHost } from '../elements/host.ts';
import { isPageUrl, safeReturnTo, type RouteMatch } from '../rules/routes.ts';
import { useElementConfig } from '../api/context.ts';

export interface Navigator {
  /** The href an <a> needs to reach a portal location (path + query). */
  href(location: string): string;
  navigate(location: string, options?: { replace?: boolean }): void;
  /** True inside <agora-portal>. */
  inPortal: boolean;
}

export interface RouteState {
  /** null outside the portal. */
  match: RouteMatch | null;
  query: URLSearchParams;
  /** The section anchor after '#', without it ('' when none). */
  fragment: string;
}

export const NavigatorContext = createContext<Navigator | null>(null);
export const RouteContext = createContext<RouteState>({ match: null, query: new URLSearchParams(), fragment: '' });

export interface NavigateDetail {
  location: string;
  href: string;
}

function standaloneNavigator(host: HTMLElement | null, portalUrl: string): Navigator {
  const href = (location: string) => portalUrl + location;
  return {
    inPortal: false,
    href,
    navigate(location, options) {
      const target = href(location);
      // A way to sign in first: the host may sign the user in its own way instead.
      if (/^\/signin(?:[?#]|$)/.test(location)) {
        const returnTo = new URLSearchParams(location.split('?')[1]?.split('#')[0] ?? '').get('returnTo') ?? '/';
        if (!emit(host, 'agora-signin-required', { returnTo })) return;
      }
      const detail: NavigateDetail = { location, href: target };
      if (!emit(host, 'agora-navigate', detail)) return;
      if (options?.replace) window.location.replace(target);
      else window.location.assign(target);
    },
  };
}

export function useNavigator(): Navigator {
  const inPortal = useContext(NavigatorContext);
  const host = useHost();
  // The element's own (its portal-url, Agora.configure, or its API's origin: api/context.ts portalOf).
  const { portalUrl } = useElementConfig();
  return useMemo(() => inPortal ?? standaloneNavigator(host, portalUrl), [inPortal, host, portalUrl]);
}

/** navigate('/productDetails/1/overview'), navigate(href('applications'), { replace: true }) */
export function useNavigate(): Navigator['navigate'] {
  return useNavigator().navigate;
}

/** This page's origin: a returnTo may name a page of it (see safeReturnTo). */
export const pageOrigin = (): string | undefined => (typeof window === 'undefined' ? undefined : window.location.origin);

/** Goes back to where a sign-in or registration was asked from: a portal location, or the host
 * page of a stand-alone element (same origin only), which then finds the session by its cookie. */
export function useReturnTo(): (returnTo: string | null | undefined) => void {
  const navigate = useNavigate();
  return (returnTo) => {
    const target = safeReturnTo(returnTo, pageOrigin());
    if (isPageUrl(target)) window.location.assign(target);
    else navigate(target, { replace: true });
  };
}

export function useRoute(): RouteState {
  return useContext(RouteContext);
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A portal location (path + query), e.g. href('category', { categoryId }). */
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** A real <a href> (so open-in-new-tab works) that navigates in place on a plain click. */
export function Link({ to, replace, onClick, target, ref, ...rest }: LinkProps) {
  const navigator = useNavigator();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    navigator.navigate(to, replace ? { replace } : undefined);
  };
  return <a ref={ref} href={navigator.href(to)} target={target} onClick={handle} {...rest} />;
}

/** The shape src/ui's link slot expects (href = portal location). */
export function UiRouterLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; ref?: Ref<HTMLAnchorElement> }) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) return <a href={href} {...rest} />;
  return <Link to={href} {...rest} />;
}

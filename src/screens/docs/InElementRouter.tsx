// An element alone on a page (no <agora-portal> around it) still moves between its own pages:
// the documentation viewer between documents, sections and articles, the categories screen between
// the list and a category. It keeps the location in memory and hands the screens the same route
// context the portal would; links to any other page go the usual stand-alone way (an
// agora-navigate event, then the configured portal URL).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { matchPath, splitLocation, type RouteMatch } from '../../rules/routes.ts';
import { NavigatorContext, RouteContext, useNavigator, type Navigator, type RouteState } from '../../router/context.tsx';

export interface InElementRouterProps {
  /** Where the element starts (from its attributes); a new value moves it there. */
  initial: string;
  /** The routes the element shows itself. */
  handles: (match: RouteMatch) => boolean;
  children: (match: RouteMatch | null) => ReactNode;
}

function resolve(location: string): RouteMatch | null {
  const [path, search] = splitLocation(location);
  return matchPath(path, search);
}

export function InElementRouter({ initial, handles, children }: InElementRouterProps) {
  const outer = useNavigator();
  const [location, setLocation] = useState(initial);
  // The host page changed an attribute: it wins over where the visitor went inside.
  useEffect(() => setLocation(initial), [initial]);

  const navigator = useMemo<Navigator>(() => ({
    inPortal: false,
    href: outer.href,
    navigate(to, options) {
      const match = resolve(to);
      if (match && handles(match)) setLocation(to);
      else outer.navigate(to, options);
    },
  }), [outer, handles]);

  const match = useMemo(() => resolve(location), [location]);
  const route = useMemo<RouteState>(() => ({ match, query: new URLSearchParams(match?.search ?? ''), fragment: '' }), [match]);
  return (
    <NavigatorContext.Provider value={navigator}>
      <RouteContext.Provider value={route}>{children(match)}</RouteContext.Provider>
    </NavigatorContext.Provider>
  );
}

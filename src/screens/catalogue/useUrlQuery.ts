// Where a screen keeps its query state (filters, search, page…):
// - inside <agora-portal>: the route's query string (history or hash mode; back/forward work);
// - a stand-alone element with `url-state`: the host page's query string, touching only the
//   screen's own parameter names (the page's other parameters stay), with back/forward;
// - otherwise: in memory (a CMS page's address is left alone).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigator, useRoute } from '../../router/context.tsx';

export interface UrlQuery {
  query: URLSearchParams;
  /** Replaces the screen's parameters; `path` moves to another route of the portal (tabs). */
  set(next: URLSearchParams, options?: { replace?: boolean; path?: string }): void;
  /** 'portal' | 'page' | 'memory' */
  where: 'portal' | 'page' | 'memory';
}

function readPage(names: readonly string[]): URLSearchParams {
  const all = new URLSearchParams(window.location.search);
  const own = new URLSearchParams();
  for (const [k, v] of all) if (names.includes(k)) own.append(k, v);
  return own;
}

export function useUrlQuery(names: readonly string[], urlState = false): UrlQuery {
  const navigator = useNavigator();
  const route = useRoute();
  const inPortal = navigator.inPortal && route.match !== null;
  const where: UrlQuery['where'] = inPortal ? 'portal' : urlState && typeof window !== 'undefined' ? 'page' : 'memory';

  const [memory, setMemory] = useState(() => (where === 'page' ? readPage(names) : new URLSearchParams()));
  const namesKey = names.join(',');

  useEffect(() => {
    if (where !== 'page') return;
    const onPop = () => setMemory(readPage(namesKey.split(',')));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [where, namesKey]);

  const search = route.match?.search ?? '';
  const query = useMemo(() => (where === 'portal' ? new URLSearchParams(search) : memory), [where, search, memory]);
  const path = route.match?.path;

  const set = useCallback<UrlQuery['set']>(
    (next, options) => {
      if (where === 'portal') {
        const qs = next.toString();
        navigator.navigate(`${options?.path ?? path ?? '/'}${qs ? `?${qs}` : ''}`, options?.replace ? { replace: true } : undefined);
        return;
      }
      if (where === 'page') {
        const all = new URLSearchParams(window.location.search);
        for (const name of namesKey.split(',')) all.delete(name);
        for (const [k, v] of next) all.append(k, v);
        const qs = all.toString();
        const url = `${window.location.pathname}${qs ? `?${qs}` : ''}${window.location.hash}`;
        if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
          if (options?.replace) window.history.replaceState(window.history.state, '', url);
          else window.history.pushState(window.history.state, '', url);
        }
      }
      setMemory(new URLSearchParams(next));
    },
    [where, navigator, path, namesKey],
  );

  return useMemo(() => ({ query, set, where }), [query, set, where]);
}

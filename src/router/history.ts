// The two ways <agora-portal> keeps its route in the address: history mode (real paths under a
// base path, for a page that belongs to the portal) and hash mode (#/path, for a CMS page that
// owns its URL). Both expose the same small interface to the router.

export type RouterMode = 'history' | 'hash';

export interface PortalHistory {
  mode: RouterMode;
  /** The current route location: path + optional '?query' + optional '#fragment' (a section anchor). */
  read(): string;
  /** What an <a href> must hold to reach `location` (path + query). */
  href(location: string): string;
  push(location: string): void;
  replace(location: string): void;
  /** Calls back on back/forward (and on manual hash edits); returns the unsubscribe function. */
  listen(callback: () => void): () => void;
}

/** '/portal/' -> '/portal'; '' and '/' -> ''. */
export function normalizeBase(basePath: string | null | undefined): string {
  const trimmed = (basePath ?? '').trim().replace(/\/+$/, '');
  if (!trimmed) return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The route part of a pathname under a base path ('/portal/categories' -> '/categories'). */
export function stripBase(pathname: string, base: string): string {
  if (!base) return pathname || '/';
  if (pathname === base) return '/';
  if (pathname.startsWith(base + '/')) return pathname.slice(base.length);
  // Outside the base: the landing route.
  return '/';
}

export function joinBase(base: string, location: string): string {
  if (!base) return location;
  return location === '/' ? `${base}/` : location.startsWith('/?') ? `${base}/${location.slice(1)}` : base + location;
}

/** The route of a hash ('#/a?b=1#part' -> '/a?b=1#part'; '' or '#' -> '/'). */
export function fromHash(hash: string): string {
  const h = hash.replace(/^#/, '');
  if (!h) return '/';
  return h.startsWith('/') ? h : `/${h}`;
}

export function createPortalHistory(mode: RouterMode, basePath: string | null | undefined, win: Window = window): PortalHistory {
  if (mode === 'hash') {
    return {
      mode,
      read: () => fromHash(win.location.hash),
      href: (location) => `#${location}`,
      push: (location) => {
        win.history.pushState(win.history.state, '', `#${location}`);
      },
      replace: (location) => {
        const url = win.location.href.split('#')[0] + `#${location}`;
        win.history.replaceState(win.history.state, '', url);
      },
      listen: (callback) => {
        // pushState never fires these; back/forward and typed hashes do.
        win.addEventListener('hashchange', callback);
        win.addEventListener('popstate', callback);
        return () => {
          win.removeEventListener('hashchange', callback);
          win.removeEventListener('popstate', callback);
        };
      },
    };
  }
  const base = normalizeBase(basePath);
  return {
    mode,
    read: () => stripBase(win.location.pathname, base) + win.location.search + win.location.hash,
    href: (location) => joinBase(base, location),
    push: (location) => win.history.pushState(null, '', joinBase(base, location)),
    replace: (location) => win.history.replaceState(win.history.state, '', joinBase(base, location)),
    listen: (callback) => {
      win.addEventListener('popstate', callback);
      return () => win.removeEventListener('popstate', callback);
    },
  };
}

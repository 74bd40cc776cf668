// The screen's state in the route's query string (search text, page): read from the route, written
// by navigating to the same path with new parameters — in the portal's address, or in the element's
// own memory when it is alone on a page (InElementRouter).
import { useCallback } from 'react';
import { useNavigate, useRoute } from '../../router/context.tsx';

export type QueryPatch = Record<string, string | number | null | undefined>;

export function useQueryState(): { query: URLSearchParams; set: (patch: QueryPatch, options?: { replace?: boolean }) => void } {
  const route = useRoute();
  const navigate = useNavigate();
  const path = route.match?.path ?? '/';
  const search = route.match?.search ?? '';
  const set = useCallback((patch: QueryPatch, options?: { replace?: boolean }) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    const qs = next.toString();
    navigate(`${path}${qs ? `?${qs}` : ''}`, options);
  }, [navigate, path, search]);
  return { query: route.query, set };
}

/** A page number from the URL: a positive integer, else 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

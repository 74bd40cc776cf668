// swr over the API client: one cache for every element on the page, the spec's cache rules
// (no refetch on window focus), and typed errors. Keys are [scope, user, ...key]: signing in or
// out changes every key, so nothing cached for one user is shown to another.
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from 'swr';
import { useCallback } from 'react';
import { useApi } from './context.ts';
import type { Api } from './client.ts';
import type { ApiError } from './errors.ts';
import type { CacheKey } from './keys.ts';
import { useSubject } from '../state/store.ts';

/** The cache every element shares (handed to SWRConfig by the element helper). */
export const swrCache = new Map();

export const swrOptions: SWRConfiguration = {
  provider: () => swrCache,
  revalidateOnFocus: false,
  // A client error will not fix itself by asking again; a server or network error may.
  shouldRetryOnError: (error: unknown) => {
    const status = (error as ApiError | undefined)?.status ?? 0;
    return status === 0 || status >= 500;
  },
  errorRetryCount: 2,
};

/**
 * Reads data through the API client with a shared cache: `useApiQuery(keys.x(id), (api) => fetchX(api, id))`.
 * A null key skips the request (e.g. until an id is known).
 */
export function useApiQuery<T>(
  key: CacheKey | null,
  fetcher: (api: Api) => Promise<T>,
  config?: SWRConfiguration<T, ApiError>,
): SWRResponse<T, ApiError> {
  const api = useApi();
  const subject = useSubject();
  return useSWR<T, ApiError>(key ? [api.scope, subject, ...key] : null, () => fetcher(api), config);
}

/** Refreshes every cached entry whose key starts with `prefix` (in every scope, for every user). */
export function useInvalidate(): (prefix: CacheKey) => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(
    (prefix: CacheKey) =>
      mutate((key) => Array.isArray(key) && prefix.every((part, i) => key[i + 2] === part)),
    [mutate],
  );
}

/** Refreshes entries under `prefix` now and again `ms` later: some changes are finished by a job
 * on the server after the answer (the spec's "the list refetches after 1 second"). */
export function useInvalidateLater(): (prefix: CacheKey, ms: number) => void {
  const invalidate = useInvalidate();
  return useCallback((prefix: CacheKey, ms: number) => {
    void invalidate(prefix);
    setTimeout(() => void invalidate(prefix), ms);
  }, [invalidate]);
}

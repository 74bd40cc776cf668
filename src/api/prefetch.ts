// The explorer's early start: <agora-explorer> asks for its resource and its specification's
// index as soon as it is created (define.ts `prefetch`), alongside its screen chunk; the screen's
// fetchers claim those answers (src/api/explorer.ts). Kept apart from explorer.ts, so that the
// element loads it (dynamically, elements/agora-explorer.ts) without the rest of the explorer.
import type { Api } from './client.ts';

export const resourcePath = (productId: string, versionId: string, resourceId: string) =>
  `/products/${encodeURIComponent(productId)}/versions/${encodeURIComponent(versionId)}/assetresources/${encodeURIComponent(resourceId)}`;

/** Requests started by <agora-explorer> when it is created (define.ts prefetch), each taken by
 * the first fetcher that asks for the same path on the same API; unclaimed ones expire. */
const prefetched = new Map<string, { promise: Promise<unknown>; at: number }>();
const PREFETCH_TTL_MS = 30_000;

export function claim<T>(api: Api, path: string, load: () => Promise<T>): Promise<T> {
  const key = `${api.scope}|${path}`;
  const hit = prefetched.get(key);
  prefetched.delete(key);
  return hit && Date.now() - hit.at < PREFETCH_TTL_MS ? (hit.promise as Promise<T>) : load();
}

function prefetch(api: Api, path: string): void {
  const promise = api.get(path);
  promise.catch(() => undefined); // claimed later, or never: no unhandled rejection either way
  prefetched.set(`${api.scope}|${path}`, { promise, at: Date.now() });
}

/** The explorer's first two requests (the resource and its specification's index), when the
 * element names its version; the screen's own hooks claim them (define.ts `prefetch`). */
export function prefetchExplorer(props: Record<string, unknown>, api: Api): void {
  const ids = [props.productId, props.versionId, props.resourceId].map((v) => (typeof v === 'string' ? v.trim() : ''));
  if (ids.some((v) => !v)) return;
  const [p, v, r] = ids as [string, string, string];
  prefetch(api, `${resourcePath(p, v, r)}/spec/index`);
  prefetch(api, resourcePath(p, v, r));
}

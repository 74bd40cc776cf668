// The browser's side of pre-rendering (render.ts): an element that arrives with a declarative
// shadow root (<template shadowrootmode="open"> from GET /embed/render/{tag} or renderElement)
// takes that DOM over without a visible jump:
//  - the spec empties a declarative shadow root when script attaches one; its nodes are put back,
//    so the page keeps showing them until the screen's first render, whose layout effect removes
//    them before the browser paints (React appends to a shadow root; it never clears one);
//  - the data the server rendered with (a JSON script in the root) goes into the shared swr cache
//    under this element's API scope, so that first render shows the same data, not a placeholder.
//  - the pre-rendered <style> becomes an adopted sheet until then: the shared utility sheet the
//    element adopts (styles/sheet.ts) comes after a root's <style> elements in the cascade and holds,
//    until the screen's chunk has loaded, only some of the rules: its `.m-0` alone would beat the
//    <style>'s `.mb-4` on the heading and move everything below by 16 px, then back. Adopted after
//    the shared sheets, the pre-rendered rules keep winning until the nodes they style go.
//  - a request that fails in the browser (the API down, a host origin CORS_ORIGINS does not allow)
//    does not replace what the page already shows with an error block: an entry the server rendered
//    keeps its data (keepPrerendered), and the host still hears of the failure (agora-error).
import { useEffect } from 'react';
import { unstable_serialize, type Middleware, type SWRResponse } from 'swr';
import type { Api } from '../api/client.ts';
import type { CacheKey } from '../api/keys.ts';
import { swrCache } from '../api/swr.ts';
import { agoraStore } from '../state/store.ts';
import { tokenSubject } from '../state/token.ts';
import { emit } from './events.ts';
import { useHost } from './host.ts';

/** Marks the script holding the rendered data: [{ key, data }], key without scope and subject. */
export const PRERENDERED_DATA = 'data-agora-prerendered';

export interface PrerenderedEntry { key: CacheKey; data: unknown }

const prerendered = new WeakMap<ShadowRoot, { nodes: Node[]; sheet: CSSStyleSheet | null }>();

export function keepDeclarativeRoot(host: HTMLElement, init: ShadowRootInit, attach: (init: ShadowRootInit) => ShadowRoot): ShadowRoot {
  const declarative = host.shadowRoot;
  if (!declarative) return attach(init);
  const nodes = [...declarative.childNodes];
  const root = attach(init);
  if (root.childNodes.length === 0) root.append(...nodes);
  prerendered.set(root, { nodes, sheet: adoptPrerenderedStyle(root, nodes) });
  return root;
}

/** The pre-rendered <style> as the root's last adopted sheet (styles/sheet.ts keeps a root's own
 * sheets after the shared ones); null where sheets are not constructable (the <style> stays). */
function adoptPrerenderedStyle(root: ShadowRoot, nodes: Node[]): CSSStyleSheet | null {
  const style = nodes.find((n): n is HTMLStyleElement => n instanceof HTMLStyleElement);
  if (!style || typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype) || !('adoptedStyleSheets' in root)) return null;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(style.textContent ?? '');
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  style.remove();
  return sheet;
}

/** Removes the pre-rendered nodes and styles: the screen has rendered its own (called in a layout
 * effect, so before the browser paints). */
export function dropPrerendered(root: ShadowRoot | null | undefined): void {
  const kept = root && prerendered.get(root);
  if (!kept) return;
  prerendered.delete(root);
  for (const node of kept.nodes) node.parentNode?.removeChild(node);
  if (kept.sheet) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== kept.sheet);
}

export function seedPrerendered(root: ShadowRoot, api: Api): void {
  const script = root.querySelector(`script[${PRERENDERED_DATA}]`);
  if (!script?.textContent) return;
  let entries: PrerenderedEntry[];
  try {
    entries = JSON.parse(script.textContent) as PrerenderedEntry[];
  } catch {
    return;
  }
  // Rendered for a visitor: a signed-in user's keys differ, and their screen asks for its own data.
  const tokens = agoraStore.getState().tokens;
  const subject = tokens ? tokenSubject(tokens.accessToken) ?? 'user' : '';
  for (const { key, data } of entries) {
    const id = unstable_serialize([api.scope, subject, ...key]);
    if (!swrCache.has(id)) swrCache.set(id, { data });
    seeded.add(id);
  }
}

/** Cache ids whose data came from a pre-render. */
const seeded = new Set<string>();

/**
 * swr middleware of every element: a pre-rendered entry whose refresh fails keeps showing its data
 * (the screen sees no error; screens show an error before stale data), and the element sends
 * agora-error so the host page knows. Other entries pass through.
 */
export const keepPrerendered: Middleware = (useSWRNext) => (key, fetcher, config) => {
  const result = useSWRNext(key, fetcher, config) as SWRResponse;
  const host = useHost();
  const hidden = result.error !== undefined && result.data !== undefined && seeded.has(unstable_serialize(key)) ? result.error as unknown : undefined;
  useEffect(() => {
    if (hidden === undefined) return;
    const { message, status } = hidden as { message?: unknown; status?: unknown };
    emit(host, 'agora-error', { message: typeof message === 'string' ? message : String(hidden), ...(typeof status === 'number' ? { status } : {}) });
  }, [hidden, host]);
  if (hidden === undefined) return result;
  return {
    mutate: result.mutate,
    get data() { return result.data; },
    get error() { return undefined; },
    get isValidating() { return result.isValidating; },
    get isLoading() { return result.isLoading; },
  };
};

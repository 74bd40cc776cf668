// The browser's side of pre-rendering (render.ts): an element that arrives with a declarative
// shadow root (<template shadowrootmode="open"> from GET /embed/render/{tag} or renderElement)
// takes that DOM over without a visible jump:
//  - the spec empties a declarative shadow root when script attaches one; its nodes are put back,
//    so the page keeps showing them until the screen's first render, whose layout effect removes
//    them before the browser paints (React appends to a shadow root; it never clears one);
//  - the data the server rendered with (a JSON script in the root) goes into the shared swr cache
//    under this element's API scope, so that first render shows the same data, not a placeholder.
import { unstable_serialize } from 'swr';
import type { Api } from '../api/client.ts';
import type { CacheKey } from '../api/keys.ts';
import { swrCache } from '../api/swr.ts';
import { agoraStore } from '../state/store.ts';
import { tokenSubject } from '../state/token.ts';

/** Marks the script holding the rendered data: [{ key, data }], key without scope and subject. */
export const PRERENDERED_DATA = 'data-agora-prerendered';

export interface PrerenderedEntry { key: CacheKey; data: unknown }

const prerendered = new WeakMap<ShadowRoot, Node[]>();

export function keepDeclarativeRoot(host: HTMLElement, init: ShadowRootInit, attach: (init: ShadowRootInit) => ShadowRoot): ShadowRoot {
  const declarative = host.shadowRoot;
  if (!declarative) return attach(init);
  const nodes = [...declarative.childNodes];
  const root = attach(init);
  if (root.childNodes.length === 0) root.append(...nodes);
  prerendered.set(root, nodes);
  return root;
}

/** Removes the pre-rendered nodes: the screen has rendered its own (called in a layout effect). */
export function dropPrerendered(root: ShadowRoot | null | undefined): void {
  const nodes = root && prerendered.get(root);
  if (!nodes) return;
  prerendered.delete(root);
  for (const node of nodes) node.parentNode?.removeChild(node);
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
  }
}

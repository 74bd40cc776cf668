// The styles every Agora shadow root adopts: the host box (host.ts) and one shared sheet of utility
// rules. The rules are made at build time (scripts/styles.mjs): each chunk registers the rules its
// own classes need, numbered by their place in the whole app's stylesheet, as it loads. Inserting by
// that number keeps the cascade order Tailwind relies on (`md:flex` after `hidden`) whatever order
// the chunks arrive in. A page loading two bundles gets two sheets; both are correct.
import { HOST_CSS } from './host.ts';

export const constructable = typeof CSSStyleSheet !== 'undefined' && 'replaceSync' in CSSStyleSheet.prototype
  && typeof ShadowRoot !== 'undefined' && 'adoptedStyleSheets' in ShadowRoot.prototype;

/** Places of the rules in `utilities`, ascending: cssRules[i] is the rule at places[i]. */
const places: number[] = [];
const texts: string[] = [];
let utilities: CSSStyleSheet | null = null;
let host: CSSStyleSheet | null = null;
/** Without constructable sheets (old browsers): one <style> per shadow root, rewritten on change. */
const fallbackStyles = new Set<HTMLStyleElement>();

function insertAt(index: number, rule: string): void {
  if (!utilities) return;
  try {
    utilities.insertRule(rule, index);
  } catch {
    // A rule this browser rejects (another engine's prefix) keeps its slot so indices stay aligned.
    utilities.insertRule(':root{}', index);
  }
}

/**
 * Called by every chunk with the rules its classes need (generated code, see scripts/styles.mjs):
 * `steps` are the rules' places in the app's stylesheet, each as a base-36 step from the one
 * before ("d,1,a"), and `rules` the rule texts, one per line.
 */
export function addRules(steps: string, rules: string): void {
  const incoming = rules.split('\n');
  let place = 0;
  let changed = false;
  steps.split(',').forEach((step, i) => {
    if (!step) return;
    place += parseInt(step, 36);
    changed = insert(place, incoming[i]!) || changed;
  });
  if (changed) for (const style of fallbackStyles) style.textContent = HOST_CSS + texts.join('\n');
}

/** Puts a rule at its place; false when it is there already. */
function insert(place: number, text: string): boolean {
  let lo = 0;
  let hi = places.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (places[mid]! < place) lo = mid + 1;
    else hi = mid;
  }
  if (places[lo] === place) return false;
  places.splice(lo, 0, place);
  texts.splice(lo, 0, text);
  insertAt(lo, text);
  return true;
}

/** Gives a shadow root the host box styles and the utility rules (now and as more chunks load). */
export function adoptStyles(root: ShadowRoot): void {
  if (!constructable) {
    const style = document.createElement('style');
    style.textContent = HOST_CSS + texts.join('\n');
    root.prepend(style);
    fallbackStyles.add(style);
    return;
  }
  if (!utilities) {
    host = new CSSStyleSheet();
    host.replaceSync(HOST_CSS);
    utilities = new CSSStyleSheet();
    texts.forEach((text, i) => insertAt(i, text));
  }
  // A root's sheets from adoptCss stay before the shared ones (where their <style> elements were:
  // a utility class beats them at equal specificity); others (a pre-rendered sheet) stay after.
  const before = root.adoptedStyleSheets.filter((s) => ownSheets.get(root)?.has(s));
  const after = root.adoptedStyleSheets.filter((s) => s !== host && s !== utilities && !before.includes(s));
  root.adoptedStyleSheets = [...before, host!, utilities, ...after];
}

/** Constructed sheets by their text: a stylesheet several roots use (a viewer's, the theme) is
 * parsed once. */
const byText = new Map<string, CSSStyleSheet>();
/** Per root, how many components asked for each sheet (two Markdown blocks share one). */
const ownSheets = new WeakMap<ShadowRoot, Map<CSSStyleSheet, number>>();

/**
 * Adopts `css` into `root` (before the shared utility rules) and returns the undo. Adopted sheets
 * are not inline styles: a host page's `style-src 'self'` (no 'unsafe-inline') does not block
 * them, where a <style> element in the shadow root would be. Only where sheets are constructable
 * (callers render a <style> otherwise: ShadowStyle.tsx).
 */
export function adoptCss(root: ShadowRoot, css: string): () => void {
  let sheet = byText.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    byText.set(css, sheet);
  }
  const counts = ownSheets.get(root) ?? new Map<CSSStyleSheet, number>();
  ownSheets.set(root, counts);
  const count = counts.get(sheet) ?? 0;
  counts.set(sheet, count + 1);
  if (count === 0) root.adoptedStyleSheets = [sheet, ...root.adoptedStyleSheets];
  return () => {
    const left = (counts.get(sheet) ?? 1) - 1;
    if (left > 0) return void counts.set(sheet, left);
    counts.delete(sheet);
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}

// The viewers' side of the shadow-root styles (src/viewers/Isolated.tsx): kept apart from sheet.ts,
// which every element loads, so that only the viewers' chunks carry it.
import { constructable } from './sheet.ts';

/**
 * The <style> elements a viewer library writes into `root` at run time (Monaco's theme and
 * decoration rules in GraphiQL) that the host page's CSP refused: a refused <style> has no sheet.
 * Their text is copied, in their order, into one sheet adopted after the others, so the viewer is
 * styled anyway. Without a CSP every <style> has its sheet and nothing is copied. Returns the undo.
 */
export function mirrorRefusedStyles(root: ShadowRoot): () => void {
  if (!constructable) return () => undefined;
  const mirror = new CSSStyleSheet();
  let text = '';
  const sync = () => {
    const refused = [...root.querySelectorAll('style')].filter((s) => !s.sheet && s.textContent).map((s) => s.textContent).join('\n');
    if (refused === text) return;
    text = refused;
    mirror.replaceSync(refused);
    if (!root.adoptedStyleSheets.includes(mirror)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, mirror];
  };
  // Only mutations that touch a <style> (a viewer changes its own DOM constantly: GraphiQL's editor).
  const isStyle = (n: Node | null) => n?.nodeName === 'STYLE' || !!(n as Element | null)?.querySelector?.('style');
  const observer = new MutationObserver((records) => {
    if (records.some((r) => r.target.nodeName === 'STYLE' || r.target.parentNode?.nodeName === 'STYLE'
      || [...r.addedNodes].some(isStyle) || [...r.removedNodes].some(isStyle))) sync();
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  sync();
  return () => {
    observer.disconnect();
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== mirror);
  };
}

// Units shared by the utility classes (built by twind at build time) and the hand-written CSS of
// the viewers and markdown: px instead of rem, because rem follows the host page's root font size,
// which a page may change; the element must not.

export const FONT_STACK =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

const ROOT_FONT_PX = 16;

/** '1.5rem' -> '24px' in a declaration block. */
export function remToPx(declarations: string): string {
  return declarations.replace(/(-?\d*\.?\d+)rem\b/g, (_, n: string) => `${+(Number(n) * ROOT_FONT_PX).toFixed(3)}px`);
}

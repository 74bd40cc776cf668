// A component's own stylesheet (a viewer's CSS, markdown, the theme) in the shadow root it renders
// in, as a constructed sheet adopted by that root (sheet.ts adoptCss): a host page whose CSP has
// `style-src 'self'` without 'unsafe-inline' blocks a <style> element there, not an adopted sheet.
// On a server (render.ts, no document) and in browsers without constructable sheets it is a
// <style> element, as before.
import { createContext, useContext, useLayoutEffect } from 'react';
import { adoptCss, constructable } from './sheet.ts';

/** The shadow root components below adopt their sheets into: the element's, or a viewer's nested one. */
export const StyleRootContext = createContext<ShadowRoot | null>(null);

export function ShadowStyle({ css }: { css: string }) {
  const root = useContext(StyleRootContext);
  const adopt = constructable && root !== null;
  useLayoutEffect(() => (adopt ? adoptCss(root, css) : undefined), [adopt, root, css]);
  return adopt ? null : <style>{css}</style>;
}

// A viewer's own shadow root, nested inside the element's: the viewer's stylesheet (a string,
// adopted by that root, never added to the host document) applies only there, and the element's twind preflight and
// utility classes stay out (viewers use class names such as "hidden" or "flex" with meanings of
// their own). Inherited properties, the provider's --agora-* colours included, still flow in.
// React renders the viewer through a portal, so context (messages, API client) is kept.
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ShadowStyle, StyleRootContext } from '../styles/ShadowStyle.tsx';
import { mirrorRefusedStyles } from '../styles/mirror.ts';
import { remToPx } from '../styles/units.ts';

export interface IsolatedProps {
  /** The viewer's CSS, adopted by the nested shadow root (ShadowStyle: no inline <style>, so a
   * host page's strict CSP does not block it). */
  css: string;
  children: ReactNode;
  className?: string;
  /** Names the part for tests and host-page styling hooks (data-viewer). */
  name: string;
}

export function Isolated({ css, children, className, name }: IsolatedProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  // Viewers size in rem, which follows the host page's root font size (10px under Bootstrap 3):
  // served in px like twind's, so the page cannot shrink or grow them.
  const sheet = useMemo(() => remToPx(css), [css]);
  useLayoutEffect(() => {
    const host = hostRef.current!;
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    setRoot(shadow);
    // What the viewer library itself writes as <style> at run time, where a strict CSP refuses it.
    return mirrorRefusedStyles(shadow);
  }, []);
  return (
    <div ref={hostRef} className={className} data-viewer={name}>
      {root && createPortal(
        <StyleRootContext.Provider value={root}>
          <ShadowStyle css={sheet} />
          {children}
        </StyleRootContext.Provider>,
        root,
      )}
    </div>
  );
}

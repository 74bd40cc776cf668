// A viewer's own shadow root, nested inside the element's: the viewer's stylesheet (a string,
// never added to the host document) applies only there, and the element's twind preflight and
// utility classes stay out (viewers use class names such as "hidden" or "flex" with meanings of
// their own). Inherited properties, the provider's --agora-* colours included, still flow in.
// React renders the viewer through a portal, so context (messages, API client) is kept.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface IsolatedProps {
  /** The viewer's CSS, rendered as a <style> inside the nested shadow root. */
  css: string;
  children: ReactNode;
  className?: string;
  /** Names the part for tests and host-page styling hooks (data-viewer). */
  name: string;
}

export function Isolated({ css, children, className, name }: IsolatedProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const host = hostRef.current!;
    setRoot(host.shadowRoot ?? host.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <div ref={hostRef} className={className} data-viewer={name}>
      {root && createPortal(
        <>
          <style>{css}</style>
          {children}
        </>,
        root,
      )}
    </div>
  );
}

// Stands in for @radix-ui/react-portal inside the GraphiQL chunk (rollup.config.mjs maps the
// package here): GraphiQL's tooltips, menus and dialogs open in the viewer's own shadow root, where
// its stylesheet applies, instead of the host page's <body>.
import { createContext, forwardRef, useContext, useLayoutEffect, useState, type ComponentPropsWithoutRef } from 'react';
import { createPortal } from 'react-dom';

/** The element portals render into; the GraphiQL viewer provides its shadow root's container. */
export const PortalContainer = createContext<Element | DocumentFragment | null>(null);

type PortalProps = ComponentPropsWithoutRef<'div'> & { container?: Element | DocumentFragment | null };

export const Portal = forwardRef<HTMLDivElement, PortalProps>(function Portal({ container, ...rest }, ref) {
  const fromContext = useContext(PortalContainer);
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  const target = container ?? fromContext ?? (mounted ? globalThis.document?.body : null);
  return target ? createPortal(<div {...rest} ref={ref} />, target) : null;
});

export const Root = Portal;

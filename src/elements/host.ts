// The custom element a component renders in, so screens can dispatch agora-* events from it.
import { createContext, useCallback, useContext } from 'react';

export const HostContext = createContext<HTMLElement | null>(null);

export function useHost(): HTMLElement | null {
  return useContext(HostContext);
}

/** Dispatches `agora-<noun>-<verb>` from the element: bubbles, crosses shadow roots, cancelable.
 * Returns false when a listener called preventDefault(). */
export function useHostEvent(): <T>(name: `agora-${string}`, detail?: T) => boolean {
  const host = useHost();
  return useCallback(
    (name, detail) =>
      host ? host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true })) : true,
    [host],
  );
}

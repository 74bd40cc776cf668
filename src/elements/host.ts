// The custom element a component renders in, so screens can send agora-* events from it.
import { createContext, useCallback, useContext } from 'react';
import { emit, type AgoraEventMap, type AgoraEventName } from './events.ts';

export const HostContext = createContext<HTMLElement | null>(null);

export function useHost(): HTMLElement | null {
  return useContext(HostContext);
}

/** emit() from this screen's element (src/elements/events.ts): bubbles, crosses shadow roots,
 * cancelable. Returns false when a listener called preventDefault(). */
export function useEmit(): <K extends AgoraEventName>(name: K, detail: AgoraEventMap[K]) => boolean {
  const host = useHost();
  return useCallback((name, detail) => emit(host, name, detail), [host]);
}

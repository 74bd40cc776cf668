// Debounce (spec §9: 400 ms by default) for search boxes and selector look-ups.
import { useEffect, useMemo, useRef, useState } from 'react';
import { DEBOUNCE_MS } from '../rules/constants.ts';

/** The value, once it has stopped changing for `delay` ms. */
export function useDebounce<T>(value: T, delay: number = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export interface DebouncedFunction<A extends unknown[]> {
  (...args: A): void;
  cancel: () => void;
  /** Runs the pending call now, if any. */
  flush: () => void;
}

/** A stable function that calls the latest `fn` once calls stop for `delay` ms. */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, delay: number = DEBOUNCE_MS): DebouncedFunction<A> {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  const debounced = useMemo(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending: A | undefined;
    const call = ((...args: A) => {
      pending = args;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const run = pending;
        pending = undefined;
        if (run) fnRef.current(...run);
      }, delay);
    }) as DebouncedFunction<A>;
    call.cancel = () => {
      clearTimeout(timer);
      pending = undefined;
    };
    call.flush = () => {
      clearTimeout(timer);
      const run = pending;
      pending = undefined;
      if (run) fnRef.current(...run);
    };
    return call;
  }, [delay]);
  useEffect(() => () => debounced.cancel(), [debounced]);
  return debounced;
}

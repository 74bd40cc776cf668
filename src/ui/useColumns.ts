// Column choices of a table, kept in localStorage by table id (spec 2 §2, §9). Every table with the
// same id on the page (even in another element) follows the same choice.
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import {
  columnStorageKey,
  defaultColumnPrefs,
  mergeColumnPrefs,
  visibleColumnIds,
  type ColumnPrefs,
  type ColumnSpec,
} from '../rules/columns.ts';

const listeners = new Map<string, Set<() => void>>();

function readRaw(tableId: string): string | null {
  try {
    return globalThis.localStorage?.getItem(columnStorageKey(tableId)) ?? null;
  } catch {
    return null; // storage blocked (privacy mode, sandboxed frame): fall back to defaults
  }
}

function writeRaw(tableId: string, value: string | null) {
  try {
    if (value === null) globalThis.localStorage?.removeItem(columnStorageKey(tableId));
    else globalThis.localStorage?.setItem(columnStorageKey(tableId), value);
  } catch {
    // Not persisted; the choice still applies until the page is left.
  }
  listeners.get(tableId)?.forEach((notify) => notify());
}

function parse(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export interface UseColumns {
  prefs: ColumnPrefs;
  /** Ids of the shown columns, in order. */
  visibleIds: string[];
  defaults: ColumnPrefs;
  setPrefs: (prefs: ColumnPrefs) => void;
  reset: () => void;
}

export function useColumns(tableId: string, columns: readonly ColumnSpec[]): UseColumns {
  const subscribe = useCallback(
    (notify: () => void) => {
      const set = listeners.get(tableId) ?? new Set();
      set.add(notify);
      listeners.set(tableId, set);
      const onStorage = (event: StorageEvent) => {
        if (event.key === columnStorageKey(tableId)) notify();
      };
      globalThis.addEventListener?.('storage', onStorage);
      return () => {
        set.delete(notify);
        globalThis.removeEventListener?.('storage', onStorage);
      };
    },
    [tableId],
  );
  const raw = useSyncExternalStore(subscribe, () => readRaw(tableId), () => null);
  // The column list is usually an inline array; its ids are what matter.
  const signature = columns.map((c) => `${c.id}:${c.required ? 1 : 0}${c.hiddenByDefault ? 1 : 0}`).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const defaults = useMemo(() => defaultColumnPrefs(columns), [signature]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const prefs = useMemo(() => mergeColumnPrefs(columns, parse(raw)), [raw, signature]);
  const visibleIds = useMemo(() => visibleColumnIds(prefs), [prefs]);
  const setPrefs = useCallback((next: ColumnPrefs) => writeRaw(tableId, JSON.stringify(next)), [tableId]);
  const reset = useCallback(() => writeRaw(tableId, null), [tableId]);
  return { prefs, visibleIds, defaults, setPrefs, reset };
}

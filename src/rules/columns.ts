// Column customisation rules (spec 2 §2): which columns a table shows and in what order,
// merged with what the user saved earlier for the same table id.

export interface ColumnSpec {
  id: string;
  /** Hidden until the user turns it on. */
  hiddenByDefault?: boolean;
  /** Always shown; the user may move it but not hide it (e.g. the name or the actions column). */
  required?: boolean;
}

export interface ColumnPrefs {
  order: string[];
  hidden: string[];
}

export function defaultColumnPrefs(defaults: readonly ColumnSpec[]): ColumnPrefs {
  return {
    order: defaults.map((c) => c.id),
    hidden: defaults.filter((c) => c.hiddenByDefault && !c.required).map((c) => c.id),
  };
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/**
 * Saved preferences applied to the current column list: columns that no longer exist are dropped,
 * columns added since are placed after their nearest earlier default neighbour, and required columns
 * are never hidden. Anything unreadable falls back to the defaults.
 */
export function mergeColumnPrefs(defaults: readonly ColumnSpec[], stored: unknown): ColumnPrefs {
  const base = defaultColumnPrefs(defaults);
  if (!stored || typeof stored !== 'object') return base;
  const { order, hidden } = stored as { order?: unknown; hidden?: unknown };
  if (!isStringArray(order) || !isStringArray(hidden)) return base;

  const known = new Set(base.order);
  const merged = [...new Set(order.filter((id) => known.has(id)))];
  const savedIds = new Set(merged);
  base.order.forEach((id, index) => {
    if (savedIds.has(id)) return;
    const before = base.order.slice(0, index).reverse().find((prev) => merged.includes(prev));
    merged.splice(before === undefined ? 0 : merged.indexOf(before) + 1, 0, id);
  });

  const required = new Set(defaults.filter((c) => c.required).map((c) => c.id));
  const fresh = defaults.filter((c) => !savedIds.has(c.id) && c.hiddenByDefault).map((c) => c.id);
  const hiddenIds = [...new Set([...hidden, ...fresh])].filter((id) => known.has(id) && !required.has(id));
  return { order: merged, hidden: hiddenIds };
}

export function visibleColumnIds(prefs: ColumnPrefs): string[] {
  const hidden = new Set(prefs.hidden);
  return prefs.order.filter((id) => !hidden.has(id));
}

/** Moves one column by a step (-1 up, +1 down); out-of-range moves leave the order unchanged. */
export function moveColumn(order: readonly string[], id: string, delta: number): string[] {
  const from = order.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= order.length) return [...order];
  return reorderColumns(order, from, to);
}

export function reorderColumns(order: readonly string[], from: number, to: number): string[] {
  const next = [...order];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

export function samePrefs(a: ColumnPrefs, b: ColumnPrefs): boolean {
  return a.order.join('\u0000') === b.order.join('\u0000') && [...a.hidden].sort().join('\u0000') === [...b.hidden].sort().join('\u0000');
}

/** localStorage key of a table's column preferences. */
export function columnStorageKey(tableId: string): string {
  return `agora.columns.${tableId}`;
}

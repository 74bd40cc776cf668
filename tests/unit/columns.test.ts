import { describe, expect, it } from 'vitest';
import {
  defaultColumnPrefs,
  mergeColumnPrefs,
  moveColumn,
  reorderColumns,
  visibleColumnIds,
  type ColumnSpec,
} from '../../src/rules/columns.ts';

const COLUMNS: ColumnSpec[] = [
  { id: 'name', required: true },
  { id: 'state' },
  { id: 'type' },
  { id: 'expires' },
  { id: 'owner', hiddenByDefault: true },
];

describe('column preferences', () => {
  it('defaults to the declared order with hidden-by-default columns off', () => {
    const prefs = defaultColumnPrefs(COLUMNS);
    expect(prefs.order).toEqual(['name', 'state', 'type', 'expires', 'owner']);
    expect(visibleColumnIds(prefs)).toEqual(['name', 'state', 'type', 'expires']);
  });

  it('uses the saved order and hidden columns', () => {
    const prefs = mergeColumnPrefs(COLUMNS, { order: ['expires', 'name', 'owner', 'state', 'type'], hidden: ['type'] });
    expect(visibleColumnIds(prefs)).toEqual(['expires', 'name', 'owner', 'state']);
  });

  it('falls back to the defaults when what was saved is unreadable', () => {
    expect(mergeColumnPrefs(COLUMNS, null)).toEqual(defaultColumnPrefs(COLUMNS));
    expect(mergeColumnPrefs(COLUMNS, { order: 'name' })).toEqual(defaultColumnPrefs(COLUMNS));
    expect(mergeColumnPrefs(COLUMNS, { order: [1, 2], hidden: [] })).toEqual(defaultColumnPrefs(COLUMNS));
  });

  it('drops columns that no longer exist', () => {
    const prefs = mergeColumnPrefs(COLUMNS, { order: ['gone', 'type', 'name', 'state', 'expires', 'owner'], hidden: ['gone'] });
    expect(prefs.order).toEqual(['type', 'name', 'state', 'expires', 'owner']);
    expect(prefs.hidden).toEqual([]);
  });

  it('places a column added since the save after its earlier neighbour, hidden if it is hidden by default', () => {
    const saved = { order: ['state', 'name', 'expires'], hidden: [] };
    const prefs = mergeColumnPrefs(COLUMNS, saved);
    // 'type' follows 'state' in the defaults, 'owner' follows 'expires'.
    expect(prefs.order).toEqual(['state', 'type', 'name', 'expires', 'owner']);
    expect(prefs.hidden).toEqual(['owner']);
  });

  it('never hides a required column', () => {
    const prefs = mergeColumnPrefs(COLUMNS, { order: ['name', 'state', 'type', 'expires', 'owner'], hidden: ['name', 'state'] });
    expect(visibleColumnIds(prefs)).toContain('name');
    expect(prefs.hidden).toEqual(['state']);
  });
});

describe('reordering', () => {
  const order = ['a', 'b', 'c', 'd'];
  it('moves a column one step up or down', () => {
    expect(moveColumn(order, 'c', -1)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveColumn(order, 'a', 1)).toEqual(['b', 'a', 'c', 'd']);
  });
  it('leaves the order alone at either end', () => {
    expect(moveColumn(order, 'a', -1)).toEqual(order);
    expect(moveColumn(order, 'd', 1)).toEqual(order);
    expect(moveColumn(order, 'zz', 1)).toEqual(order);
  });
  it('moves a column to any position (drag and drop)', () => {
    expect(reorderColumns(order, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(reorderColumns(order, 0, 3)).toEqual(['b', 'c', 'd', 'a']);
  });
});

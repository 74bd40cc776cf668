// The browse filter panels (spec 1 §2, §3): which sections show, the category tree, choosing
// values per kind, and the selected-only and searched views.
import { describe, expect, it } from 'vitest';
import {
  categoryEntries, flattenEntries, impliedByAncestor, ratingEntries, sectionValues, toggleValue, visibleEntries,
  visibleSections, withSectionValues, FILTER_KIND,
} from '../../src/rules/filters.ts';
import { EMPTY_BROWSE_STATE } from '../../src/rules/catalogueUrl.ts';

const CATEGORIES = [
  { id: 'fin', title: 'Finance', parentId: null, productCount: 5 },
  { id: 'pay', title: 'Payments', parentId: 'fin', productCount: 3 },
  { id: 'cards', title: 'Cards', parentId: 'pay', productCount: 2 },
  { id: 'bank', title: 'Banking', parentId: 'fin', productCount: 1 },
  { id: 'com', title: 'Commerce', parentId: null, productCount: 8 },
  { id: 'orphan', title: 'Orphan', parentId: 'gone' },
  { id: 'loop1', title: 'Loop one', parentId: 'loop2' },
  { id: 'loop2', title: 'Loop two', parentId: 'loop1' },
];

const titles = (entries: ReturnType<typeof categoryEntries>): unknown =>
  entries.map((e) => (e.children ? { [e.title]: titles(e.children) } : e.title));

describe('sections', () => {
  it('shows categories and ratings only when on, subscriptions only when signed in', () => {
    expect(visibleSections({ categoriesEnabled: true, ratingsEnabled: true, signedIn: true })).toEqual(['category', 'stage', 'rating', 'state', 'subscription']);
    expect(visibleSections({ categoriesEnabled: false, ratingsEnabled: false, signedIn: false })).toEqual(['stage', 'state']);
  });

  it('has one section of each kind', () => {
    expect(new Set(Object.values(FILTER_KIND))).toEqual(new Set(['checkbox', 'list', 'radio', 'categoryTree']));
  });
});

describe('category tree', () => {
  const tree = categoryEntries(CATEGORIES);

  it('nests by parent, sorted by title; orphans become roots; loops are not lost', () => {
    expect(titles(tree)).toEqual([
      'Commerce', { Finance: ['Banking', { Payments: ['Cards'] }] }, 'Orphan', 'Loop one', 'Loop two',
    ]);
    expect(flattenEntries(tree).map((e) => e.value).sort()).toEqual(CATEGORIES.map((c) => c.id).sort());
  });

  it('keeps counts and parents', () => {
    const cards = flattenEntries(tree).find((e) => e.value === 'cards')!;
    expect(cards.count).toBe(2);
    expect(cards.parent?.value).toBe('pay');
    expect(cards.parent?.parent?.value).toBe('fin');
  });

  it('a chosen ancestor includes its descendants', () => {
    const cards = flattenEntries(tree).find((e) => e.value === 'cards')!;
    expect(impliedByAncestor(cards, ['fin'])).toBe(true);
    expect(impliedByAncestor(cards, ['cards', 'com'])).toBe(false);
  });

  it('can start below a fixed category', () => {
    expect(titles(categoryEntries(CATEGORIES, 'fin'))).toEqual(['Banking', { Payments: ['Cards'] }]);
    expect(categoryEntries(CATEGORIES, 'missing')).toEqual([]);
  });
});

describe('choosing values', () => {
  it('checkbox and tree add and remove; list toggles one; radio sets one or clears', () => {
    expect(toggleValue('checkbox', ['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleValue('categoryTree', ['a', 'b'], 'a')).toEqual(['b']);
    expect(toggleValue('list', ['4'], '3')).toEqual(['3']);
    expect(toggleValue('list', ['4'], '4')).toEqual([]);
    expect(toggleValue('radio', ['true'], 'false')).toEqual(['false']);
    expect(toggleValue('radio', ['true'], '')).toEqual([]);
  });

  it('writes each section back into the browse state, on page 1', () => {
    const onPage2 = { ...EMPTY_BROWSE_STATE, page: 2 };
    expect(withSectionValues(onPage2, 'rating', ['4'])).toMatchObject({ rating: 4, page: 1 });
    expect(withSectionValues(onPage2, 'rating', ['9']).rating).toBeNull();
    expect(withSectionValues(onPage2, 'subscription', ['false']).subscribed).toBe(false);
    expect(withSectionValues(onPage2, 'state', ['active', 'bogus']).states).toEqual(['active']);
    const s = withSectionValues(onPage2, 'category', ['fin']);
    expect(sectionValues(s, 'category')).toEqual(['fin']);
    expect(sectionValues(withSectionValues(s, 'subscription', ['true']), 'subscription')).toEqual(['true']);
  });

  it('rating rows go from 5 down to 1', () => {
    expect(ratingEntries().map((e) => e.value)).toEqual(['5', '4', '3', '2', '1']);
  });
});

describe('all, selected-only and searched views', () => {
  const tree = categoryEntries(CATEGORIES.slice(0, 5));

  it('all shows every entry', () => {
    expect(flattenEntries(visibleEntries(tree, ['cards']))).toHaveLength(5);
  });

  it('selected-only keeps the chosen entries and the branches to them', () => {
    expect(titles(visibleEntries(tree, ['cards', 'com'], { selectedOnly: true }))).toEqual(['Commerce', { Finance: [{ Payments: ['Cards'] }] }]);
    expect(visibleEntries(tree, [], { selectedOnly: true })).toEqual([]);
  });

  it('text keeps matching titles, case-insensitively, with their parents', () => {
    expect(titles(visibleEntries(tree, [], { text: 'CARD' }))).toEqual([{ Finance: [{ Payments: ['Cards'] }] }]);
    expect(titles(visibleEntries(tree, [], { text: 'payments' }))).toEqual([{ Finance: ['Payments'] }]);
  });

  it('does not change the tree it prunes', () => {
    visibleEntries(tree, ['cards'], { selectedOnly: true });
    expect(flattenEntries(tree)).toHaveLength(5);
  });
});

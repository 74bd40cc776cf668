// The filter panels of the browse screen (spec 1 §2, §3 "Filter entry"): which sections show,
// their kind (checkbox, list, radio, category tree), their entries (title, value, count,
// children, parent), choosing values, and the all / selected-only and text-filtered views.
import { RATING_MAX } from './constants.ts';
import {
  RESOURCE_STATE_VALUES, withFilters, type BrowseState, type ResourceStateValue,
} from './catalogueUrl.ts';

export type FilterKind = 'checkbox' | 'list' | 'radio' | 'categoryTree';
export type FilterId = 'category' | 'stage' | 'rating' | 'state' | 'subscription';

export interface FilterEntry {
  title: string;
  value: string;
  /** Products behind the entry, when the server tells. */
  count?: number;
  children?: FilterEntry[];
  parent?: FilterEntry | null;
}

/** Each section's kind: several categories (a tree) and several stages or resource states may be
 * chosen; one minimum rating (a list of star rows) and one subscription choice (radio). */
export const FILTER_KIND: Record<FilterId, FilterKind> = {
  category: 'categoryTree',
  stage: 'checkbox',
  rating: 'list',
  state: 'checkbox',
  subscription: 'radio',
};

export interface SectionContext {
  categoriesEnabled: boolean;
  ratingsEnabled: boolean;
  signedIn: boolean;
}

/** The sections shown, in order: categories only when categories are on, rating only when
 * ratings are on, subscription only for a signed-in user (a visitor has none). */
export function visibleSections(ctx: SectionContext): FilterId[] {
  const out: FilterId[] = [];
  if (ctx.categoriesEnabled) out.push('category');
  out.push('stage');
  if (ctx.ratingsEnabled) out.push('rating');
  out.push('state');
  if (ctx.signedIn) out.push('subscription');
  return out;
}

export function isMultiple(kind: FilterKind): boolean {
  return kind === 'checkbox' || kind === 'categoryTree';
}

/** Choosing an entry: multiple kinds add or remove it; a list entry toggles (click again clears);
 * a radio entry is chosen (the 'any' entry, value '', clears). */
export function toggleValue(kind: FilterKind, selected: readonly string[], value: string): string[] {
  if (isMultiple(kind)) return selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value];
  if (kind === 'list') return selected.includes(value) ? [] : [value];
  return value === '' ? [] : [value];
}

// ------------------------------------------------------------------------------- entries

export interface CategoryLike {
  id: string;
  title?: string;
  parentId?: string | null;
  productCount?: number;
}

/**
 * The category tree: entries sorted by title, each with its parent. A category whose parent is
 * missing (not visible, or a broken link) becomes a root; a loop is cut where it closes. With
 * `rootId`, only that category's descendants (the element's fixed category).
 */
export function categoryEntries(categories: readonly CategoryLike[], rootId?: string | null): FilterEntry[] {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const children = new Map<string | null, CategoryLike[]>();
  for (const c of categories) {
    const parent = c.parentId && byId.has(c.parentId) && c.parentId !== c.id ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const seen = new Set<string>();
  const build = (parentKey: string | null, parent: FilterEntry | null): FilterEntry[] =>
    (children.get(parentKey) ?? [])
      .filter((c) => !seen.has(c.id))
      .sort((a, b) => (a.title ?? a.id).localeCompare(b.title ?? b.id))
      .map((c) => {
        seen.add(c.id);
        const entry: FilterEntry = { title: c.title ?? c.id, value: c.id, parent };
        if (c.productCount !== undefined) entry.count = c.productCount;
        const kids = build(c.id, entry);
        if (kids.length) entry.children = kids;
        return entry;
      });
  if (rootId) {
    const root = byId.get(rootId);
    return root ? build(rootId, null) : [];
  }
  const roots = build(null, null);
  // Categories in a cycle never reach a root: show them at the top rather than lose them.
  const lost = categories.filter((c) => !seen.has(c.id)).map((c) => ({ ...c, parentId: null }));
  return lost.length ? [...roots, ...categoryEntries(lost)] : roots;
}

export function listEntries(items: ReadonlyArray<{ id: string; title: string }>): FilterEntry[] {
  return items.map((i) => ({ title: i.title, value: i.id, parent: null }));
}

/** Rating rows, best first: "5 stars", "4 stars & up", … "1 star & up". Titles are the value;
 * the screen renders stars and the localised text. */
export function ratingEntries(): FilterEntry[] {
  return Array.from({ length: RATING_MAX }, (_, i) => String(RATING_MAX - i)).map((v) => ({ title: v, value: v, parent: null }));
}

export function stateEntries(): FilterEntry[] {
  return RESOURCE_STATE_VALUES.map((s) => ({ title: s, value: s, parent: null }));
}

/** Radio entries of the subscription section: any (''), with (true), without (false). */
export function subscriptionEntries(): FilterEntry[] {
  return ['', 'true', 'false'].map((v) => ({ title: v, value: v, parent: null }));
}

/** Every entry, depth first. */
export function flattenEntries(entries: readonly FilterEntry[]): FilterEntry[] {
  return entries.flatMap((e) => [e, ...flattenEntries(e.children ?? [])]);
}

/** The entry's ancestors, nearest first. */
export function ancestorsOf(entry: FilterEntry): FilterEntry[] {
  const out: FilterEntry[] = [];
  for (let p = entry.parent ?? null; p; p = p.parent ?? null) out.push(p);
  return out;
}

/** A category whose ancestor is chosen is already included (the server adds child categories). */
export function impliedByAncestor(entry: FilterEntry, selected: readonly string[]): boolean {
  return ancestorsOf(entry).some((a) => selected.includes(a.value));
}

export interface EntryView {
  /** Only the chosen entries (and, in a tree, the branches that lead to them). */
  selectedOnly?: boolean;
  /** Case-insensitive part of the title (the section's search box). */
  text?: string;
}

/** The entries a section shows, as a pruned copy of the tree (parents kept for context). */
export function visibleEntries(entries: readonly FilterEntry[], selected: readonly string[], view: EntryView = {}): FilterEntry[] {
  const text = view.text?.trim().toLowerCase() ?? '';
  const keep = (e: FilterEntry): boolean =>
    (!view.selectedOnly || selected.includes(e.value)) && (!text || e.title.toLowerCase().includes(text));
  const prune = (list: readonly FilterEntry[]): FilterEntry[] =>
    list.flatMap((e) => {
      const kids = prune(e.children ?? []);
      if (!keep(e) && kids.length === 0) return [];
      const copy: FilterEntry = { ...e };
      if (kids.length) copy.children = kids;
      else delete copy.children;
      return [copy];
    });
  return prune(entries);
}

// ------------------------------------------------------------------------------- state

/** The chosen values of a section, as entry values. */
export function sectionValues(state: BrowseState, id: FilterId): string[] {
  switch (id) {
    case 'category':
      return state.categories;
    case 'stage':
      return state.stages;
    case 'rating':
      return state.rating === null ? [] : [String(state.rating)];
    case 'state':
      return state.states;
    case 'subscription':
      return state.subscribed === null ? [] : [String(state.subscribed)];
  }
}

/** The browse state with a section's new values (and page 1). */
export function withSectionValues(state: BrowseState, id: FilterId, values: readonly string[]): BrowseState {
  switch (id) {
    case 'category':
      return withFilters(state, { categories: [...values] });
    case 'stage':
      return withFilters(state, { stages: [...values] });
    case 'rating': {
      const n = Number(values[0]);
      return withFilters(state, { rating: Number.isInteger(n) && n >= 1 && n <= RATING_MAX ? n : null });
    }
    case 'state':
      return withFilters(state, {
        states: values.filter((v): v is ResourceStateValue => (RESOURCE_STATE_VALUES as readonly string[]).includes(v)),
      });
    case 'subscription':
      return withFilters(state, { subscribed: values[0] === 'true' ? true : values[0] === 'false' ? false : null });
  }
}

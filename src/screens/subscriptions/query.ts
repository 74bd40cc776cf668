// Pure helpers of the subscriptions screens (spec 3 §2.3, §4): the list's filters and the query
// they make, the labels and colours of states, and the sections the details open by hash anchor.
import type { SubscriptionsFilter } from '../../api/subscriptions.ts';
import type { Tone } from '../../ui/tone.ts';

export type SubscriptionState = NonNullable<SubscriptionsFilter['states']>[number];
export type ApprovalState = NonNullable<SubscriptionsFilter['approvalStates']>[number];

export const STATE_FILTERS: readonly SubscriptionState[] = ['active', 'archiving', 'archived', 'migrating', 'migrated', 'deleting'];
export const APPROVAL_FILTERS: readonly ApprovalState[] = ['approved', 'pending', 'rejected'];

/** Spec 3 §9: deleting danger, archiving and archived warning, active success. */
export const STATE_TONE: Record<SubscriptionState, Tone> = {
  active: 'success', archiving: 'warning', archived: 'warning', migrating: 'info', migrated: 'neutral', deleting: 'danger',
};
export const APPROVAL_TONE: Record<ApprovalState, Tone> = { approved: 'success', pending: 'warning', rejected: 'danger' };

export interface SubscriptionFilters {
  productId: string | null;
  approvalStates: ApprovalState[];
  states: SubscriptionState[];
}
export const NO_FILTERS: SubscriptionFilters = { productId: null, approvalStates: [], states: [] };
export const filterCount = (f: SubscriptionFilters) => (f.productId ? 1 : 0) + f.approvalStates.length + f.states.length;

export type SubscriptionSort = '-metadata.createdAt' | '+metadata.createdAt';
/** Spec 3 §2.3: newest first. */
export const DEFAULT_SORT: SubscriptionSort = '-metadata.createdAt';

export interface SubscriptionListState {
  filters: SubscriptionFilters;
  search: string;
  sort: SubscriptionSort;
  page: number;
  pageSize: number;
}

export function subscriptionsQuery({ filters, search, sort, page, pageSize }: SubscriptionListState): SubscriptionsFilter {
  const text = search.trim();
  return {
    page: Math.max(1, page),
    pageSize,
    sort,
    ...(filters.productId ? { product: filters.productId } : {}),
    ...(filters.approvalStates.length ? { approvalStates: filters.approvalStates } : {}),
    ...(filters.states.length ? { states: filters.states } : {}),
    ...(text ? { searchText: text } : {}),
  };
}

/** The details' expandable sections, each opened by its hash anchor (#applications…). */
export const SECTIONS = ['applications', 'additional-info', 'invoices', 'usage'] as const;
export type Section = (typeof SECTIONS)[number];
export const sectionOf = (fragment: string): Section | null => ((SECTIONS as readonly string[]).includes(fragment) ? (fragment as Section) : null);

/** Whether a plan's subscription request schema asks for anything. */
export function schemaHasFields(schema: unknown): boolean {
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return !!properties && typeof properties === 'object' && Object.keys(properties).length > 0;
}

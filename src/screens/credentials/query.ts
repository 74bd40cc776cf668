// Pure helpers of the credentials screens: the list's query from its level, filters, search, sort
// and page; a credential's facts for the rules of src/rules/credentials.ts; the OAuth redirect URL.
import type { Credential, CredentialsQuery } from '../../../server/src/schemas/credentials.ts';
import { CREDENTIAL_EXPIRY_FILTER_DAYS } from '../../rules/constants.ts';
import { expiryPreset, visibilityEnd, type CredentialDisplayState, type CredentialFacts, type ProvisioningStatus } from '../../rules/credentials.ts';
import { href } from '../../rules/routes.ts';

export type ExpiryPreset = 'expired' | (typeof CREDENTIAL_EXPIRY_FILTER_DAYS)[number];
export const EXPIRY_PRESETS: readonly ExpiryPreset[] = ['expired', ...CREDENTIAL_EXPIRY_FILTER_DAYS];

export interface CredentialFilters {
  status: ProvisioningStatus[];
  states: Exclude<CredentialDisplayState, 'deleting'>[];
  expiry: ExpiryPreset | null;
  applicationIds: string[];
}
export const NO_FILTERS: CredentialFilters = { status: [], states: [], expiry: null, applicationIds: [] };

export const filterCount = (f: CredentialFilters) => f.status.length + f.states.length + (f.expiry ? 1 : 0) + f.applicationIds.length;

/** Where the table is: one application, one resource (of a product version), or everything. */
export interface CredentialScope {
  applicationId?: string;
  resourceId?: string;
  productId?: string;
  versionId?: string;
}

export type CredentialSort = NonNullable<CredentialsQuery['sort']>;
export const DEFAULT_CREDENTIAL_SORT: CredentialSort = '+title';

export interface CredentialListState {
  filters: CredentialFilters;
  search: string;
  sort: CredentialSort;
  page: number;
  pageSize: number;
  /** Only these credentials (the "view credential" link after creation). */
  ids?: string[];
}

export function credentialsQuery(scope: CredentialScope, state: CredentialListState, now: Date): CredentialsQuery {
  const { filters, search, sort, page, pageSize } = state;
  const applications = scope.applicationId ? [scope.applicationId] : filters.applicationIds;
  const expiry = filters.expiry ? expiryPreset(filters.expiry, now) : {};
  const query: CredentialsQuery = {
    offset: (Math.max(1, page) - 1) * pageSize,
    limit: pageSize,
    sort,
    ...(scope.resourceId ? { resource: scope.resourceId } : {}),
    ...(scope.productId ? { product: scope.productId } : {}),
    ...(scope.versionId ? { version: scope.versionId } : {}),
    ...(applications.length ? { application: applications } : {}),
    ...(state.ids?.length ? { id: state.ids } : {}),
    ...(filters.status.length ? { status: filters.status } : {}),
    ...(filters.states.length ? { state: filters.states } : {}),
    ...expiry,
  };
  const text = search.trim();
  if (text) {
    query.search = text;
    query.searchInAppName = true;
  }
  return query;
}

/** The facts the credential rules read, from the API's credential. */
export function factsOf(c: Credential): CredentialFacts {
  const p = c.provisioning;
  return {
    state: c.state,
    provisioningState: p.state,
    provisioningStatus: p.status,
    renewable: p.policies.renewable,
    suspendable: p.policies.suspendable,
    expiresAt: p.policies.expiry?.time ?? null,
    visibleUntil: visibilityEnd(p.policies.visibility?.time ?? null, p.provisionedAt),
    hasDecryptLink: !!c.links.decrypt,
  };
}

/** The OAuth redirect URL of a credential: the resource's console page on this portal. */
export function oauthRedirectUrl(origin: string, productId: string, versionId: string, resourceId: string): string {
  return origin.replace(/\/+$/, '') + href('product.resource', { productId, versionId, resourceId, tab: 'methods' });
}

/** A secret field of a provision schema (x-agora-encrypted) or a well-known secret name. */
export function secretFields(schema: unknown, data: Record<string, unknown>): string[] {
  const props = (schema as { properties?: Record<string, { 'x-agora-encrypted'?: boolean }> } | null)?.properties ?? {};
  const marked = Object.entries(props).filter(([, p]) => p?.['x-agora-encrypted']).map(([k]) => k);
  if (marked.length) return marked;
  return Object.keys(data).filter((k) => /secret|password|apiKey/i.test(k));
}

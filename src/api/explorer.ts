// The resource page and its explorer: the resource, its specification index (tags and operation
// summaries), one operation at a time and the schemas it references when opened, the whole document (text or download), and
// calls that go through the server's try-it gateway or its OAuth 2 token endpoint.
import type { AssetResource } from '../../server/src/schemas/catalogue.ts';
import type { SpecIndexResponse, SpecOperation, SpecSchema, TryIt } from '../../server/src/schemas/explorer.ts';
import type { TokenRequest } from '../../server/src/schemas/gateway.ts';
import { MAX_PAGE_LIMIT } from '../rules/constants.ts';
import { agoraStore } from '../state/store.ts';
import type { Api, Page } from './client.ts';
import { keys } from './screenKeys.ts';
import { claim, resourcePath } from './prefetch.ts';
import { useApiQuery } from './swr.ts';

export type { AssetResource, SpecIndexResponse, SpecOperation, SpecSchema, TryIt, TokenRequest };
export type SpecTag = SpecIndexResponse['tags'][number];
export type OperationSummary = SpecTag['operations'][number];

export const fetchAssetResource = (api: Api, productId: string, versionId: string, resourceId: string) =>
  claim(api, resourcePath(productId, versionId, resourceId), () => api.get<AssetResource>(resourcePath(productId, versionId, resourceId)));

export const fetchSpecIndex = (api: Api, productId: string, versionId: string, resourceId: string) =>
  claim(api, `${resourcePath(productId, versionId, resourceId)}/spec/index`,
    () => api.get<SpecIndexResponse>(`${resourcePath(productId, versionId, resourceId)}/spec/index`));

export const fetchSpecOperation = (api: Api, productId: string, versionId: string, resourceId: string, ordinal: number) =>
  api.get<SpecOperation>(`${resourcePath(productId, versionId, resourceId)}/spec/operations/${ordinal}`);

/** A schema an operation references (its own references kept, with their ids). */
export const fetchSpecSchema = (api: Api, productId: string, versionId: string, resourceId: string, schemaId: number) =>
  api.get<SpecSchema>(`${resourcePath(productId, versionId, resourceId)}/spec/schemas/${schemaId}`);

/** The stored definition as text (code viewer, AsyncAPI, GraphQL SDL). */
export const fetchResourceText = (api: Api, productId: string, versionId: string, resourceId: string) =>
  api.text(`${resourcePath(productId, versionId, resourceId)}/data`);

/** The whole definition as a file, for the download button. */
export const fetchResourceBlob = (api: Api, productId: string, versionId: string, resourceId: string) =>
  api.blob(`${resourcePath(productId, versionId, resourceId)}/data`);

/** Immutable for the page's life: an operation changes only with the index etag, which a reload sees. */
const STATIC = { revalidateIfStale: false, revalidateOnReconnect: false, keepPreviousData: false } as const;

export const useAssetResource = (productId: string | null, versionId: string | null, resourceId: string | null) =>
  useApiQuery(productId && versionId && resourceId ? keys.assetResource(productId, versionId, resourceId) : null,
    (api) => fetchAssetResource(api, productId!, versionId!, resourceId!));

export const useSpecIndex = (productId: string | null, versionId: string | null, resourceId: string | null) =>
  useApiQuery(productId && versionId && resourceId ? keys.specIndex(productId, versionId, resourceId) : null,
    (api) => fetchSpecIndex(api, productId!, versionId!, resourceId!), STATIC);

export const useSpecOperation = (productId: string, versionId: string, resourceId: string, ordinal: number | null) =>
  useApiQuery(ordinal !== null ? keys.specOperation(productId, versionId, resourceId, ordinal) : null,
    (api) => fetchSpecOperation(api, productId, versionId, resourceId, ordinal!), STATIC);

/** Fetched when the reader opens a reference, then kept for the page's life (shared by every place it is drawn). */
export const useSpecSchema = (productId: string, versionId: string, resourceId: string, schemaId: number | null) =>
  useApiQuery(schemaId !== null ? [...keys.specIndex(productId, versionId, resourceId), 'schemas', schemaId] as const : null,
    (api) => fetchSpecSchema(api, productId, versionId, resourceId, schemaId!), STATIC);

export const useResourceText = (productId: string, versionId: string, resourceId: string, enabled = true) =>
  useApiQuery(enabled ? keys.resourceText(productId, versionId, resourceId) : null,
    (api) => fetchResourceText(api, productId, versionId, resourceId), STATIC);

/** The same resource in another version (resources of every version share their source id). */
export const fetchResourceCounterpart = (api: Api, productId: string, versionId: string, sourceResourceId: string) =>
  api.list<AssetResource>(`/products/${encodeURIComponent(productId)}/versions/${encodeURIComponent(versionId)}/assetresources`,
    { limit: 1, query: { 'source.assetResource.id': sourceResourceId } }).then((page) => page.items[0] ?? null);

export const useResourceCounterpart = (productId: string, versionId: string | null, sourceResourceId: string | null) =>
  useApiQuery(versionId && sourceResourceId ? keys.resourceCounterpart(productId, versionId, sourceResourceId) : null,
    (api) => fetchResourceCounterpart(api, productId, versionId!, sourceResourceId!), STATIC);

/** Saves the stored definition under the server's file name (Content-Disposition). */
export const downloadDefinition = (api: Api, productId: string, versionId: string, resourceId: string, fallbackName: string) =>
  saveDownload(api, `${resourcePath(productId, versionId, resourceId)}/data`, fallbackName);

/** The formats a resource's collection downloads as (server/src/routes/collections.ts). */
export type CollectionFormat = 'postman' | 'openapi';

/** Saves the resource's collection for Postman, or its OpenAPI file re-based on the gateway. */
export const downloadCollection = (api: Api, productId: string, versionId: string, resourceId: string, format: CollectionFormat) =>
  saveDownload(api, `${resourcePath(productId, versionId, resourceId)}/collection`, `${resourceId}.${format}.json`, { format });

async function saveDownload(api: Api, path: string, fallbackName: string, query?: Record<string, string>): Promise<void> {
  const res = await api.response('GET', path, undefined, { headers: { Accept: '*/*' }, ...(query ? { query } : {}) });
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1] ?? /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name ? decodeURIComponent(name) : fallbackName;
  a.rel = 'noopener';
  // Never attached to the page: a detached anchor's click starts the download all the same.
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ------------------------------------------------------------------------ the user's credentials

/** What the console reads of one of the user's credentials (spec 2 §3). */
export interface ConsoleCredentialItem {
  id: string;
  title: string;
  state?: string | null;
  application?: { id: string; title?: string } | null;
  provisioning?: { state?: string | null; status?: string | null } | null;
}

/** The internal origin's choices: the caller's applications holding an approved access request
 * for the resource, and those applications' credentials (usable or not: the panel says which). */
export interface ConsoleChoices {
  applications: Array<{ id: string; title: string }>;
  credentials: ConsoleCredentialItem[];
}

/**
 * Spec 2 "API console": GET /accessRequests (approved, for this resource) names the applications,
 * GET /credentials (application=…) their credentials. Lists are bounded by MAX_PAGE_LIMIT: a user
 * with more applications or credentials for one resource than that is not a console's case.
 */
export async function fetchConsoleCredentials(api: Api, resourceId: string): Promise<ConsoleChoices> {
  const requests = await api.list<{ application: { id: string; title: string } }>('/accessRequests', {
    query: { resourceId, approvalStates: 'approved', limit: MAX_PAGE_LIMIT },
  });
  const applications = [...new Map(requests.items.map((r) => [r.application.id, r.application])).values()]
    .sort((a, b) => a.title.localeCompare(b.title));
  if (applications.length === 0) return { applications, credentials: [] };
  const credentials = await api.list<ConsoleCredentialItem>('/credentials', {
    query: { application: applications.map((a) => a.id), limit: MAX_PAGE_LIMIT, sort: '+title' },
  });
  return { applications, credentials: credentials.items };
}

export const useConsoleCredentials = (resourceId: string, enabled: boolean) =>
  useApiQuery<ConsoleChoices>(enabled ? keys.consoleCredentials(resourceId) : null,
    (api) => fetchConsoleCredentials(api, resourceId), { shouldRetryOnError: false, revalidateIfStale: true });

// ------------------------------------------------------------------------ portal-authenticated calls

/** A path the server gave (e.g. tryIt.gatewayUrl '/api/v1/gateway/…') as an absolute URL on the
 * API's origin, which need not be the page's. */
export function serverUrl(apiBase: string, path: string): string {
  const base = new URL(apiBase, typeof location === 'undefined' ? 'http://localhost/' : location.href);
  return new URL(path, base).href;
}

const EXPIRY_MARGIN_MS = 10_000;

/**
 * The portal's own headers for a call made outside the API client (try-it through the gateway,
 * the console's token exchange). An access token about to expire is refreshed first, through the
 * client, which owns the refresh.
 */
export async function portalHeaders(api: Api): Promise<Record<string, string>> {
  let tokens = agoraStore.getState().tokens;
  if (tokens && tokens.expiresAt && tokens.expiresAt - EXPIRY_MARGIN_MS < Date.now()) {
    await api.get('/features').catch(() => undefined);
    tokens = agoraStore.getState().tokens;
  }
  const headers: Record<string, string> = {};
  if (tokens) headers.Authorization = `Bearer ${tokens.accessToken}`;
  if (api.options.tenant) headers['X-Tenant-Id'] = api.options.tenant;
  if (api.options.locale) headers['Accept-Language'] = api.options.locale;
  return headers;
}

export interface TokenAnswer {
  ok: boolean;
  status: number;
  /** The token endpoint's JSON (access_token, token_type, expires_in… or error, error_description). */
  body: Record<string, unknown>;
}

/** POST …/spec/token: the server exchanges the grant (authorization servers rarely allow the
 * browser's origin) and answers the token endpoint's own status and JSON. */
export async function requestToken(api: Api, tryIt: TryIt, request: TokenRequest): Promise<TokenAnswer> {
  const res = await fetch(serverUrl(api.options.apiBase, tryIt.tokenUrl), {
    method: 'POST',
    headers: { ...(await portalHeaders(api)), 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(request),
  });
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    // An empty or non-JSON answer: the status says enough.
  }
  return { ok: res.ok, status: res.status, body };
}

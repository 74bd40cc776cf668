// Product details: the product, its versions, a version's overview, resources, assets and
// documents, and its plans (with quotas) and the resources a plan covers.
import type { Product, ProductVersion, AssetResource, Document } from '../../server/src/schemas/catalogue.ts';
import type { Plan, Quota } from '../../server/src/schemas/plans.ts';
import { DOCUMENTS_MAX_PAGE_SIZE, MAX_PAGE_LIMIT, PLANS_PAGE_SIZE } from '../rules/constants.ts';
import type { Api, Page } from './client.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export type { Product, ProductVersion, AssetResource, Document, Plan, Quota };

export interface VersionOverview {
  productId: string;
  versionId: string;
  contentType: 'text/markdown';
  content: string;
}

export interface Asset {
  id: string;
  title: string;
  description: string;
  assetResources: { totalCount: number; withAccessRequest: number };
}

const p = (id: string) => `/products/${encodeURIComponent(id)}`;
const v = (id: string, versionId: string) => `${p(id)}/versions/${encodeURIComponent(versionId)}`;

export const fetchProduct = (api: Api, productId: string) => api.get<Product>(p(productId));

/** Newest first; limit 1 in 'latest' display mode, else up to 50. */
export const fetchVersions = (api: Api, productId: string, limit: number) =>
  api.list<ProductVersion>(`${p(productId)}/versions`, { limit });

export const fetchVersion = (api: Api, productId: string, versionId: string) => api.get<ProductVersion>(v(productId, versionId));

export const fetchVersionOverview = (api: Api, productId: string, versionId: string) =>
  api.get<VersionOverview>(`${v(productId, versionId)}/overview`);

export const fetchVersionResources = (api: Api, productId: string, versionId: string, page = 1, limit = MAX_PAGE_LIMIT) =>
  api.list<AssetResource>(`${v(productId, versionId)}/assetresources`, { page, limit, query: { sort: '+title' } });

export const fetchVersionAssets = (api: Api, productId: string, versionId: string) =>
  api.list<Asset>(`${v(productId, versionId)}/assetresources/assets`);

export const fetchVersionDocuments = (api: Api, productId: string, versionId: string) =>
  api.list<Document>(`${v(productId, versionId)}/documents`, { limit: DOCUMENTS_MAX_PAGE_SIZE, query: { sort: '+rank' } });

/** The plans the caller may see, in the provider's order; plans page default 100. */
export const fetchPlans = (api: Api, productId: string) => api.list<Plan>(`${p(productId)}/plans`, { limit: PLANS_PAGE_SIZE });

export const fetchPlan = (api: Api, productId: string, planId: string) =>
  api.get<Plan>(`${p(productId)}/plans/${encodeURIComponent(planId)}`);

export const fetchPlanResources = (api: Api, productId: string, planId: string) =>
  api.list<AssetResource>(`${p(productId)}/plans/${encodeURIComponent(planId)}/resources`, { limit: MAX_PAGE_LIMIT });

// ---------------------------------------------------------------- hooks (null id: no request)

export const useProduct = (productId: string | null) =>
  useApiQuery(productId ? keys.product(productId) : null, (api) => fetchProduct(api, productId!));

export const useVersions = (productId: string | null, limit: number) =>
  useApiQuery(productId ? keys.productVersions(productId, limit) : null, (api) => fetchVersions(api, productId!, limit));

export const useVersion = (productId: string | null, versionId: string | null) =>
  useApiQuery(productId && versionId ? keys.productVersion(productId, versionId) : null, (api) => fetchVersion(api, productId!, versionId!));

export const useVersionOverview = (productId: string, versionId: string | null) =>
  useApiQuery(versionId ? keys.versionOverview(productId, versionId) : null, (api) => fetchVersionOverview(api, productId, versionId!));

export const useVersionResources = (productId: string, versionId: string | null, page = 1, limit = MAX_PAGE_LIMIT) =>
  useApiQuery(
    versionId ? keys.versionResources(productId, versionId, page, limit) : null,
    (api): Promise<Page<AssetResource>> => fetchVersionResources(api, productId, versionId!, page, limit),
    { keepPreviousData: true },
  );

export const useVersionAssets = (productId: string, versionId: string | null) =>
  useApiQuery(versionId ? keys.versionAssets(productId, versionId) : null, (api) => fetchVersionAssets(api, productId, versionId!));

export const useVersionDocuments = (productId: string, versionId: string | null) =>
  useApiQuery(versionId ? keys.versionDocuments(productId, versionId) : null, (api) => fetchVersionDocuments(api, productId, versionId!));

export const usePlans = (productId: string | null) =>
  useApiQuery(productId ? keys.productPlans(productId) : null, (api) => fetchPlans(api, productId!));

export const usePlan = (productId: string, planId: string | null) =>
  useApiQuery(planId ? keys.productPlan(productId, planId) : null, (api) => fetchPlan(api, productId, planId!));

export const usePlanResources = (productId: string, planId: string | null) =>
  useApiQuery(planId ? keys.planResources(productId, planId) : null, (api) => fetchPlanResources(api, productId, planId!));

// The marketplace root (site name, public flag, features, branding) and the features list.
import type { Marketplace, SiteSettings } from '../../server/src/schemas/config.ts';
import { DEFAULT_SITE_NAME } from '../rules/constants.ts';
import { localizeSettings } from '../rules/settingsText.ts';
import type { Api } from './client.ts';
import { keys } from './keys.ts';
import { useApiQuery } from './swr.ts';

export type { Marketplace, SiteSettings };

/** The marketplace root with the provider's texts in the client's locale (src/rules/settingsText.ts). */
export const fetchMarketplace = (api: Api) =>
  api.get<Marketplace>('/marketplace').then((m) => ({ ...m, settings: localizeSettings(m.settings, api.options.locale) }));
export const fetchFeatures = (api: Api) => api.get<{ items: string[] }>('/features').then((r) => r.items);

/** The marketplace root; refetched when the visitor signs in or out (the answer may differ). */
export function useMarketplace() {
  return useApiQuery(keys.marketplace(), fetchMarketplace, { revalidateIfStale: false, keepPreviousData: true });
}

/** The site name, with the spec's fallback 'Marketplace'. */
export function siteName(settings: Partial<SiteSettings> | null | undefined): string {
  const name = settings?.sitename?.trim();
  return name || DEFAULT_SITE_NAME;
}

export function hasFeature(marketplace: Marketplace | undefined, feature: string): boolean {
  return !!marketplace?.features?.includes(feature);
}

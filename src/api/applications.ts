// Applications, their owners, resources, profiles and profile definitions (spec 2 §3, §7), and
// the organisation's images. Shapes are the server's contract (server/src/schemas/applications.ts).
import type { Static } from '@sinclair/typebox';
import type {
  Application, ApplicationCreate, ApplicationProfile, ApplicationProfileDefinition as DefinitionSchema,
  ApplicationResource as ResourceSchema, ApplicationUpdate, Owner,
} from '../../server/src/schemas/applications.ts';
import { IMAGE_CACHE_MS } from '../rules/constants.ts';
import type { ApplicationListSort, ApplicationState } from '../rules/applications.ts';
import type { Api, Page } from './client.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export type { Application, ApplicationCreate, ApplicationUpdate, ApplicationProfile, Owner };
export type ApplicationProfileDefinition = Static<typeof DefinitionSchema>;
export type ApplicationResource = Static<typeof ResourceSchema>;

export interface ApplicationsQuery {
  states?: ApplicationState[];
  ownerIds?: string[];
  searchText?: string;
  sort?: ApplicationListSort;
  page: number;
  pageSize: number;
}

export interface ProfilesQuery { search?: string; sort?: '+title' | '-title' | '-metadata.modifiedAt'; page: number; pageSize: number }
export interface ApplicationResourcesQuery { assetResourceNameSearch?: string; sort?: '+title' | '-title'; page: number; pageSize: number }

const one = (id: string) => `/applications/${encodeURIComponent(id)}`;
const profile = (id: string, profileId: string) => `${one(id)}/profiles/${encodeURIComponent(profileId)}`;

export const fetchApplications = (api: Api, query: ApplicationsQuery) =>
  api.list<Application>('/applications', { query: { ...query } });
export const fetchApplication = (api: Api, id: string) => api.get<Application>(one(id));
export const fetchApplicationOwners = (api: Api) => api.list<Owner>('/applicationOwners');
export const createApplication = (api: Api, body: ApplicationCreate) => api.post<{ id: string }>('/applications', body);
export const updateApplication = (api: Api, id: string, body: ApplicationUpdate) => api.put<Application>(one(id), body);
/** Archive is an update with state archived (spec 2 §4). */
export const archiveApplication = (api: Api, application: Pick<Application, 'id' | 'title' | 'description'>) =>
  updateApplication(api, application.id, { title: application.title, description: application.description, state: 'archived' });
/** Asynchronous: the application is deleting, then gone. */
export const deleteApplication = (api: Api, id: string) => api.delete<Application>(one(id));

export const fetchApplicationResources = (api: Api, id: string, query: ApplicationResourcesQuery) =>
  api.list<ApplicationResource>(`${one(id)}/resources`, { query: { ...query } });

export const fetchProfiles = (api: Api, id: string, query: ProfilesQuery) =>
  api.list<ApplicationProfile>(`${one(id)}/profiles`, { query: { ...query } });
export const fetchProfile = (api: Api, id: string, profileId: string) => api.get<ApplicationProfile>(profile(id, profileId));
export const createProfile = (api: Api, id: string, body: { title?: string; definitionId: string; data: Record<string, unknown> }) =>
  api.post<{ id: string }>(`${one(id)}/profiles`, body);
export const updateProfile = (api: Api, id: string, profileId: string, body: { title?: string; data: Record<string, unknown> }) =>
  api.put<ApplicationProfile>(profile(id, profileId), body);
export const deleteProfile = (api: Api, id: string, profileId: string) => api.delete(profile(id, profileId));
export const fetchProfileDefinition = (api: Api, definitionId: string) =>
  api.get<ApplicationProfileDefinition>(`/applicationProfileDefinitions/${encodeURIComponent(definitionId)}`);

// ---------------------------------------------------------------- images

/** The API path of an image URL the server answers ('/api/v1/images/…' → '/images/…'). */
export function imagePath(icon: string | null | undefined): string | null {
  if (!icon) return null;
  const at = icon.indexOf('/images/');
  return at >= 0 ? icon.slice(at) : null;
}

/** Application images are served to the owning organisation only, so an <img src> without the
 * bearer token would 404: the client fetches the bytes and the page shows an object URL, kept
 * IMAGE_CACHE_MS (spec 2 §9). */
const objectUrls = new Map<string, { url: string; at: number }>();

async function fetchImageUrl(api: Api, path: string): Promise<string> {
  const cached = objectUrls.get(path);
  if (cached && Date.now() - cached.at < IMAGE_CACHE_MS) return cached.url;
  const blob = await api.blob(path);
  const url = URL.createObjectURL(blob);
  objectUrls.set(path, { url, at: Date.now() });
  // Revoked after the cache time (and a margin for an <img> still showing it).
  setTimeout(() => {
    if (objectUrls.get(path)?.url === url) objectUrls.delete(path);
    setTimeout(() => URL.revokeObjectURL(url), IMAGE_CACHE_MS);
  }, IMAGE_CACHE_MS);
  return url;
}

export function useImage(icon: string | null | undefined) {
  const path = imagePath(icon);
  return useApiQuery(path ? keys.image(path) : null, (api) => fetchImageUrl(api, path!), {
    dedupingInterval: IMAGE_CACHE_MS, revalidateIfStale: false, shouldRetryOnError: false,
  });
}

/** Forgets a changed image (after an edit), so the next look shows the new one. */
export function forgetImage(icon: string | null | undefined): void {
  const path = imagePath(icon);
  if (path) objectUrls.delete(path);
}

// ---------------------------------------------------------------- hooks (null: no request)

export const useApplications = (query: ApplicationsQuery | null) =>
  useApiQuery<Page<Application>>(query ? keys.applications(query) : null, (api) => fetchApplications(api, query!), { keepPreviousData: true });

export const useApplication = (id: string | null | undefined) =>
  useApiQuery<Application>(id ? keys.application(id) : null, (api) => fetchApplication(api, id!));

export const useApplicationOwners = (enabled: boolean) =>
  useApiQuery<Page<Owner>>(enabled ? keys.applicationOwners() : null, fetchApplicationOwners);

export const useApplicationResources = (id: string | null, query: ApplicationResourcesQuery) =>
  useApiQuery<Page<ApplicationResource>>(id ? keys.applicationResources(id, query) : null, (api) => fetchApplicationResources(api, id!, query), { keepPreviousData: true });

export const useProfiles = (id: string | null, query: ProfilesQuery) =>
  useApiQuery<Page<ApplicationProfile>>(id ? keys.applicationProfiles(id, query) : null, (api) => fetchProfiles(api, id!, query), { keepPreviousData: true });

export const useProfile = (id: string | null, profileId: string | null | undefined) =>
  useApiQuery<ApplicationProfile>(id && profileId ? keys.applicationProfile(id, profileId) : null, (api) => fetchProfile(api, id!, profileId!));

export const useProfileDefinition = (definitionId: string | null | undefined) =>
  useApiQuery<ApplicationProfileDefinition>(definitionId ? keys.applicationProfileDefinition(definitionId) : null, (api) => fetchProfileDefinition(api, definitionId!));

// What the wizard reads and writes besides subscriptions (src/api/subscriptions.ts): the caller's
// applications for the selector, the access request definitions of the selected resources, the
// application's profiles and their definitions, and the writes of Complete (profiles first, then
// one access request per resource). Shapes are the server's contract.
import type { Static } from '@sinclair/typebox';
import type { Application, ApplicationProfile } from '../../../server/src/schemas/applications.ts';
import type { AccessRequestDefinition, AccessRequestCreated } from '../../../server/src/schemas/accessRequests.ts';
import type { Api, Page } from '../../api/client.ts';
import { keys } from '../../api/screenKeys.ts';
import { useApiQuery } from '../../api/swr.ts';
import type { SubscriptionResource } from '../../api/subscriptions.ts';
import { MAX_PAGE_LIMIT } from '../../rules/constants.ts';
import { accessRequestTitle } from '../../rules/wizard.ts';

export type { Application };
export type Definition = Static<typeof AccessRequestDefinition>;
export type Created = Static<typeof AccessRequestCreated>;
export interface ProfileDefinition { id: string; title: string; schema: unknown }

const enc = encodeURIComponent;

/** The caller's active applications, a page at a time (the application selector). */
export const fetchActiveApplications = (api: Api, page: number, pageSize: number, searchText: string, signal?: AbortSignal) =>
  api.list<Application>('/applications', {
    query: { states: 'active', page, pageSize, sort: '+title', ...(searchText ? { searchText } : {}) },
    ...(signal ? { signal } : {}),
  });

export const fetchApplication = (api: Api, id: string) => api.get<Application>(`/applications/${enc(id)}`);

/** The definitions the selected resources name, each once, in the order given. */
export const useDefinitions = (ids: readonly string[]) =>
  useApiQuery<Definition[]>(ids.length ? keys.wizardDefinitions(ids) : null,
    (api) => Promise.all(ids.map((id) => api.get<Definition>(`/accessRequestDefinitions/${enc(id)}`))));

export const useApplicationProfiles = (applicationId: string | null) =>
  useApiQuery<Page<ApplicationProfile>>(applicationId ? keys.wizardProfiles(applicationId) : null,
    (api) => api.list<ApplicationProfile>(`/applications/${enc(applicationId!)}/profiles`, { query: { page: 1, pageSize: MAX_PAGE_LIMIT } }));

export const useProfileDefinitions = (ids: readonly string[]) =>
  useApiQuery<ProfileDefinition[]>(ids.length ? keys.wizardProfileDefinitions(ids) : null,
    (api) => Promise.all(ids.map((id) => api.get<ProfileDefinition>(`/applicationProfileDefinitions/${enc(id)}`))));

export interface Submission {
  applicationId: string;
  subscriptionId: string;
  product: { id: string; title: string };
  resources: SubscriptionResource[];
  /** Access request definition id -> additional information. */
  data: Record<string, Record<string, unknown>>;
  /** Application profile definition id -> data of a profile to create. */
  profiles: Record<string, Record<string, unknown>>;
  /** Resource id -> request already created by an earlier attempt (a retry skips them). */
  done: Record<string, Created>;
  onCreated: (resourceId: string, created: Created) => void;
  /** A profile was created (a retry must not create it again). */
  onProfileCreated: (definitionId: string) => void;
}

/** Complete: the profiles the application lacks, then one access request per selected resource. */
export async function submit(api: Api, s: Submission): Promise<Created[]> {
  const app = `/applications/${enc(s.applicationId)}`;
  for (const [definitionId, data] of Object.entries(s.profiles)) {
    await api.post(`${app}/profiles`, { definitionId, data });
    s.onProfileCreated(definitionId);
  }
  const out: Created[] = [];
  for (const r of s.resources) {
    const already = s.done[r.id];
    if (already) {
      out.push(already);
      continue;
    }
    const created = await api.post<Created>(`${app}/accessRequests`, {
      title: accessRequestTitle(r.title, s.product.title),
      product: { id: s.product.id, version: { id: r.versionId } },
      assetResource: { id: r.id },
      subscription: { id: s.subscriptionId },
      data: (r.accessRequestDefinition && s.data[r.accessRequestDefinition.id]) || {},
    });
    s.onCreated(r.id, created);
    out.push(created);
  }
  return out;
}

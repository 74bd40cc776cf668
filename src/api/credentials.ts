// Credentials (spec 2 §3, §4, §7): the list with its filters, one credential (decrypt for the
// secret), its resources, the actions, creation on an application and a resource's credential
// request definitions. Shapes are the server's contract (server/src/schemas/credentials.ts).
import type { Static } from '@sinclair/typebox';
import type {
  Credential, CredentialCreate, CredentialsQuery, CredentialRequestDefinition as CrdSchema, CredentialResource as CredentialResourceSchema,
} from '../../server/src/schemas/credentials.ts';
import type { CredentialAction } from '../rules/credentials.ts';
import type { Api, Page, Query } from './client.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export type { Credential, CredentialCreate, CredentialsQuery };
export type CredentialRequestDefinition = Static<typeof CrdSchema>;
export type CredentialResource = Static<typeof CredentialResourceSchema>;

const one = (id: string) => `/credentials/${encodeURIComponent(id)}`;

export const fetchCredentials = (api: Api, query: CredentialsQuery) => {
  const { offset, limit, ...rest } = query;
  return api.list<Credential>('/credentials', { query: { ...rest, offset, limit } as Record<string, unknown> as Query });
};

export const useCredentials = (query: CredentialsQuery | null) =>
  useApiQuery<Page<Credential>>(query ? keys.credentials(query) : null, (api) => fetchCredentials(api, query!), { keepPreviousData: true });

export const fetchCredential = (api: Api, id: string) => api.get<Credential>(one(id));

export const useCredential = (id: string | null | undefined) =>
  useApiQuery<Credential>(id ? keys.credential(id) : null, (api) => fetchCredential(api, id!));

/** The credential with its secret fields, only inside the visibility window (never cached). */
export const decryptCredential = (api: Api, id: string) => api.get<Credential>(one(id), { query: { decrypt: true } });

export const useCredentialResources = (id: string | null, page: number, pageSize: number) =>
  useApiQuery<Page<CredentialResource>>(id ? keys.credentialResources(id, page, pageSize) : null,
    (api) => api.list<CredentialResource>(`${one(id!)}/resources`, { query: { page, pageSize, sort: '+title' } }), { keepPreviousData: true });

/** renew, rotate (with the new name), suspend, enable; delete is its own verb. */
export function credentialAction(api: Api, id: string, action: CredentialAction, title?: string): Promise<unknown> {
  if (action === 'delete') return api.delete(one(id));
  return api.post<Credential>(`${one(id)}/${action}`, action === 'rotate' ? { title } : {});
}

export const createCredential = (api: Api, applicationId: string, body: CredentialCreate) =>
  api.post<{ id: string }>(`/applications/${encodeURIComponent(applicationId)}/credentials`, body);

export const useCredentialRequestDefinitions = (productId: string | null, versionId: string | null, resourceId: string | null) =>
  useApiQuery<Page<CredentialRequestDefinition>>(productId && versionId && resourceId ? keys.credentialRequestDefinitions(resourceId) : null,
    (api) => api.list<CredentialRequestDefinition>(
      `/products/${encodeURIComponent(productId!)}/versions/${encodeURIComponent(versionId!)}/assetresources/${encodeURIComponent(resourceId!)}/credentialRequestDefinitions`,
    ));

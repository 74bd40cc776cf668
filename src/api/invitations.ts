// Invitations into an organisation (server/src/schemas/invitations.ts): the holder of a code looks
// it up before registering with it (src/api/register.ts); the organisation's Administrator creates,
// lists and revokes them.
import type { Invitation, InvitationCreateBody, InvitationCreated, InvitationLookup } from '../../server/src/schemas/invitations.ts';
import type { Api, Page } from './client.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export type { Invitation, InvitationCreateBody, InvitationCreated, InvitationLookup };

export const lookupInvitation = (api: Api, code: string) =>
  api.get<InvitationLookup>('/invitationLookup', { query: { code }, anonymous: true });

export const useInvitationLookup = (code: string | null) =>
  useApiQuery(code ? keys.invitationLookup(code) : null, (api) => lookupInvitation(api, code!));

export const fetchInvitations = (api: Api) => api.list<Invitation>('/invitations');

export const useInvitations = (enabled: boolean) =>
  useApiQuery<Page<Invitation>>(enabled ? keys.invitations() : null, fetchInvitations);

export const createInvitation = (api: Api, body: InvitationCreateBody) => api.post<InvitationCreated>('/invitations', body);

export const revokeInvitation = (api: Api, id: string) => api.delete<void>(`/invitations/${encodeURIComponent(id)}`);

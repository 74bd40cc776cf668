// Account e-mails (server/src/routes/account.ts): confirm an address, ask for a reset link, set a
// new password with one; and the provider's outbox of e-mails (server/src/routes/mail.ts).
import type { Static } from '@sinclair/typebox';
import type { OutboxList, OutboxMessageDetail } from '../../server/src/schemas/mail.ts';
import type { Api } from './client.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export type OutboxPage = Static<typeof OutboxList>;
export type { OutboxMessageDetail };

export const verifyEmail = (api: Api, token: string) => api.post<void>('/auth/verifyEmail', { token }, { anonymous: true });

export const requestPasswordReset = (api: Api, email: string) => api.post<unknown>('/auth/passwordReset', { email }, { anonymous: true });

export const resetPassword = (api: Api, token: string, password: string) =>
  api.post<void>('/auth/resetPassword', { token, password }, { anonymous: true });

export const useOutbox = (enabled: boolean, query: { to?: string; offset: number; limit: number }) =>
  useApiQuery<OutboxPage>(enabled ? keys.outbox(query) : null, (api) => api.get<OutboxPage>('/outbox', { query: query.to ? query : { offset: query.offset, limit: query.limit } }));

export const useOutboxMessage = (id: string | null) =>
  useApiQuery<OutboxMessageDetail>(id ? keys.outboxMessage(id) : null, (api) => api.get<OutboxMessageDetail>(`/outbox/${encodeURIComponent(id!)}`));

// Webhooks of the provider (server/src/routes/webhooks.ts)
export type Webhook = Static<typeof import('../../server/src/schemas/webhooks.ts').Webhook>;
export type WebhookDelivery = Static<typeof import('../../server/src/schemas/webhooks.ts').WebhookDelivery>;
export type { WebhookCreate } from '../../server/src/schemas/webhooks.ts';

export const useWebhooks = (enabled: boolean) =>
  useApiQuery<{ items: Webhook[]; totalCount: number }>(enabled ? keys.webhooks() : null, (api) => api.get('/webhooks'));

export const useWebhookDeliveries = (id: string) =>
  useApiQuery<{ items: WebhookDelivery[]; totalCount: number }>(keys.webhookDeliveries(id), (api) => api.get(`/webhooks/${encodeURIComponent(id)}/deliveries`, { query: { limit: 20 } }));

export const createWebhook = (api: Api, body: { url: string; events: string[] }) => api.post<Webhook & { secret: string }>('/webhooks', body);
export const deleteWebhook = (api: Api, id: string) => api.delete<void>(`/webhooks/${encodeURIComponent(id)}`);
export const enableWebhook = (api: Api, id: string) => api.post<Webhook>(`/webhooks/${encodeURIComponent(id)}/enable`);
export const redeliverWebhook = (api: Api, id: string, deliveryId: string) =>
  api.post<WebhookDelivery>(`/webhooks/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`);

// Notification choices (server/src/routes/notifications.ts)
export type NotificationSettings = Static<typeof import('../../server/src/schemas/notifications.ts').NotificationSettings>;

export const useNotificationSettings = () =>
  useApiQuery<NotificationSettings>(keys.notificationSettings(), (api) => api.get<NotificationSettings>('/notificationSettings'));

export const saveNotificationSettings = (api: Api, email: Partial<NotificationSettings['email']>) =>
  api.put<NotificationSettings>('/notificationSettings', { email });

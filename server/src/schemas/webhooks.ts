// Webhooks for providers (issue 33): endpoints a provider Administrator registers and the
// deliveries of events to them, each signed (Agora-Signature, server/src/webhooks/sign.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Paging } from './common.ts';
import { WEBHOOK_EVENT_TYPES } from '../../../src/rules/constants.ts';

export { WEBHOOK_EVENT_TYPES };

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WebhookCreate = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2000 }),
  events: Type.Array(Type.Union(WEBHOOK_EVENT_TYPES.map((e) => Type.Literal(e))), { minItems: 1, maxItems: WEBHOOK_EVENT_TYPES.length, uniqueItems: true }),
  /** The signing secret; absent: one is generated (and answered once). */
  secret: Type.Optional(Type.String({ minLength: 16, maxLength: 200 })),
}, { additionalProperties: false });
export type WebhookCreate = Static<typeof WebhookCreate>;

export const Webhook = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  state: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]),
  failingSince: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  disabledAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Webhook = Static<typeof Webhook>;

/** The answer to a creation: the only time the secret is shown. */
export const WebhookCreated = Type.Composite([Webhook, Type.Object({ secret: Type.String() })]);

export const WebhookDelivery = Type.Object({
  id: Type.String(),
  eventId: Type.String(),
  eventType: Type.String(),
  state: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  responseStatus: Type.Union([Type.Integer(), Type.Null()]),
  responseBody: Type.Union([Type.String(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  redeliveryOf: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  lastAttemptAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  payload: Type.Unknown(),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;

export const DeliveriesQuery = Type.Object({ ...Paging }, { additionalProperties: false });

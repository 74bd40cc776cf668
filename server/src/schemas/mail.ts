// The outbox (issue 33): e-mails the server made, readable by a provider Administrator, so a
// marketplace without SMTP_URL (the embedded demo) shows every message it would have sent.
import { Type, type Static } from '@sinclair/typebox';
import { Paging } from './common.ts';

export const MAIL_STATES = ['queued', 'sent', 'outbox', 'failed'] as const;

export const OutboxQuery = Type.Object({
  ...Paging,
  /** Only messages to this address (case-insensitive). */
  to: Type.Optional(Type.String({ minLength: 1, maxLength: 320 })),
}, { additionalProperties: false });

export const OutboxMessage = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  to: Type.String(),
  locale: Type.String(),
  state: Type.Union(MAIL_STATES.map((s) => Type.Literal(s))),
  /** Null until rendered (while queued). */
  subject: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
});
export type OutboxMessage = Static<typeof OutboxMessage>;

export const OutboxMessageDetail = Type.Composite([OutboxMessage, Type.Object({
  text: Type.Union([Type.String(), Type.Null()]),
  html: Type.Union([Type.String(), Type.Null()]),
})]);
export type OutboxMessageDetail = Static<typeof OutboxMessageDetail>;

/** How this server delivers e-mail: over SMTP, or only into the outbox. */
export const OutboxList = Type.Object({
  items: Type.Array(OutboxMessage),
  totalCount: Type.Integer({ minimum: 0 }),
  mode: Type.Union([Type.Literal('smtp'), Type.Literal('outbox')]),
});

// Reading the outbox: every message the server made (sent, kept, queued or failed), newest first,
// for a provider Administrator (Administrator or CentralAdmin of the provider): with no SMTP_URL it
// is where the demo's e-mails go, and with one it is the record of what went out.
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { mailMessages } from '../db/schema.ts';
import type { Caller } from '../context.ts';
import { assertSignedIn } from '../context.ts';
import { forbidden, notFound } from '../errors.ts';
import { ORG_ROLES } from '../../../src/rules/roleNames.ts';
import type { OutboxMessage, OutboxMessageDetail } from '../schemas/mail.ts';

function assertOutboxReader(caller: Caller): void {
  assertSignedIn(caller);
  const admin = caller.orgRoles.includes(ORG_ROLES.Administrator) || caller.orgRoles.includes(ORG_ROLES.CentralAdmin);
  if (!caller.providerGuid || !admin) throw forbidden('Only the provider’s Administrators read the outbox.');
}

type Row = typeof mailMessages.$inferSelect;
const summary = (r: Row): OutboxMessage => ({
  id: r.id, kind: r.kind, to: r.toAddress, locale: r.locale, state: r.state as OutboxMessage['state'], subject: r.subject,
  createdAt: r.createdAt.toISOString(), sentAt: r.sentAt?.toISOString() ?? null, attempts: r.attempts, lastError: r.lastError,
});

export async function listOutbox(db: Db, caller: Caller, query: { limit?: number; offset?: number; to?: string }): Promise<{ items: OutboxMessage[]; totalCount: number }> {
  assertOutboxReader(caller);
  const where: SQL | undefined = query.to ? sql`lower(${mailMessages.toAddress}) = lower(${query.to.trim()})` : undefined;
  const rows = await db.select().from(mailMessages).where(where).orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(query.limit ?? 10).offset(query.offset ?? 0);
  const [total] = await db.select({ n: count() }).from(mailMessages).where(where);
  return { items: rows.map(summary), totalCount: Number(total?.n ?? 0) };
}

export async function readOutboxMessage(db: Db, caller: Caller, id: string): Promise<OutboxMessageDetail> {
  assertOutboxReader(caller);
  const [row] = await db.select().from(mailMessages).where(and(eq(mailMessages.id, id)));
  if (!row) throw notFound('The message');
  return { ...summary(row), text: row.textBody, html: row.htmlBody };
}

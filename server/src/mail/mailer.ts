// Queues and sends e-mail (DESIGN: deliveries are jobs of the one job runner). queueMail writes
// the message row and its job in the caller's transaction, under the event's idempotency key: the
// same event reported twice (a retried job, a double click) makes one message, and a message
// exists exactly when its event committed, so a restart between the event and the sending loses
// nothing. The send job renders at send time (the site's current name and colours) and moves
// the row from queued to sent (SMTP) or outbox (no SMTP_URL), once: a row no longer queued is
// never sent again. The Message-ID is derived from the row, so should a crash fall between the
// relay's answer and that update, the retried copy carries the same Message-ID and receiving
// systems treat it as the same message.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/store.ts';
import { mailMessages, users } from '../db/schema.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { readSiteConfig } from '../db/siteConfig.ts';
import { isMailKind, mailLocale, renderMail, type MailKind } from './render.ts';

export const MAIL_JOB = 'mail.send';
/** Attempts of one message before it is marked failed (the job runner backs off between them:
 * 1 s, 2 s, 4 s … so about four minutes in all for a relay that is down). */
export const MAIL_MAX_ATTEMPTS = 8;

export interface MailOptions {
  /** SMTP_URL: smtp://user:pass@host:587 or smtps://user:pass@host:465; unset: the outbox only. */
  smtpUrl?: string | undefined;
  /** MAIL_FROM: the sender address. */
  from?: string | undefined;
}

export interface QueuedMail {
  /** One key per event, e.g. `verify:<token id>`: a second queueMail with it does nothing. */
  key: string;
  kind: MailKind;
  /** The recipient user (address and locale read from the account)… */
  userId?: string;
  /** …or an address without an account (an invitation) and the locale to write in. */
  to?: string;
  locale?: string | null;
  params?: Record<string, string | number | null>;
}

/** Writes the message and its send job with `db` (pass the event's transaction). Returns false
 * when a message with this key already exists. */
export async function queueMail(db: Db, jobs: JobRunner, mail: QueuedMail): Promise<boolean> {
  let to = mail.to;
  let locale = mail.locale;
  let name: string | undefined;
  if (mail.userId) {
    const [user] = await db.select({ email: users.email, locale: users.locale, name: users.name }).from(users).where(eq(users.id, mail.userId));
    if (!user) return false;
    to = user.email;
    locale = user.locale ?? locale;
    name = user.name;
  }
  if (!to) throw new Error('queueMail: no recipient');
  const id = randomUUID();
  const [row] = await db.insert(mailMessages).values({
    id, idempotencyKey: mail.key, kind: mail.kind, userId: mail.userId ?? null, toAddress: to,
    locale: mailLocale(locale), params: { name: name ?? to, ...mail.params },
  }).onConflictDoNothing().returning({ id: mailMessages.id });
  if (!row) return false;
  await jobs.enqueue(db, MAIL_JOB, { id });
  return true;
}

export class Mailer {
  readonly transport: Transporter | null;
  readonly from: string;

  constructor(options: MailOptions = {}) {
    // The relay is the operator's own choice (often on a private address: a local postfix), so it
    // is not subject to the egress policy that guards URLs users and providers choose.
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    this.from = options.from ?? 'Agora <no-reply@agora.invalid>';
  }

  /** Where messages go, for `npm start`'s banner and the outbox screen. */
  get mode(): 'smtp' | 'outbox' {
    return this.transport ? 'smtp' : 'outbox';
  }

  register(jobs: JobRunner): void {
    jobs.register(MAIL_JOB, async (payload, ctx) => this.send(ctx.db, String(payload.id), ctx.clock.now()));
  }

  close(): void {
    this.transport?.close();
  }

  /** Sends one queued message (the job's work); a message no longer queued is left alone. */
  async send(db: Db, id: string, now: Date): Promise<void> {
    const [message] = await db.select().from(mailMessages).where(eq(mailMessages.id, id));
    if (!message || message.state !== 'queued' || !isMailKind(message.kind)) return;
    const { settings } = await readSiteConfig(db);
    const rendered = renderMail(message.kind, message.params as Record<string, unknown>, mailLocale(message.locale), {
      name: settings.sitename, primary: settings.appearance.colors.primary, background: settings.appearance.colors.bg,
    });
    try {
      if (this.transport) {
        await this.transport.sendMail({
          from: this.from, to: message.toAddress, subject: rendered.subject, text: rendered.text, html: rendered.html,
          messageId: `<${message.id}@agora.mail>`,
          headers: { 'Agora-Message-Kind': message.kind },
        });
      }
    } catch (error) {
      const attempts = message.attempts + 1;
      await db.update(mailMessages).set({
        attempts, lastError: String((error as Error)?.message ?? error).slice(0, 2000),
        ...(attempts >= MAIL_MAX_ATTEMPTS ? { state: 'failed' } : {}),
      }).where(eq(mailMessages.id, id));
      if (attempts < MAIL_MAX_ATTEMPTS) throw error;
      return;
    }
    await db.update(mailMessages).set({
      state: this.transport ? 'sent' : 'outbox', subject: rendered.subject, textBody: rendered.text, htmlBody: rendered.html,
      attempts: sql`${mailMessages.attempts} + 1`, sentAt: now, lastError: null,
    }).where(and(eq(mailMessages.id, id), eq(mailMessages.state, 'queued')));
  }
}

// Each user's notification choices (issue 33): per kind, e-mail or not. Only changes are stored
// (notification_settings); a kind without a row is on, so a new kind starts on for everyone.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { notificationSettings } from '../db/schema.ts';
import type { Caller } from '../context.ts';
import { assertSignedIn } from '../context.ts';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../src/rules/constants.ts';

export type NotificationChoices = Record<NotificationKind, boolean>;

/** The users among `userIds` who turned e-mail off for `kind`. */
export async function emailOff(db: Db, userIds: string[], kind: NotificationKind): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const found = await db.select({ userId: notificationSettings.userId }).from(notificationSettings)
    .where(and(inArray(notificationSettings.userId, userIds), eq(notificationSettings.kind, kind), eq(notificationSettings.email, false)));
  return new Set(found.map((r) => r.userId));
}

export async function readChoices(db: Db, caller: Caller): Promise<{ email: NotificationChoices }> {
  assertSignedIn(caller);
  const stored = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, caller.userId));
  const email = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, stored.find((r) => r.kind === kind)?.email ?? true])) as NotificationChoices;
  return { email };
}

/** Sets the kinds given (the others stay as they are) and answers the whole set. */
export async function writeChoices(db: Db, caller: Caller, email: Partial<NotificationChoices>): Promise<{ email: NotificationChoices }> {
  assertSignedIn(caller);
  const values = Object.entries(email).map(([kind, on]) => ({ userId: caller.userId, kind, email: on === true }));
  if (values.length) {
    await db.insert(notificationSettings).values(values)
      .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.kind], set: { email: sql`excluded.email` } });
  }
  return readChoices(db, caller);
}

// The history of a subscription (spec 3 §4), stored on its row oldest first: 'requested' always
// first, then 'approved' or 'rejected' (with the reason), then 'archived' or 'migrated'.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { rows, textArray } from '../catalogue/sql.ts';
import type { Subscription } from '../schemas/subscriptions.ts';

export type HistoryType = Subscription['history'][number]['type'];

export interface StoredHistory { type: HistoryType; at: string; userId: string | null; reason?: string | null }

export const entry = (type: HistoryType, at: Date, userId: string | null, reason: string | null = null): StoredHistory =>
  ({ type, at: at.toISOString(), userId, reason });

/** The history a subscription's columns tell, for rows written without one (the demo seed). */
export function historyOf(s: {
  createdAt: Date; createdBy: string; approvalState: string; approvedAt?: Date | null; approvalReason?: string | null;
  archivedAt?: Date | null; archivalReason?: string | null; migratedAt?: Date | null;
}): StoredHistory[] {
  const out = [entry('requested', s.createdAt, s.createdBy)];
  if (s.approvalState === 'approved' || s.approvalState === 'rejected') {
    out.push(entry(s.approvalState, s.approvedAt ?? s.createdAt, null, s.approvalReason ?? null));
  }
  if (s.archivedAt) out.push(entry('archived', s.archivedAt, null, s.archivalReason ?? null));
  if (s.migratedAt) out.push(entry('migrated', s.migratedAt, null));
  return out;
}

/** The stored entries with the names of the users who acted. */
export async function historyWithNames(db: Db, history: StoredHistory[]): Promise<Subscription['history']> {
  const ids = [...new Set(history.map((h) => h.userId).filter((id): id is string => !!id))];
  const names = ids.length
    ? new Map((await rows<{ id: string; name: string }>(db, sql`select id, name from users where id = any(${textArray(ids)})`)).map((u) => [u.id, u.name]))
    : new Map<string, string>();
  return history.map((h) => ({
    type: h.type, at: h.at, reason: h.reason ?? null,
    // A user id that is no user (a seed marker, a removed account) shows as the system.
    user: h.userId && names.has(h.userId) ? { id: h.userId, name: names.get(h.userId) ?? null } : null,
  }));
}

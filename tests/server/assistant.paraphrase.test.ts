// The offline assistant against the paraphrase set (assistant.paraphrase.ts): the set stays a test
// of meaning (no question shares a stemmed content word with a product it expects), the score per
// language is printed, and the nothing-found questions cite nothing of the catalogue. With the
// catalogue's sentence vectors embedded (the one costly step: the model over ~1,200 rows), the
// older set (assistant.eval.ts) is asked here too, so the fused ranking is proven on both.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './helper.ts';
import { loadCaller } from '../../server/src/auth/caller.ts';
import type { Caller } from '../../server/src/context.ts';
import { answerQuestion } from '../../server/src/assistant/engine.ts';
import { rows } from '../../server/src/catalogue/sql.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { catalogueRows } from '../../server/seed/catalogue.ts';
import { USER } from '../../server/seed/accounts.ts';
import { CATALOGUE_KINDS, COVERED, UNCOVERED, scoreTop3 } from './assistant.eval.ts';
import { embedChanged } from '../../server/src/assistant/vectors.ts';
import { NOTHING, PARAPHRASES, type Lang } from './assistant.paraphrase.ts';

let t: TestApp;
let consumer: Caller;
beforeAll(async () => {
  t = await buildTestApp({ seed: async (db) => { await seedDemo(db); } });
  consumer = (await loadCaller(t.db, USER.consumer!))!;
  const t0 = performance.now();
  const embedded = await embedChanged(t.db);
  console.log(`assistant vectors: ${embedded} rows embedded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}, 600_000);
afterAll(() => t?.close());

const CONFIG: Record<Lang, string> = { en: 'english', fr: 'french', pt: 'portuguese', de: 'german' };

/** Stemmed content words under English and the question's own language (each drops its stop
 * words), accents removed so "vérifier" and "verify" compare by their stems. */
async function stems(text: string, lang: Lang): Promise<Set<string>> {
  const out = await rows<{ w: string }>(t.db, sql`select distinct lexeme as w from
    unnest(tsvector_to_array(to_tsvector('english', ${text}) || to_tsvector(${CONFIG[lang]}::regconfig, ${text}))) lexeme`);
  return new Set(out.map((r) => r.w.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')));
}

it('shares no content word between a question and the products it expects', async () => {
  expect(PARAPHRASES.filter((p) => p.lang === 'en').length).toBeGreaterThanOrEqual(50);
  for (const lang of ['fr', 'pt', 'de'] as const) expect(PARAPHRASES.filter((p) => p.lang === lang).length).toBeGreaterThanOrEqual(10);
  const catalogue = catalogueRows();
  const productOf = new Map(catalogue.resources.map((r) => [r.id, r]));
  const clashes: string[] = [];
  for (const { q, lang, cite } of PARAPHRASES) {
    const words = await stems(q, lang);
    // The products expected, directly or as the product of an expected resource (and that resource's title).
    const texts = new Set<string>();
    for (const id of cite) {
      const resource = productOf.get(id);
      const product = catalogue.products.find((p) => p.id === id || (resource && catalogue.versions.some((v) => v.id === resource.productVersionId && v.productId === p.id)));
      expect(product ?? resource, `${q}: ${id} is not in the demo catalogue`).toBeTruthy();
      if (product) texts.add(`${product.title}. ${product.description}`);
      if (resource) texts.add(resource.title);
    }
    for (const text of texts) {
      const shared = [...await stems(text, lang)].filter((w) => words.has(w));
      if (shared.length) clashes.push(`${q} ~ ${text}: ${shared.join(', ')}`);
    }
  }
  expect(clashes).toEqual([]);
}, 60_000);

async function references(q: string) {
  const reply = await answerQuestion({ app: t.app, caller: consumer, question: q, history: [], model: null });
  for (const p of reply.parts) for await (const _ of p.chunks) { /* drained */ }
  return reply.references;
}

it('scores each language top-3 and finds nothing for what the catalogue lacks', async () => {
  const byLang = new Map<Lang, Array<{ q: string; cite: string[]; refs: Array<{ id: string }> }>>();
  for (const { q, lang, cite } of PARAPHRASES) {
    const list = byLang.get(lang) ?? [];
    list.push({ q, cite, refs: await references(q) });
    byLang.set(lang, list);
  }
  const lines: string[] = [];
  for (const [lang, answers] of byLang) {
    const s = scoreTop3(answers);
    lines.push(`${lang}: top-3 ${s.hits}/${s.total} (${((100 * s.hits) / s.total).toFixed(0)} %)`);
  }
  const cited: string[] = [];
  for (const { q } of NOTHING) if ((await references(q)).some((r) => CATALOGUE_KINDS.has(r.kind))) cited.push(q);
  lines.push(`nothing found: ${NOTHING.length - cited.length}/${NOTHING.length}`);
  console.log(`assistant paraphrase set\n  ${lines.join('\n  ')}`);
  expect(cited).toEqual([]);
}, 180_000);

it('keeps the older evaluation set at 90 % top-3 and its nothing-found with the vectors', async () => {
  const answers = [];
  for (const { q, cite } of COVERED) answers.push({ q, cite, refs: await references(q) });
  const score = scoreTop3(answers);
  if (score.misses.length) console.log('assistant eval misses (with vectors):', JSON.stringify(score.misses));
  expect(score.hits / score.total).toBeGreaterThanOrEqual(0.9);
  for (const q of UNCOVERED) expect((await references(q)).filter((r) => CATALOGUE_KINDS.has(r.kind)), q).toEqual([]);
}, 180_000);

it("writes the answer's own words in the reader's language", async () => {
  const { q } = NOTHING.find((n) => n.lang === 'de')!;
  const reply = await answerQuestion({ app: t.app, caller: consumer, question: q, history: [], model: null, locale: 'de-DE' });
  let text = '';
  for await (const c of reply.parts[0]!.chunks) text += c;
  expect(text).toBe(`Ich habe im Katalog dieses Marktplatzes nichts zu „${q}“ gefunden. Versuchen Sie eine Suche im Katalog mit anderen Worten.`);
  expect(reply.references.map((r) => r.title)).toEqual(['Katalog durchsuchen']);
});

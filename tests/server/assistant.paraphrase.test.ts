// The offline assistant against the paraphrase set (assistant.paraphrase.ts): the set stays a test
// of meaning (no question shares a stemmed content word with a product it expects), the score per
// language is printed, and the nothing-found questions cite nothing of the catalogue. With the
// catalogue's sentence vectors embedded (the one costly step: the model over ~1,200 rows), the
// older set (assistant.eval.ts) is asked here too, so the fused ranking is proven on both.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';
import { loadCaller } from '../../server/src/auth/caller.ts';
import type { Caller } from '../../server/src/context.ts';
import { answerQuestion } from '../../server/src/assistant/engine.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { USER } from '../../server/seed/accounts.ts';
import { CATALOGUE_KINDS, COVERED, UNCOVERED, scoreTop3 } from './assistant.eval.ts';
import { contentWordClashes, countOf, references as askOffline, scoreByLanguage } from './assistant.questionSets.ts';
import { embedChanged } from '../../server/src/assistant/vectors.ts';
import { NOTHING, PARAPHRASES } from './assistant.paraphrase.ts';

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

it('shares no content word between a question and the products it expects', async () => {
  expect(countOf(PARAPHRASES, 'en')).toBeGreaterThanOrEqual(50);
  for (const lang of ['fr', 'pt', 'de'] as const) expect(countOf(PARAPHRASES, lang)).toBeGreaterThanOrEqual(10);
  const { clashes, unknown } = await contentWordClashes(t.db, PARAPHRASES);
  expect(unknown).toEqual([]);
  expect(clashes).toEqual([]);
}, 60_000);

const references = (q: string) => askOffline(t.app, consumer, q);

it('scores each language top-3 and finds nothing for what the catalogue lacks', async () => {
  const { lines, cited } = await scoreByLanguage(t.app, consumer, PARAPHRASES, NOTHING);
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

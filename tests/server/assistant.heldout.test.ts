// The held-out set (assistant.heldout.ts): the fair measure of the assistant's retrieval, since
// the paraphrase set was looked at while tuning. It stays a test of meaning (no question shares a
// stemmed content word with what it expects), covers the catalogue, and its top-3 per language is
// printed. Only the questions' wording is checked while writing (`-t "shares no content word"`
// skips the costly embedding, which the scoring test does itself).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';
import { loadCaller } from '../../server/src/auth/caller.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { PRODUCTS } from '../../server/seed/products.ts';
import { USER } from '../../server/seed/accounts.ts';
import { embedChanged } from '../../server/src/assistant/vectors.ts';
import { LANGS, contentWordClashes, countOf, scoreByLanguage } from './assistant.questionSets.ts';
import { HELDOUT, UNCOVERED_HELDOUT } from './assistant.heldout.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp({ seed: async (db) => { await seedDemo(db); } }); }, 120_000);
afterAll(() => t?.close());

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

// Prints the scores and asserts only that the scoring runs: the thresholds (issue 29: top-3 ≥ 90 %
// in English and ≥ 80 % in fr, pt and de, nothing found for the 5 uncovered) are asserted here
// once the retrieval meets them. Misses are not printed, so that the set stays held out.
it('scores the offline engine top-3 per language and the nothing-found questions', async () => {
  const consumer = (await loadCaller(t.db, USER.consumer!))!;
  const t0 = performance.now();
  const embedded = await embedChanged(t.db);
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  const { lines } = await scoreByLanguage(t.app, consumer, HELDOUT, UNCOVERED_HELDOUT);
  console.log(`assistant held-out set (${embedded} rows embedded in ${seconds} s)\n  ${lines.join('\n  ')}`);
  expect(lines).toHaveLength(LANGS.length + 1);
}, 900_000);

// Shared by the assistant's question sets (the paraphrase set and the held-out set, both asked
// in assistant.paraphrase.test.ts), so both are held to one rule and scored one way: no question shares
// a stemmed content word with what it expects (the set measures meaning, not keywords), and the
// offline engine's first three references are scored per language.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/src/db/store.ts';
import type { Caller } from '../../server/src/context.ts';
import { rows } from '../../server/src/catalogue/sql.ts';
import { catalogueRows } from '../../server/seed/catalogue.ts';
import { answerQuestion } from '../../server/src/assistant/engine.ts';
import { CATALOGUE_KINDS, scoreTop3 } from './assistant.eval.ts';
import type { Lang, ParaphraseQuestion } from './assistant.paraphrase.ts';

export const LANGS: Lang[] = ['en', 'fr', 'pt', 'de'];
const CONFIG: Record<Lang, string> = { en: 'english', fr: 'french', pt: 'portuguese', de: 'german' };

/** Stemmed content words under English and the question's own language (each drops its stop
 * words), accents removed so "vérifier" and "verify" compare by their stems. */
export async function stems(db: Db, text: string, lang: Lang): Promise<Set<string>> {
  const out = await rows<{ w: string }>(db, sql`select distinct lexeme as w from
    unnest(tsvector_to_array(to_tsvector('english', ${text}) || to_tsvector(${CONFIG[lang]}::regconfig, ${text}))) lexeme`);
  return new Set(out.map((r) => r.w.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')));
}

/** The texts a cited id names in the demo catalogue: a product's title and summary (for a
 * resource, its own title and its product's), a document's title and summary, an article's label;
 * null when the id is not in the catalogue. */
function textsOf(id: string, catalogue: ReturnType<typeof catalogueRows>): string[] | null {
  const resource = catalogue.resources.find((r) => r.id === id);
  const product = catalogue.products.find((p) => p.id === id || (resource && catalogue.versions.some((v) => v.id === resource.productVersionId && v.productId === p.id)));
  if (product || resource) return [...(product ? [`${product.title}. ${product.description}`] : []), ...(resource ? [resource.title] : [])];
  const document = catalogue.documents.find((d) => d.id === id);
  if (document) return [`${document.title}. ${document.description ?? ''}`];
  const article = catalogue.articles.find((a) => a.id === id);
  return article ? [article.label] : null;
}

/** Each question's stemmed words shared with a text it expects ("question ~ text: words"), and
 * the cited ids the demo catalogue does not hold. */
export async function contentWordClashes(db: Db, questions: ParaphraseQuestion[]): Promise<{ clashes: string[]; unknown: string[] }> {
  const catalogue = catalogueRows();
  const clashes: string[] = [];
  const unknown: string[] = [];
  for (const { q, lang, cite } of questions) {
    const words = await stems(db, q, lang);
    const texts = new Set<string>();
    for (const id of cite) {
      const found = textsOf(id, catalogue);
      if (!found) unknown.push(`${q}: ${id}`);
      for (const text of found ?? []) texts.add(text);
    }
    for (const text of texts) {
      const shared = [...await stems(db, text, lang)].filter((w) => words.has(w));
      if (shared.length) clashes.push(`${q} ~ ${text}: ${shared.join(', ')}`);
    }
  }
  return { clashes, unknown };
}

export const countOf = (questions: Array<{ lang: Lang }>, lang: Lang) => questions.filter((p) => p.lang === lang).length;

/** The references of the offline engine's answer (no language model), its streamed parts drained. */
export async function references(app: FastifyInstance, caller: Caller, q: string) {
  const reply = await answerQuestion({ app, caller, question: q, history: [], model: null });
  for (const p of reply.parts) for await (const _ of p.chunks) { /* drained */ }
  return reply.references;
}

/** Top-3 per language and the nothing-found count, as printable lines; `hits` the top-3 count per
 * language; `cited` lists the nothing-found questions that cited something of the catalogue. */
export async function scoreByLanguage(app: FastifyInstance, caller: Caller, questions: ParaphraseQuestion[], nothing: Array<{ q: string }>) {
  const byLang = new Map<Lang, Array<{ q: string; cite: string[]; refs: Array<{ id: string }> }>>();
  for (const { q, lang, cite } of questions) {
    const list = byLang.get(lang) ?? [];
    list.push({ q, cite, refs: await references(app, caller, q) });
    byLang.set(lang, list);
  }
  const lines: string[] = [];
  const hits = new Map<Lang, number>();
  for (const [lang, answers] of byLang) {
    const s = scoreTop3(answers);
    hits.set(lang, s.hits);
    lines.push(`${lang}: top-3 ${s.hits}/${s.total} (${((100 * s.hits) / s.total).toFixed(0)} %)`);
  }
  const cited: string[] = [];
  for (const { q } of nothing) if ((await references(app, caller, q)).some((r) => CATALOGUE_KINDS.has(r.kind))) cited.push(q);
  lines.push(`nothing found: ${nothing.length - cited.length}/${nothing.length}`);
  return { lines, cited, hits };
}

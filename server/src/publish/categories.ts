// The categories an imported product is filed into, so the category pages show it: the ones the
// provider named (--category, the import's categoryIds), else the description's own categories
// (x-apisguru-categories and the like) and tags mapped onto the marketplace's categories, else
// "Uncategorised", created on first use, where the provider finds what is left to sort.
import * as schema from '../db/schema.ts';
import type { Writer } from './batch.ts';
import type { DetectedSpec, Json } from './detect.ts';
import { slugify } from './rows.ts';

export const UNCATEGORISED = { id: 'cat-uncategorised', title: 'Uncategorised', description: 'Published products not filed into a category yet.' } as const;

/** Words descriptions use for their domain (the APIs.guru categories among them), to the words
 * of the marketplace categories' ids or titles they mean. */
const SYNONYMS: Record<string, string[]> = {
  financial: ['finance', 'banking'], finance: ['finance'], banking: ['banking', 'finance'], accounting: ['finance'],
  payment: ['payments'], payments: ['payments'], billing: ['payments'], cards: ['cards'],
  ecommerce: ['commerce'], commerce: ['commerce'], retail: ['commerce'], inventory: ['inventory'],
  messaging: ['messaging'], email: ['messaging', 'communication'], telecom: ['communication'], social: ['communication'], sms: ['messaging'],
  location: ['geo'], maps: ['geo'], geo: ['geo'], transport: ['routing', 'shipping'], shipping: ['shipping'], logistics: ['shipping'],
  open_data: ['data'], analytics: ['data'], machine_learning: ['data'], text: ['data'], search: ['data'], data: ['data'],
  developer_tools: ['developer'], tools: ['developer'], backend: ['developer'], hosting: ['devops'], cloud: ['devops'],
  monitoring: ['devops'], devops: ['devops'], storage: ['devops'], security: ['identity'], identity: ['identity'], auth: ['identity'],
  iot: ['iot'], events: ['iot'], weather: ['weather'], health: ['health'], healthcare: ['health'], medical: ['health'],
  collaboration: ['workplace'], project_management: ['workplace'], time_management: ['workplace'], enterprise: ['workplace'],
  customer_relation: ['workplace'], forms: ['workplace'], soap: ['legacy'],
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const words = (v: unknown): string[] => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).filter((x): x is string => typeof x === 'string');

/** The description's own category words: x-apisguru-categories (or x-categories, x-category) of
 * info or the document, then its tags. */
export function categoryTerms(spec: DetectedSpec): string[] {
  const doc = spec.doc ?? {};
  const info = isObject(doc.info) ? doc.info : {};
  const own = ['x-apisguru-categories', 'x-categories', 'x-category'].flatMap((k) => [...words(info[k]), ...words(doc[k])]);
  return [...own, ...spec.tags].map((t) => t.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '')).filter(Boolean);
}

/** The categories to file a product into (existing ids only; never empty). */
export async function categoriesFor(tx: Writer, spec: DetectedSpec, given: string[] | undefined): Promise<string[]> {
  if (given?.length) return [...new Set(given)];
  const all = await tx.select({ id: schema.categories.id, title: schema.categories.title }).from(schema.categories);
  // A category answers to the words of its id (cat-payments: payments) and of its title.
  const byWord = new Map<string, string[]>();
  for (const c of all) {
    if (c.id === UNCATEGORISED.id) continue;
    for (const word of new Set([...c.id.replace(/^cat-/, '').split('-'), ...slugify(c.title).split('-')])) {
      if (word.length > 2) byWord.set(word, [...(byWord.get(word) ?? []), c.id]);
    }
  }
  const found = new Set<string>();
  for (const term of categoryTerms(spec)) {
    for (const word of SYNONYMS[term] ?? [term]) for (const id of byWord.get(word) ?? []) found.add(id);
    if (found.size >= 3) break;
  }
  if (found.size) return [...found];
  await tx.insert(schema.categories).values(UNCATEGORISED).onConflictDoNothing();
  return [UNCATEGORISED.id];
}

/** Links a product to its categories (idempotent: re-imports keep the ones it had). */
export async function fileProduct(tx: Writer, productId: string, categoryIds: string[]): Promise<void> {
  if (!categoryIds.length) return;
  await tx.insert(schema.productCategories).values(categoryIds.map((categoryId) => ({ productId, categoryId }))).onConflictDoNothing();
}

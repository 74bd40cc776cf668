// The offline assistant's answer, composed from retrieved passages only: which product, which
// operation (method, path, summary, parameters, a short request example built from its schema),
// which guide, which plans; never a statement the passages do not support. When nothing relevant
// was found it says so and points to the search. References map to the five kinds of spec 3 §2.6.
import type { AiAction, AiReference } from '../schemas/ai.ts';
import type { Plan } from '../schemas/plans.ts';
import { href, referenceHref } from '../../../src/rules/routes.ts';
import type { EntryHit, OperationHit, Retrieved } from './retrieve.ts';

export interface Answer {
  found: boolean;
  text: string;
  references: AiReference[];
  actions: Omit<AiAction, 'id'>[];
  /** The product the answer is mainly about (plans and actions hang off it). */
  productId: string | null;
}

/** A passage is relevant when it holds most of the question's content words (3 of 5, 2 of 3, 2 of 2). */
export const neededMatches = (terms: number) => Math.ceil(terms * 0.6);

type Candidate = { score: number } & ({ op: OperationHit } | { entry: EntryHit });

/** The passages worth citing, best first: enough of the terms matched, then the text rank. */
export function candidates(r: Retrieved): Candidate[] {
  const need = neededMatches(r.terms.length);
  const all: Candidate[] = [
    ...r.operations.filter((o) => o.matched >= need).map((op) => ({ op, score: op.matched * 10 + op.rank + 0.05 })),
    ...r.entries.filter((e) => e.matched >= need).map((entry) => ({ entry, score: entry.matched * 10 + entry.rank })),
  ];
  return all.sort((a, b) => b.score - a.score);
}

export function referenceOf(c: Candidate): AiReference {
  if ('op' in c) {
    const o = c.op;
    return { id: o.resourceId, kind: 'resource', title: `${o.resourceTitle}: ${o.method.toUpperCase()} ${o.path}`, url: referenceHref.resource(o.productId, o.versionId, o.resourceId) };
  }
  const e = c.entry;
  switch (e.kind) {
    case 'product': return { id: e.id, kind: 'product', title: e.title, url: referenceHref.product(e.id) };
    case 'asset_resource': return { id: e.id, kind: 'resource', title: e.title, url: referenceHref.resource(e.productId, e.versionId!, e.id) };
    case 'document': return { id: e.id, kind: 'documents', title: e.title, url: referenceHref.documents(e.productId, e.versionId!) };
    default: return { id: e.id, kind: 'article', title: `${e.productTitle}: ${e.title}`, url: referenceHref.article(e.productId, e.versionId!, e.documentId!) };
  }
}

const PLAN_WORDS = /\b(plans?|pric(e|es|ing)|costs?|subscri(be|ption)|quotas?|free|paid|tiers?|volume)\b/i;
const ACCESS_WORDS = /\b(access|credentials?|keys?|token)\b/i;
const APP_REQUEST = /\b(create|new|make|register)\b.*\bapp(lication)?\b/i;

/** "50,000 calls", "1M requests", "2 million" -> a number of calls, or null. */
export function statedVolume(question: string): number | null {
  const m = /(\d[\d,.]*)\s*(k|m|thousand|million)?\b/i.exec(question);
  if (!m) return null;
  const n = Number(m[1]!.replace(/,/g, ''));
  if (!Number.isFinite(n)) return null;
  const unit = (m[2] ?? '').toLowerCase();
  return Math.round(n * (unit === 'k' || unit === 'thousand' ? 1_000 : unit === 'm' || unit === 'million' ? 1_000_000 : 1));
}

/** The application's name the user asked for: a quoted text after "application", if any. */
function requestedAppName(question: string): string {
  return /["“'‘]([^"”'’]{1,80})["”'’]/.exec(question)?.[1]?.trim() || 'My application';
}

export function compose(question: string, r: Retrieved, plans: Plan[] = []): Answer {
  const found = candidates(r);
  const actions: Answer['actions'] = [];
  if (APP_REQUEST.test(question)) {
    const title = requestedAppName(question);
    actions.push({ kind: 'createApplication', label: `Create the application “${title}”`, params: { title } });
  }
  if (!found.length) {
    const text = actions.length
      ? 'I can create that application for you once you confirm.'
      : `I found nothing in this marketplace's catalogue about “${question.trim()}”. Try a search of the catalogue with other words.`;
    const references: AiReference[] = actions.length ? [] : [{ id: 'search', kind: 'url', title: 'Search the catalogue', url: href('search', { tab: 'all' }, { search: question.trim().slice(0, 100) }) }];
    return { found: false, text, references, actions, productId: null };
  }
  const references: AiReference[] = [];
  for (const c of found) {
    const ref = referenceOf(c);
    if (!references.some((x) => x.id === ref.id && x.kind === ref.kind)) references.push(ref);
  }
  const top = found[0]!;
  const productId = 'op' in top ? top.op.productId : top.entry.productId;
  const lines: string[] = [];
  const ops = found.flatMap((c) => ('op' in c ? [c.op] : []));
  const entries = found.flatMap((c) => ('entry' in c ? [c.entry] : []));
  const product = entries.find((e) => e.kind === 'product' && e.id === productId);
  if (ops.length) {
    const o = ops[0]!;
    lines.push(`In ${o.productTitle}, the ${o.resourceTitle} resource has ${o.method.toUpperCase()} ${o.path}: ${o.summary}.`);
    lines.push(...operationDetails(o));
    const more = ops.slice(1, 3).map((x) => `${x.method.toUpperCase()} ${x.path} (${x.summary}, ${x.resourceTitle})`);
    if (more.length) lines.push(`Related operations: ${more.join('; ')}.`);
  } else if (product) {
    lines.push(`${product.title}: ${product.description}`);
  } else {
    const e = entries[0]!;
    lines.push(`${e.productTitle} has “${e.title}”${e.description ? `: ${e.description}` : '.'}`);
  }
  if (product && ops.length) lines.push(`${product.title}: ${product.description}`);
  const guide = entries.find((e) => e.kind === 'article' || e.kind === 'section' || e.kind === 'document');
  if (guide) lines.push(`Documentation: “${guide.title}” (${guide.productTitle}).`);
  if (PLAN_WORDS.test(question) && plans.length) {
    // Descriptions end with their own full stop; dropped so the list does not read ".;".
    const plain = (text: string) => text.replace(/[.\s]+$/, '');
    lines.push(`Plans of this product: ${plans.map((p) => `${p.title} (${p.type})${p.description ? `: ${plain(p.description)}` : ''}`).join('; ')}.`);
    const volume = statedVolume(question);
    if (volume !== null) actions.push({ kind: 'findPlan', label: `Find a plan for ${volume.toLocaleString('en')} calls`, params: { productId, volume } });
    else if (/\bsubscri(be|ption)\b/i.test(question)) {
      const plan = plans[0]!;
      actions.push({ kind: 'subscribe', label: `Subscribe to ${plan.title}`, params: { productId, planId: plan.id } });
    }
  }
  if (ACCESS_WORDS.test(question)) {
    const resource = ops[0]?.resourceId ?? entries.find((e) => e.kind === 'asset_resource')?.id;
    actions.push({ kind: 'requestAccess', label: 'Request access', params: { productId, ...(resource ? { resourceId: resource } : {}) } });
  }
  return { found: true, text: lines.join('\n'), references: references.slice(0, 5), actions, productId };
}

/** The operation's first description sentence, its parameters, and a request example from its schema. */
function operationDetails(o: OperationHit): string[] {
  let op: Record<string, unknown>;
  let samples: Record<string, unknown> = {};
  try {
    // The stored row (server/src/spec/types.ts): {schemas, samples, operation}; schemas stay $refs.
    const stored = JSON.parse(o.operation) as { operation?: Record<string, unknown>; samples?: Record<string, unknown> };
    op = stored.operation ?? {};
    samples = stored.samples ?? {};
  } catch { return []; }
  const out: string[] = [];
  const description = typeof op.description === 'string' ? op.description.split(/(?<=\.)\s/)[0]!.trim() : '';
  if (description && description !== o.summary) out.push(description);
  const params = Array.isArray(op.parameters) ? (op.parameters as Array<Record<string, unknown>>) : [];
  const named = params.filter((p) => typeof p.name === 'string').slice(0, 6)
    .map((p) => `${String(p.name)} (${String(p.in ?? 'query')}${p.required ? ', required' : ''})`);
  if (named.length) out.push(`Parameters: ${named.join(', ')}.`);
  const body = exampleBody(op, samples);
  out.push(`Example: ${o.method.toUpperCase()} ${o.path}${body ? ` with the body ${body}` : ''}`);
  return out;
}

/** The documented example, else the one the indexer generated (server/src/spec/samples.ts keys), else one from inline properties. */
function exampleBody(op: Record<string, unknown>, samples: Record<string, unknown>): string | null {
  const content = (op.requestBody as { content?: Record<string, { schema?: Schema; example?: unknown; examples?: Record<string, { value?: unknown }> }> } | undefined)?.content;
  const mediaType = content?.['application/json'] ? 'application/json' : content ? Object.keys(content)[0] : undefined;
  const media = mediaType ? content![mediaType] : undefined;
  if (!media) return null;
  if (media.example !== undefined) return JSON.stringify(media.example).slice(0, 300);
  const named = Object.values(media.examples ?? {}).find((e) => e && typeof e === 'object' && e.value !== undefined);
  if (named) return JSON.stringify(named.value).slice(0, 300);
  const generated = samples[`request|${mediaType}`];
  if (generated !== undefined) return JSON.stringify(generated).slice(0, 300);
  const schema = media.schema;
  if (!schema?.properties) return null;
  const keys = (schema.required?.length ? schema.required : Object.keys(schema.properties)).slice(0, 5);
  const sample: Record<string, unknown> = {};
  for (const k of keys) sample[k] = sampleOf(schema.properties[k]);
  return JSON.stringify(sample);
}

interface Schema { type?: string; properties?: Record<string, Schema>; required?: string[]; example?: unknown; default?: unknown; enum?: unknown[] }

function sampleOf(s: Schema | undefined): unknown {
  if (!s) return null;
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  switch (s.type) {
    case 'integer': case 'number': return 0;
    case 'boolean': return false;
    case 'array': return [];
    case 'object': return {};
    default: return 'string';
  }
}

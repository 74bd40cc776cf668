// The offline assistant's answer, composed from retrieved passages only: which product, which
// operation (method, path, summary, parameters, a short request example built from its schema),
// which guide, which plans; never a statement the passages do not support. When nothing relevant
// was found it says so and points to the search. References map to the five kinds of spec 3 §2.6.
import type { AiAction, AiReference } from '../schemas/ai.ts';
import type { Plan } from '../schemas/plans.ts';
import { href, referenceHref } from '../../../src/rules/routes.ts';
import { DEFAULT_LOCALE } from '../../../src/rules/constants.ts';
import { translator, type Translate } from '../messages.ts';
import { allowsOverages, readBilling, readPricing } from '../../../src/rules/quota.ts';
import { escapeRegExp } from '../../../src/rules/regexp.ts';
import { questionTerms, type EntryHit, type OperationHit, type Retrieved } from './retrieve.ts';
import { CODE_WORDS, callSampleLines, type CallContext } from './callSample.ts';

export interface Answer {
  found: boolean;
  text: string;
  references: AiReference[];
  actions: Omit<AiAction, 'id'>[];
  /** The product the answer is mainly about (plans and actions hang off it). */
  productId: string | null;
  /** The resource of the operation the answer shows, when it shows one (its code samples hang off it). */
  resourceId?: string;
}

/** A passage is relevant by its words when it holds most of the question's content words (3 of 5, 2 of 3, 2 of 2). */
export const neededMatches = (terms: number) => Math.ceil(terms * 0.6);
/** …or by its meaning when its vector's cosine with the question's reaches this. Set on the older
 * evaluation set (assistant.eval.ts), not on the paraphrase set it is measured with: there the
 * questions about what the catalogue lacks reach 0.44-0.56 with their nearest row (USE lite
 * finds some operation loosely alike for anything), the covered ones 0.54-0.83. */
export const SIMILAR = 0.57;
/** Below SIMILAR, the product whose nearest row is this near and clearly nearer than any other
 * product's (by MARGIN) is relevant too: USE lite puts the right product first for most questions
 * in users' words at 0.42-0.57, where a single row of an unrelated product also lands; a real match
 * stands out from the next product, a loose one does not (the runner-up is within a few hundredths). */
export const SIMILAR_FLOOR = 0.4;
export const MARGIN = 0.1;
const UNANIMOUS = 5;
/** Products by meaning: ranked by their profile's cosine (title, summary, categories; vectors.ts).
 * Measured on the paraphrase set: USE lite puts the product meant among the first three profiles for
 * three questions in four, where the nearest single rows (of ~1,200 operations and guides) do for
 * one in three. The first PROFILE_TOP are relevant when within PROFILE_SPREAD of the first, and only
 * when the question is about the catalogue at all: the first product's profile reaches
 * PROFILE_FLOOR and it stands out, by its profile (PROFILE_LEAD over the second product's) or by its
 * nearest row (ROW_LEAD over the last of the nearest rows read: a real match peaks, a loose one
 * sits among many rows alike). Calibrated on the questions the catalogue cannot answer in the
 * paraphrase and older sets: their first profile reaches 0.12-0.56, and the one at 0.56
 * (cryptocurrency statistics, near "market data") leads by 0.05 and 0.06. */
export const PROFILE_FLOOR = 0.4;
export const PROFILE_LEAD = 0.06;
export const ROW_LEAD = 0.07;
export const PROFILE_TOP = 3;
export const PROFILE_SPREAD = 0.15;
/** The profile ranking counts twice in the fusion when the full text found nothing relevant: the
 * product is then what a question in users' words is mostly about, where the nearest single rows
 * scatter over products; with words found (a question in the catalogue's words) the three rankings
 * count alike, so a passage the words and the rows agree on stays first. */
const PROFILE_WEIGHT = 2;
/** Reciprocal rank fusion's constant (Cormack et al.: 60). */
const RRF_K = 60;

type Candidate = { score: number } & ({ op: OperationHit } | { entry: EntryHit });

/** The passages worth citing, best first: relevant by words or by meaning, ordered by the
 * reciprocal rank fusion of the full-text ranking and the cosine ranking. */
export function candidates(r: Retrieved): Candidate[] {
  const need = r.terms.length ? neededMatches(r.terms.length) : Infinity;
  // A product the question names (every content word of its title among the terms) is relevant
  // however many other words the question has ("what does the Starter plan of the Payments API cost…").
  const named = (e: EntryHit) => {
    const words = questionTerms(e.title);
    return e.kind === 'product' && words.length > 0 && words.every((w) => r.terms.includes(w));
  };
  const dominant = dominantProduct(r);
  const near = (h: { sim: number; productId: string }) => h.sim >= SIMILAR || (h.productId === dominant && h.sim >= SIMILAR_FLOOR);
  const profiled = profiledProducts(r);
  const all: Array<{ op: OperationHit } | { entry: EntryHit }> = [
    ...r.operations.filter((o) => o.matched >= need || near(o)).map((op) => ({ op })),
    ...r.entries.filter((e) => e.matched >= need || near(e) || named(e) || profiled.includes(e)).map((entry) => ({ entry })),
  ];
  const hit = (c: (typeof all)[number]) => ('op' in c ? c.op : c.entry);
  // The full-text order: terms matched, a term of a passage's title counting twice (the "Verify
  // signatures" article before a checklist that mentions signatures among much else; an operation's
  // text is little more than its summary already), then the text rank (an operation a little ahead).
  const weight = (c: (typeof all)[number]) => ('op' in c ? c.op.matched * 10 + c.op.rank + 0.05 : (c.entry.matched + c.entry.titled) * 10 + c.entry.rank);
  const byWords = all.filter((c) => hit(c).matched >= need || ('entry' in c && named(c.entry))).sort((a, b) => weight(b) - weight(a));
  const byMeaning = all.filter((c) => hit(c).sim > 0).sort((a, b) => hit(b).sim - hit(a).sim);
  const byProfile = profiled.map((e) => all.find((c) => 'entry' in c && c.entry === e)!);
  const fused = new Map<(typeof all)[number], number>();
  for (const [ranking, weight] of [[byWords, 1], [byMeaning, 1], [byProfile, byWords.length ? 1 : PROFILE_WEIGHT]] as const) {
    ranking.forEach((c, i) => fused.set(c, (fused.get(c) ?? 0) + weight / (RRF_K + i + 1)));
  }
  return all.map((c) => ({ ...c, score: fused.get(c) ?? 0 })).sort((a, b) => b.score - a.score);
}

/** The products relevant by their profile (PROFILE_FLOOR, PROFILE_TOP, PROFILE_SPREAD), best first. */
function profiledProducts(r: Retrieved): EntryHit[] {
  const ranked = r.entries.filter((e) => e.kind === 'product' && (e.profile ?? 0) > 0).sort((a, b) => b.profile! - a.profile!);
  const first = ranked[0];
  if (!first) return [];
  if (first.profile! < PROFILE_FLOOR) return [];
  const nearestRow = Math.max(0, ...[...r.entries, ...r.operations].filter((h) => h.productId === first.id).map((h) => h.sim));
  const leads = first.profile! - (ranked[1]?.profile ?? 0) >= PROFILE_LEAD || nearestRow - (r.nearFloor ?? 0) >= ROW_LEAD;
  if (!leads) return [];
  return ranked.slice(0, PROFILE_TOP).filter((e) => e.profile! >= first.profile! - PROFILE_SPREAD);
}

/** The product nearest by meaning when it stands out (SIMILAR_FLOOR, MARGIN): a product is as near
 * as its nearest row (product, resource, operation, guide). */
function dominantProduct(r: Retrieved): string | null {
  const best = new Map<string, number>();
  for (const h of [...r.entries, ...r.operations]) if (h.sim > (best.get(h.productId) ?? 0)) best.set(h.productId, h.sim);
  const [first, second] = [...best].sort((a, b) => b[1] - a[1]);
  if (!first || first[1] < SIMILAR_FLOOR) return null;
  if (first[1] - Math.max(second?.[1] ?? 0, r.nearFloor ?? 0) >= MARGIN) return first[0];
  // …or when the UNANIMOUS nearest rows all are its own (several of its operations and guides
  // agree, where a loose match is one row among others').
  const nearestRows = [...r.entries, ...r.operations].filter((h) => h.sim > 0).sort((a, b) => b.sim - a.sim).slice(0, UNANIMOUS);
  return nearestRows.length === UNANIMOUS && nearestRows.every((h) => h.productId === first[0]) ? first[0] : null;
}

export function referenceOf(c: Candidate): AiReference {
  if ('op' in c) {
    const o = c.op;
    return { id: o.resourceId, kind: 'resource', title: `${o.resourceTitle}: ${o.method.toUpperCase()} ${o.path}`, url: referenceHref.resource(o.productId, o.versionId, o.resourceId, o.ordinal) };
  }
  const e = c.entry;
  switch (e.kind) {
    case 'product': return { id: e.id, kind: 'product', title: e.title, url: referenceHref.product(e.id) };
    case 'asset_resource': return { id: e.id, kind: 'resource', title: e.title, url: referenceHref.resource(e.productId, e.versionId!, e.id) };
    case 'document': return { id: e.id, kind: 'documents', title: e.title, url: referenceHref.documents(e.productId, e.versionId!) };
    default: return { id: e.id, kind: 'article', title: `${e.productTitle}: ${e.title}`, url: referenceHref.article(e.productId, e.versionId!, e.documentId!, e.sectionIndex ?? 0, e.kind === 'article' ? e.id : undefined) };
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

/** `t`: the caller's locale's messages (server/src/messages.ts); the passages' own texts stay as written. */
/** `call`: the gateway and the caller's credential, given when the question asks for code. */
export function compose(question: string, r: Retrieved, plans: Plan[] = [], t: Translate = translator(DEFAULT_LOCALE), call?: CallContext): Answer {
  const found = candidates(r);
  const actions: Answer['actions'] = [];
  if (APP_REQUEST.test(question)) {
    const title = requestedAppName(question);
    actions.push({ kind: 'createApplication', label: t('assistant.action.createApp', { title }), params: { title } });
  }
  if (!found.length) {
    const text = actions.length
      ? t('assistant.answer.createApp')
      : t('assistant.answer.nothing', { question: question.trim() });
    const references: AiReference[] = actions.length ? [] : [{ id: 'search', kind: 'url', title: t('assistant.answer.search'), url: href('search', { tab: 'all' }, { search: question.trim().slice(0, 100) }) }];
    return { found: false, text, references, actions, productId: null };
  }
  const references: AiReference[] = [];
  for (const c of found) {
    const ref = referenceOf(c);
    const same = references.find((x) => x.id === ref.id && x.kind === ref.kind);
    // The resource cited once; at the operation meant when one of its operations was found.
    if (!same) references.push(ref);
    else if ('op' in c && !same.url.includes('?')) Object.assign(same, { url: ref.url });
    // A guide is cited with its product next to it (the product is what the reader chooses).
    if ('entry' in c && c.entry.kind !== 'product' && c.entry.kind !== 'asset_resource' && !references.some((x) => x.kind === 'product' && x.id === c.entry.productId)) {
      references.push({ id: c.entry.productId, kind: 'product', title: c.entry.productTitle, url: referenceHref.product(c.entry.productId) });
    }
  }
  const top = found[0]!;
  const productId = 'op' in top ? top.op.productId : top.entry.productId;
  const lines: string[] = [];
  const ops = found.flatMap((c) => ('op' in c ? [c.op] : []));
  const entries = found.flatMap((c) => ('entry' in c ? [c.entry] : []));
  const product = entries.find((e) => e.kind === 'product' && e.id === productId);
  if (ops.length) {
    const o = ops[0]!;
    lines.push(t('assistant.answer.operation', { product: o.productTitle, resource: o.resourceTitle, method: o.method.toUpperCase(), path: o.path, summary: o.summary }));
    lines.push(...operationDetails(o, t, call && CODE_WORDS.test(question) ? call : undefined));
    const more = ops.slice(1, 3).map((x) => `${x.method.toUpperCase()} ${x.path} (${x.summary}, ${x.resourceTitle})`);
    if (more.length) lines.push(t('assistant.answer.related', { list: more.join('; ') }));
  } else if (product) {
    lines.push(`${product.title}: ${product.description}`);
  } else {
    const e = entries[0]!;
    lines.push(t(e.description ? 'assistant.answer.has' : 'assistant.answer.hasBare', { product: e.productTitle, title: e.title, description: e.description }));
  }
  if (product && ops.length) lines.push(`${product.title}: ${product.description}`);
  const guide = entries.find((e) => e.kind === 'article' || e.kind === 'section' || e.kind === 'document');
  if (guide) lines.push(t('assistant.answer.documentation', { title: guide.title, product: guide.productTitle }));
  if (PLAN_WORDS.test(question) && plans.length) {
    // Descriptions end with their own full stop; dropped so the list does not read ".;".
    const plain = (text: string) => text.replace(/[.\s]+$/, '');
    lines.push(t('assistant.answer.plans', { list: plans.map((p) => `${p.title} (${p.type})${p.description ? `: ${plain(p.description)}` : ''}`).join('; ') }));
    // A plan the question names is the one whose numbers are given and to offer ("what does the Starter plan cost…").
    const named = namedPlan(plans, question);
    for (const p of named ? [named] : plans) lines.push(planTerms(p, t));
    const volume = statedVolume(question);
    if (named?.canSubscribe) actions.push({ kind: 'subscribe', label: t('assistant.action.subscribe', { plan: named.title }), params: { productId, planId: named.id } });
    if (volume !== null) actions.push({ kind: 'findPlan', label: t('assistant.action.findPlan', { volume: volume.toLocaleString('en') }), params: { productId, volume } });
    else if (/\bsubscri(be|ption)\b/i.test(question)) {
      const plan = plans[0]!;
      actions.push({ kind: 'subscribe', label: t('assistant.action.subscribe', { plan: plan.title }), params: { productId, planId: plan.id } });
    }
  }
  if (ACCESS_WORDS.test(question)) {
    const resource = ops[0]?.resourceId ?? entries.find((e) => e.kind === 'asset_resource')?.id;
    actions.push({ kind: 'requestAccess', label: t('assistant.action.requestAccess'), params: { productId, ...(resource ? { resourceId: resource } : {}) } });
  }
  return { found: true, text: lines.join('\n'), references: references.slice(0, 5), actions, productId, ...(ops[0] ? { resourceId: ops[0].resourceId } : {}) };
}

/** The plan the question names by its title ("what does the Starter plan cost…"), if any. */
export function namedPlan(plans: Plan[], question: string): Plan | undefined {
  return plans.find((p) => new RegExp(`\\b${escapeRegExp(p.title)}\\b`, 'i').test(question));
}

/** A plan's numbers (spec 3 §5): its price, then each quota's limit and what happens over it. */
function planTerms(p: Plan, t: Translate): string {
  const b = readBilling(p.billing);
  const money = (n: number) => `${n.toLocaleString('en', { maximumFractionDigits: 4 })} ${b.currency}`;
  const price = b.price > 0 ? t('assistant.plan.price', { price: money(b.price), interval: b.interval ? t(`subscriptions.interval.${b.interval}`) : '' }) : t('assistant.plan.free');
  const quotas = p.quotas.map((q) => {
    const pricing = readPricing(q.pricing);
    if (pricing?.type !== 'fixed') return null;
    const limit = t('assistant.plan.limit', { title: q.title, value: pricing.value.toLocaleString('en'), unit: q.unit.title, interval: t(`subscriptions.interval.${pricing.interval}`) });
    return `${limit} ${allowsOverages(pricing) ? t('assistant.plan.overage', { cost: money(pricing.overages) }) : t('assistant.plan.strict')}`;
  }).filter((x): x is string => !!x);
  return `${p.title}: ${[price, ...quotas].join(' ')}`;
}

/** The operation's first description sentence, its parameters, and a request example from its schema. */
function operationDetails(o: OperationHit, t: Translate, call?: CallContext): string[] {
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
  if (named.length) out.push(t('assistant.answer.parameters', { list: named.join(', ') }));
  const body = exampleBody(op, samples);
  const request = `${o.method.toUpperCase()} ${o.path}`;
  if (call) return [...out, ...callSampleLines(o, body, call, t)];
  out.push(body ? t('assistant.answer.exampleBody', { request, body: body.slice(0, 300) }) : t('assistant.answer.example', { request }));
  return out;
}

/** The documented example, else the one the indexer generated (server/src/spec/samples.ts keys), else one from inline properties. */
function exampleBody(op: Record<string, unknown>, samples: Record<string, unknown>): string | null {
  const content = (op.requestBody as { content?: Record<string, { schema?: Schema; example?: unknown; examples?: Record<string, { value?: unknown }> }> } | undefined)?.content;
  const mediaType = content?.['application/json'] ? 'application/json' : content ? Object.keys(content)[0] : undefined;
  const media = mediaType ? content![mediaType] : undefined;
  if (!media) return null;
  if (media.example !== undefined) return JSON.stringify(media.example);
  const named = Object.values(media.examples ?? {}).find((e) => e && typeof e === 'object' && e.value !== undefined);
  if (named) return JSON.stringify(named.value);
  const generated = samples[`request|${mediaType}`];
  if (generated !== undefined) return JSON.stringify(generated);
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

// Generated examples of an operation's bodies, made at index time: the sampler needs the schemas
// behind the operation's `$ref`s, which the browser only fetches when the reader opens them. The
// sampler is the explorer's own (bounded in depth and nodes), so the example is the one the
// explorer would have drawn from an inlined schema; a body with a documented example gets none.
//
// Keys, read by src/screens/explorer/openapi/model.ts: `request|<media type>` and
// `response|<status>|<media type>`; Swagger 2 (one schema for every media type) leaves the
// media type empty.
import { sampleOf, type ResolveRef, type SampleLimits } from '../../../src/screens/explorer/openapi/sample.ts';
import { isObject } from './parse.ts';

type Obj = Record<string, unknown>;

/** Smaller than the browser's own limits: every body of every operation gets one, stored (Stripe's
 * 452 operations took 7 MB of examples at the browser's limits, 3× the description). */
const LIMITS: SampleLimits = { maxDepth: 6, maxProperties: 20, maxNodes: 300 };

export const sampleKey = (part: 'request' | 'response', mediaType: string, status?: string) =>
  part === 'request' ? `request|${mediaType}` : `response|${status}|${mediaType}`;

function documented(media: Obj): boolean {
  if (media.example !== undefined) return true;
  if (isObject(media.examples) && Object.values(media.examples).some((e) => isObject(e) && 'value' in e)) return true;
  return isObject(media.schema) && media.schema.example !== undefined;
}

export function operationSamples(operation: Obj, swagger2: boolean, resolve: ResolveRef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const add = (key: string, schema: unknown) => {
    if (!isObject(schema) || schema.example !== undefined) return;
    const value = sampleOf(schema, LIMITS, resolve);
    if (value !== undefined) out[key] = value;
  };
  const responses = isObject(operation.responses) ? operation.responses : {};
  if (swagger2) {
    const body = Array.isArray(operation.parameters) ? operation.parameters.find((p) => isObject(p) && p.in === 'body') : undefined;
    if (isObject(body) && body['x-example'] === undefined) add(sampleKey('request', ''), body.schema);
    for (const [status, r] of Object.entries(responses)) if (isObject(r)) add(sampleKey('response', '', status), r.schema);
    return out;
  }
  const contents = (content: unknown, key: (mediaType: string) => string) => {
    if (!isObject(content)) return;
    for (const [mediaType, media] of Object.entries(content)) {
      if (isObject(media) && !documented(media)) add(key(mediaType), media.schema);
    }
  };
  if (isObject(operation.requestBody)) contents(operation.requestBody.content, (mt) => sampleKey('request', mt));
  for (const [status, r] of Object.entries(responses)) {
    if (isObject(r)) contents(r.content, (mt) => sampleKey('response', mt, status));
  }
  return out;
}

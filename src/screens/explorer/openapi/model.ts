// One stored operation read into the shape the explorer draws, whatever the OpenAPI version:
// parameters, request body by media type, and responses by status, each with a schema and an
// example. Schemas may be bare `$ref`s (the server stores each referenced schema once and the
// schema view fetches it when opened); the examples generated through them come from the
// server's index (`samples`, keyed as server/src/spec/samples.ts writes them).
import { sampleOf } from './sample.ts';

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie' | 'formData';
  required: boolean;
  description: string;
  deprecated: boolean;
  schema: Json | null;
  example: unknown;
}

export interface MediaContent {
  mediaType: string;
  schema: Json | null;
  /** The documented example, else a value built from the schema (undefined when neither). */
  example: unknown;
  /** The example is the author's (not generated). */
  documented: boolean;
}

export interface ResponseLink {
  name: string;
  /** operationId, or operationRef when the link names its target that way. */
  target: string;
  description: string;
  /** Parameter name -> runtime expression or value, as written. */
  parameters: Array<[string, string]>;
}

export interface ResponseEntry {
  status: string;
  description: string;
  contents: MediaContent[];
  headers: Array<{ name: string; description: string; schema: Json | null }>;
  links: ResponseLink[];
}

/** One way to authorize an operation: every scheme of it together, with the scopes asked for. */
export type SecurityRequirement = Array<{ scheme: string; scopes: string[] }>;

export interface Callback {
  /** The callback's name and the runtime expression of its URL. */
  name: string;
  expression: string;
  method: string;
  operation: NormalizedOperation;
}

export interface NormalizedOperation {
  summary: string;
  description: string;
  operationId: string;
  deprecated: boolean;
  parameters: Parameter[];
  requestBody: { required: boolean; description: string; contents: MediaContent[] } | null;
  responses: ResponseEntry[];
  externalDocs: { url: string; description: string } | null;
  /** null: none declared (the server merges the document's own); []: open to all (`security: []`);
   * else any one of the requirements. An empty requirement ({}) makes authorization optional. */
  security: SecurityRequirement[] | null;
  callbacks: Callback[];
  /** The provider's own samples (x-codeSamples, Redoc's x-code-samples), in their order. */
  codeSamples: ProviderSample[];
}

export interface ProviderSample { lang: string; label: string; source: string }

/** x-codeSamples / x-code-samples entries with a source; anything else is left out. */
function providerSamplesOf(operation: Json): ProviderSample[] {
  const raw = Array.isArray(operation['x-codeSamples']) ? operation['x-codeSamples'] : Array.isArray(operation['x-code-samples']) ? operation['x-code-samples'] : [];
  return raw.filter(isObject).filter((s) => typeof s.source === 'string' && s.source.trim() !== '')
    .map((s) => ({ lang: str(s.lang), label: str(s.label) || str(s.lang), source: str(s.source) }));
}

const PARAM_IN = new Set(['path', 'query', 'header', 'cookie', 'formData']);

/** OpenAPI 2 puts type, format, items… on the parameter itself. */
function oas2Schema(p: Json): Json | null {
  if (isObject(p.schema)) return p.schema;
  const keys = ['type', 'format', 'items', 'enum', 'default', 'minimum', 'maximum', 'pattern', 'collectionFormat'];
  const out: Json = {};
  for (const k of keys) if (p[k] !== undefined) out[k] = p[k];
  return Object.keys(out).length ? out : null;
}

function firstExample(examples: unknown): { found: boolean; value: unknown } {
  if (!isObject(examples)) return { found: false, value: undefined };
  for (const ex of Object.values(examples)) {
    if (isObject(ex) && 'value' in ex) return { found: true, value: ex.value };
  }
  return { found: false, value: undefined };
}

/** Generated examples by 'request|<media type>' / 'response|<status>|<media type>' (Swagger 2: ''). */
export type Samples = Record<string, unknown>;

function content(mediaType: string, schema: Json | null, example: { found: boolean; value: unknown }, generated?: unknown): MediaContent {
  if (example.found) return { mediaType, schema, example: example.value, documented: true };
  if (schema && schema.example !== undefined) return { mediaType, schema, example: schema.example, documented: true };
  if (generated !== undefined) return { mediaType, schema, example: generated, documented: false };
  return { mediaType, schema, example: schema ? sampleOf(schema) : undefined, documented: false };
}

function oas3Contents(value: unknown, samples: Samples, key: (mediaType: string) => string): MediaContent[] {
  if (!isObject(value)) return [];
  return Object.entries(value).map(([mediaType, media]) => {
    const m = isObject(media) ? media : {};
    const example = 'example' in m ? { found: true, value: m.example } : firstExample(m.examples);
    return content(mediaType, isObject(m.schema) ? m.schema : null, example, samples[key(mediaType)]);
  });
}

export function normalizeOperation(operation: Json, swagger2: boolean, samples: Samples = {}): NormalizedOperation {
  const rawParams = Array.isArray(operation.parameters) ? operation.parameters.filter(isObject) : [];
  const parameters: Parameter[] = [];
  let body: Json | null = null;
  const form: Parameter[] = [];
  for (const p of rawParams) {
    const where = str(p.in);
    if (where === 'body') {
      body = p;
      continue;
    }
    if (!PARAM_IN.has(where)) continue;
    const schema = swagger2 ? oas2Schema(p) : isObject(p.schema) ? p.schema : null;
    const example = 'example' in p ? p.example : firstExample(p.examples).value ?? (isObject(schema) ? schema.example : undefined);
    const param: Parameter = {
      name: str(p.name), in: where as Parameter['in'], required: p.required === true || where === 'path',
      description: str(p.description), deprecated: p.deprecated === true, schema, example,
    };
    if (where === 'formData') form.push(param);
    else parameters.push(param);
  }

  let requestBody: NormalizedOperation['requestBody'] = null;
  if (swagger2) {
    const consumes = Array.isArray(operation.consumes) && operation.consumes.length ? operation.consumes.map(String) : ['application/json'];
    if (body) {
      const schema = isObject(body.schema) ? body.schema : null;
      const example = 'x-example' in body ? { found: true, value: body['x-example'] } : { found: false, value: undefined };
      requestBody = { required: body.required === true, description: str(body.description), contents: consumes.map((mt) => content(mt, schema, example, samples['request|'])) };
    } else if (form.length) {
      // Form parameters become one object schema, as OpenAPI 3 would write them.
      const schema: Json = {
        type: 'object',
        properties: Object.fromEntries(form.map((p) => [p.name, { ...(p.schema ?? {}), description: p.description }])),
        required: form.filter((p) => p.required).map((p) => p.name),
      };
      const types = consumes.filter((t) => /form/.test(t));
      requestBody = {
        required: form.some((p) => p.required), description: '',
        contents: (types.length ? types : ['application/x-www-form-urlencoded']).map((mt) => content(mt, schema, { found: false, value: undefined })),
      };
    }
  } else if (isObject(operation.requestBody)) {
    const rb = operation.requestBody;
    requestBody = { required: rb.required === true, description: str(rb.description), contents: oas3Contents(rb.content, samples, (mt) => `request|${mt}`) };
  }

  const produces = Array.isArray(operation.produces) && operation.produces.length ? operation.produces.map(String) : ['application/json'];
  const responses: ResponseEntry[] = Object.entries(isObject(operation.responses) ? operation.responses : {}).map(([status, raw]) => {
    const r = isObject(raw) ? raw : {};
    let contents: MediaContent[];
    if (swagger2) {
      const schema = isObject(r.schema) ? r.schema : null;
      const examples = isObject(r.examples) ? r.examples : {};
      const documented = Object.keys(examples);
      contents = schema || documented.length
        ? (documented.length ? documented : produces).map((mt) => content(mt, schema, mt in examples ? { found: true, value: examples[mt] } : { found: false, value: undefined }, samples[`response|${status}|`]))
        : [];
    } else {
      contents = oas3Contents(r.content, samples, (mt) => `response|${status}|${mt}`);
    }
    const headers = Object.entries(isObject(r.headers) ? r.headers : {}).map(([name, h]) => {
      const header = isObject(h) ? h : {};
      return { name, description: str(header.description), schema: isObject(header.schema) ? header.schema : swagger2 ? oas2Schema(header) : null };
    });
    return { status, description: str(r.description), contents, headers, links: linksOf(r.links) };
  });

  const docs = isObject(operation.externalDocs) && str(operation.externalDocs.url)
    ? { url: str(operation.externalDocs.url), description: str(operation.externalDocs.description) }
    : null;
  return {
    summary: str(operation.summary), description: str(operation.description), operationId: str(operation.operationId),
    deprecated: operation.deprecated === true, parameters, requestBody, responses, externalDocs: docs,
    security: securityOf(operation.security), callbacks: swagger2 ? [] : callbacksOf(operation.callbacks),
    codeSamples: providerSamplesOf(operation),
  };
}

const CALLBACK_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function linksOf(value: unknown): ResponseLink[] {
  if (!isObject(value)) return [];
  return Object.entries(value).filter(([, l]) => isObject(l)).map(([name, raw]) => {
    const l = raw as Json;
    const parameters = Object.entries(isObject(l.parameters) ? l.parameters : {})
      .map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
    return { name, target: str(l.operationId) || str(l.operationRef), description: str(l.description), parameters };
  });
}

function securityOf(value: unknown): SecurityRequirement[] | null {
  if (!Array.isArray(value)) return null;
  return value.filter(isObject).map((requirement) => Object.entries(requirement)
    .map(([scheme, scopes]) => ({ scheme, scopes: Array.isArray(scopes) ? scopes.map(String) : [] })));
}

/** OpenAPI 3 callbacks: name -> { expression: path item }, each operation drawn like any other. */
function callbacksOf(value: unknown): Callback[] {
  if (!isObject(value)) return [];
  const out: Callback[] = [];
  for (const [name, byExpression] of Object.entries(value)) {
    if (!isObject(byExpression)) continue;
    for (const [expression, item] of Object.entries(byExpression)) {
      if (!isObject(item)) continue;
      for (const method of CALLBACK_METHODS) {
        const op = item[method];
        // The server's generated samples are the operation's own: a callback's examples are made here.
        if (isObject(op)) out.push({ name, expression, method, operation: normalizeOperation(op, false) });
      }
    }
  }
  return out;
}

/** A schema's type in a few words: "string (date-time)", "array of object", "integer | null". */
export function typeLabel(schema: Json | null | undefined): string {
  if (!schema) return 'any';
  // A reference (drawn by name until opened) or a cycle cut by the server.
  if (typeof schema.$ref === 'string') return refName(schema.$ref) ?? 'object';
  let type = schema.type;
  if (Array.isArray(type)) type = type.join(' | ');
  let label = typeof type === 'string' ? type : schema.properties ? 'object' : schema.items ? 'array' : '';
  if (label === 'array' && isObject(schema.items)) label = `array of ${typeLabel(schema.items)}`;
  if (!label) {
    const variants = (['oneOf', 'anyOf', 'allOf'] as const).find((k) => Array.isArray(schema[k]));
    label = variants ? `${variants}` : 'any';
  }
  const format = str(schema.format);
  if (format) label += ` (${format})`;
  if (schema.nullable === true) label += ' | null';
  return label;
}

/** '#/components/schemas/Repository' -> 'Repository'. */
export function refName(ref: unknown): string | null {
  if (typeof ref !== 'string') return null;
  const name = ref.split('/').pop();
  return name ? decodeURIComponent(name.replace(/~1/g, '/').replace(/~0/g, '~')) : null;
}

/** A value as it goes into a text field: strings as they are, anything else as JSON. */
export function toFieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}

// Validation of user data against JSON schemas stored in the catalogue (application profile,
// access request and credential request definitions). Ajv 8 with ajv-formats: the same validator
// family as the screens' forms (@rjsf/validator-ajv8), so a form the browser accepts, the server
// accepts. Errors become the one 400 shape, naming `data.<field>` (or the prefix given).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { ApiError } from './errors.ts';

// ajv-formats is CommonJS: its default export arrives wrapped under Node's ESM loader.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule);

// strict: false: definitions carry the forms' x-agora-* extensions and other annotation keywords
// (ui hints) that ajv would otherwise reject as unknown keywords.
const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
addFormats(ajv);

// Compiled validators by schema text: definitions are few and rarely change; a bounded map keeps
// a long-running server from growing without end.
const CACHE_MAX = 500;
const cache = new Map<string, ValidateFunction>();

function compile(schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema ?? {});
  let fn = cache.get(key);
  if (!fn) {
    const target = schema && typeof schema === 'object' ? { ...(schema as object) } : {};
    // A stored $id would clash with another definition's schema of the same $id in one ajv.
    delete (target as { $id?: unknown }).$id;
    fn = ajv.compile(target);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
    cache.set(key, fn);
  }
  return fn;
}

export interface DataError { parameter: string; detail: string }

/** The field an ajv error is about, as a dotted path under `prefix` (data.contact.email). */
function fieldOf(error: ErrorObject, prefix: string): string {
  const path = error.instancePath.replace(/^\//, '').split('/').filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  const extra = (error.params as { additionalProperty?: string }).additionalProperty;
  return [prefix, ...path, missing ?? extra].filter(Boolean).join('.');
}

function detailOf(error: ErrorObject, parameter: string): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
  if (params.missingProperty) return `${parameter} is required.`;
  if (params.additionalProperty) return `${parameter} is not an accepted field.`;
  if (error.keyword === 'enum' && params.allowedValues) return `${parameter} must be one of: ${params.allowedValues.join(', ')}.`;
  return `${parameter} ${error.message ?? 'is invalid'}.`;
}

/** Every problem of `data` against `schema` (empty when valid). A schema that is itself broken
 * is the catalogue's fault, reported on the prefix rather than thrown as a 500. */
export function dataErrors(schema: unknown, data: unknown, prefix = 'data'): DataError[] {
  let fn: ValidateFunction;
  try {
    fn = compile(schema);
  } catch {
    return [{ parameter: prefix, detail: `${prefix} cannot be checked: the definition's schema is not valid.` }];
  }
  if (fn(data)) return [];
  return withChoicesFolded(fn.errors ?? []).map((e) => {
    const parameter = fieldOf(e, prefix);
    return { parameter, detail: detailOf(e, parameter) };
  });
}

/** A choice field written as `oneOf` of `const` + `title` fails with one `const` error per choice
 * plus the `oneOf` one; fold them into a single `enum`-like error listing the allowed values. */
function withChoicesFolded(errors: ErrorObject[]): ErrorObject[] {
  const branchesOf = (oneOf: ErrorObject) => errors.filter((e) => e.keyword === 'const' && e.instancePath === oneOf.instancePath
    && e.schemaPath.startsWith(`${oneOf.schemaPath}/`));
  const folded = new Set<ErrorObject>();
  const out = errors.map((e) => {
    if (e.keyword !== 'oneOf') return e;
    const branches = branchesOf(e);
    if (!branches.length) return e;
    for (const b of branches) folded.add(b);
    return { ...e, keyword: 'enum', params: { allowedValues: branches.map((b) => (b.params as { allowedValue: unknown }).allowedValue) } };
  });
  return out.filter((e) => !folded.has(e));
}

/** The ajv errors as a 400 ApiError naming the first field at fault (`data.<field>`). */
export function toApiError(errors: DataError[]): ApiError {
  const first = errors[0] ?? { parameter: 'data', detail: 'data is invalid.' };
  return new ApiError(400, 'Bad Request', first.detail, first.parameter);
}

/** Throws the 400 when `data` does not satisfy `schema`. */
export function assertValid(schema: unknown, data: unknown, prefix = 'data'): void {
  const errors = dataErrors(schema, data, prefix);
  if (errors.length) throw toApiError(errors);
}

/** True when a schema asks for something (has properties): the wizard's details step uses it. */
export function hasProperties(schema: unknown): boolean {
  const props = (schema as { properties?: unknown } | null)?.properties;
  return !!props && typeof props === 'object' && Object.keys(props).length > 0;
}

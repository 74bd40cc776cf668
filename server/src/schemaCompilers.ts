// Route schemas compiled once per process, not once per app. Fastify's default compilers (ajv for
// requests, fast-json-stringify for answers) keep their pool per instance, so every buildApp compiled
// every route's schemas again: in a CPU profile of building apps one after another, ajv was ~20% and
// fast-json-stringify ~12% of the main thread (the tests build hundreds of apps per run). These are
// the same compilers with one cache for the process, keyed by the schema's JSON and the compiler's
// options, so an app built with the same schemas reuses the compiled functions (pure functions of
// their input). A server builds one app: for it nothing changes.
//
// They count as custom compilers for Fastify, which then leaves a headers schema's keys as given
// instead of lower-casing them: no route here validates headers.
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/** What Fastify hands a compiler for one part of one route (its runtime shape; the packages' types
 * describe the validator pool as ajv's own compile). */
interface RouteSchema { schema: unknown; httpPart?: string }
type Compile = (route: RouteSchema) => unknown;
type Factory = (externalSchemas: unknown, options: unknown) => Compile;

const buildValidatorPool = AjvCompiler() as unknown as Factory;
const buildSerializerPool = SerializerSelector() as unknown as Factory;
const compiled = new Map<string, unknown>();

function remembered(key: string, compile: () => unknown): unknown {
  let fn = compiled.get(key);
  if (fn === undefined) {
    fn = compile();
    compiled.set(key, fn);
  }
  return fn;
}

/** A pool's factory whose compiled functions are remembered by the route part's schema. */
const sharing = (kind: string, pool: Factory): Factory => (externalSchemas, options) => {
  const compile = pool(externalSchemas, options);
  const scope = `${kind} ${JSON.stringify([externalSchemas, options])} `;
  return (route) => remembered(`${scope}${route.httpPart ?? ''} ${JSON.stringify(route.schema)}`, () => compile(route));
};

/** Fastify's `schemaController` option. */
export const SCHEMA_CONTROLLER = {
  compilersFactory: {
    buildValidator: sharing('validator', buildValidatorPool) as unknown as ValidatorFactory,
    buildSerializer: sharing('serializer', buildSerializerPool) as unknown as SerializerFactory,
  },
};

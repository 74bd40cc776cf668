// Builds OpenAPI 3 descriptions of resource-oriented APIs from a compact list of entities, for
// the demo products that have no hand-written file and for generated benchmark catalogues.
// Fields are written as "name:type=example", a trailing "?" on the name marks them optional;
// types: string, int, number, bool, datetime, date, email, uri, enum(a|b|c).

export interface EntitySpec {
  /** Singular, capitalised: "Forecast". */
  name: string;
  /** Path segment; default the plural of the name in kebab case. */
  path?: string;
  description?: string;
  fields: string;
  /** Only list and read operations. */
  readOnly?: boolean;
  /** Extra actions: POST /{path}/{id}/{action}. */
  actions?: string[];
}

export interface CrudSpecInput {
  title: string;
  version: string;
  description: string;
  /** Host label: https://sandbox.<host>.agora.test */
  host: string;
  entities: EntitySpec[];
  openapi?: '3.0.3' | '3.1.0';
  /** Pretty-print (default) or compact JSON. */
  pretty?: boolean;
}

type Schema = Record<string, unknown>;

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const plural = (s: string) => (/(s|x|ch|sh)$/.test(s) ? `${s}es` : /[^aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : `${s}s`);
const words = (s: string) => kebab(s).replace(/-/g, ' ');

function parseField(def: string): { name: string; required: boolean; schema: Schema } {
  const m = /^\s*(\w+)(\??):(\w+)(?:\(([^)]*)\))?(?:=(.*))?$/.exec(def);
  if (!m) throw new Error(`bad field definition "${def}"`);
  const [, name, optional, type, args, example] = m as unknown as [string, string, string, string, string | undefined, string | undefined];
  const ex = example?.trim();
  const schema: Schema = (() => {
    switch (type) {
      case 'int': return { type: 'integer', ...(ex ? { example: Number(ex) } : {}) };
      case 'number': return { type: 'number', ...(ex ? { example: Number(ex) } : {}) };
      case 'bool': return { type: 'boolean', ...(ex ? { example: ex === 'true' } : {}) };
      case 'datetime': return { type: 'string', format: 'date-time', example: ex ?? '2025-01-15T09:30:00Z' };
      case 'date': return { type: 'string', format: 'date', example: ex ?? '2025-01-15' };
      case 'email': return { type: 'string', format: 'email', example: ex ?? 'ada@example.com' };
      case 'uri': return { type: 'string', format: 'uri', example: ex ?? 'https://example.com' };
      case 'enum': { const values = (args ?? '').split('|'); return { type: 'string', enum: values, example: ex ?? values[0] }; }
      default: return { type: 'string', ...(ex ? { example: ex } : {}) };
    }
  })();
  return { name, required: !optional, schema };
}

export function crudSpec(input: CrudSpecInput): string {
  const paths: Record<string, Schema> = {};
  const schemas: Schema = {
    Error: {
      type: 'object', required: ['code', 'message'],
      properties: {
        code: { type: 'string', example: 'invalid_parameter' },
        message: { type: 'string', example: 'limit must be at most 100' },
        parameter: { type: 'string', example: 'limit' },
      },
    },
  };
  const tags = input.entities.map((e) => ({ name: plural(e.name), description: e.description ?? `Manage ${words(plural(e.name))}.` }));
  for (const entity of input.entities) {
    const fields = entity.fields.split(',').filter((f) => f.trim()).map(parseField);
    const name = entity.name;
    const path = `/${entity.path ?? kebab(plural(name))}`;
    const tag = plural(name);
    const label = words(name);
    const ref = { $ref: `#/components/schemas/${name}` };
    const inputRef = { $ref: `#/components/schemas/${name}Input` };
    const example = Object.fromEntries(fields.filter((f) => 'example' in f.schema).map((f) => [f.name, f.schema.example]));
    schemas[`${name}Input`] = {
      type: 'object',
      required: fields.filter((f) => f.required).map((f) => f.name),
      properties: Object.fromEntries(fields.map((f) => [f.name, f.schema])),
    };
    schemas[name] = {
      allOf: [
        { type: 'object', required: ['id'], properties: { id: { type: 'string', readOnly: true, example: `${kebab(name).slice(0, 3)}_01HF3K9` } } },
        inputRef,
        { type: 'object', properties: { createdAt: { type: 'string', format: 'date-time', readOnly: true }, updatedAt: { type: 'string', format: 'date-time', readOnly: true } } },
      ],
    };
    schemas[`${name}List`] = {
      type: 'object',
      properties: { items: { type: 'array', items: ref }, totalCount: { type: 'integer', example: 1 } },
    };
    const json = (schema: Schema, ex?: unknown) => ({ 'application/json': { schema, ...(ex ? { example: ex } : {}) } });
    const errors = {
      400: { $ref: '#/components/responses/BadRequest' },
      401: { $ref: '#/components/responses/Unauthorized' },
    };
    const filterable = fields.filter((f) => f.schema.enum).map((f) => ({
      name: f.name, in: 'query', description: `Only ${words(plural(name))} with this ${words(f.name)}.`,
      schema: { type: 'array', items: { type: 'string', enum: f.schema.enum } }, style: 'form', explode: true,
    }));
    paths[path] = {
      get: {
        tags: [tag], summary: `List ${words(plural(name))}`, operationId: `list${plural(name)}`,
        parameters: [
          { $ref: '#/components/parameters/limit' }, { $ref: '#/components/parameters/offset' },
          { name: 'search', in: 'query', description: 'Words to look for.', schema: { type: 'string', maxLength: 200 } },
          ...filterable,
        ],
        responses: { 200: { description: `A page of ${words(plural(name))}.`, content: json({ $ref: `#/components/schemas/${name}List` }, { items: [{ id: `${kebab(name).slice(0, 3)}_01HF3K9`, ...example }], totalCount: 1 }) }, ...errors },
      },
      ...(entity.readOnly ? {} : {
        post: {
          tags: [tag], summary: `Create a ${label}`, operationId: `create${name}`,
          requestBody: { required: true, content: json(inputRef, example) },
          responses: { 201: { description: `The new ${label}.`, content: json(ref) }, ...errors },
        },
      }),
    };
    const item = `${path}/{${name.charAt(0).toLowerCase()}${name.slice(1)}Id}`;
    const idParam = { name: `${name.charAt(0).toLowerCase()}${name.slice(1)}Id`, in: 'path', required: true, description: `The ${label}'s id.`, schema: { type: 'string' } };
    const notFound = { 404: { $ref: '#/components/responses/NotFound' } };
    paths[item] = {
      parameters: [idParam],
      get: { tags: [tag], summary: `Retrieve a ${label}`, operationId: `get${name}`, responses: { 200: { description: `The ${label}.`, content: json(ref) }, ...notFound } },
      ...(entity.readOnly ? {} : {
        patch: {
          tags: [tag], summary: `Update a ${label}`, operationId: `update${name}`,
          requestBody: { required: true, content: json(inputRef) },
          responses: { 200: { description: `The updated ${label}.`, content: json(ref) }, ...errors, ...notFound },
        },
        delete: { tags: [tag], summary: `Delete a ${label}`, operationId: `delete${name}`, responses: { 204: { description: 'Deleted.' }, ...notFound } },
      }),
    };
    for (const action of entity.actions ?? []) {
      paths[`${item}/${kebab(action)}`] = {
        post: {
          tags: [tag], summary: `${words(action).replace(/^\w/, (c) => c.toUpperCase())} a ${label}`,
          operationId: `${action}${name}`, parameters: [idParam],
          responses: { 200: { description: `The ${label}.`, content: json(ref) }, ...notFound, 409: { description: `The ${label} is not in a state that allows this.`, content: json({ $ref: '#/components/schemas/Error' }) } },
        },
      };
    }
  }
  const doc = {
    openapi: input.openapi ?? '3.0.3',
    info: { title: input.title, version: input.version, description: input.description, contact: { name: `${input.title} team`, email: `${input.host}@agora.test` } },
    servers: [
      { url: `https://sandbox.${input.host}.agora.test/v${input.version.split('.')[0]}`, description: 'Sandbox' },
      { url: `https://api.${input.host}.agora.test/v${input.version.split('.')[0]}`, description: 'Production' },
    ],
    tags,
    security: [{ apiKey: [] }, { oauth2: [] }],
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        oauth2: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: `https://auth.${input.host}.agora.test/oauth/token`, scopes: {} } } },
      },
      parameters: {
        limit: { name: 'limit', in: 'query', description: 'Page size.', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
        offset: { name: 'offset', in: 'query', description: 'Items to skip.', schema: { type: 'integer', minimum: 0, default: 0 } },
      },
      responses: {
        BadRequest: { description: 'A parameter is missing or invalid.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        Unauthorized: { description: 'No valid credential was sent.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        NotFound: { description: 'Nothing with that id.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
      schemas,
    },
  };
  return input.pretty === false ? JSON.stringify(doc) : JSON.stringify(doc, null, 2);
}

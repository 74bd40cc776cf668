// The specification index: what the explorer loads first and on demand, built once per document.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { buildSpecIndex } from '../../server/src/spec/build.ts';
import { SpecIndexError } from '../../server/src/spec/parse.ts';

const oas3 = `
openapi: 3.0.3
info: { title: Pets, version: '1.0' }
servers: [{ url: 'https://pets.example.com/v1' }]
tags:
  - { name: pets, description: Everything about pets }
  - { name: unused, description: No operation uses it }
security: [{ key: [] }]
paths:
  /pets/{petId}:
    parameters:
      - $ref: '#/components/parameters/PetId'
      - { name: trace, in: header, schema: { type: string } }
    get:
      tags: [pets]
      operationId: getPet
      summary: Get a pet
      parameters:
        - { name: trace, in: header, required: true, schema: { type: string } }
      responses:
        '200':
          $ref: '#/components/responses/Pet'
    delete:
      tags: [pets, admin]
      operationId: deletePet
      deprecated: true
      security: []
      responses: { '204': { description: gone } }
  /health:
    get:
      description: "Liveness.\\nSecond line."
      responses: { '200': { description: ok } }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Key }
  parameters:
    PetId: { name: petId, in: path, required: true, schema: { type: integer } }
  responses:
    Pet:
      description: A pet
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Pet' }
  schemas:
    Pet:
      type: object
      properties:
        id: { type: integer }
        parent: { $ref: '#/components/schemas/Pet' }
        owner: { $ref: '#/components/schemas/Owner' }
    Owner:
      type: object
      properties:
        pets: { type: array, items: { $ref: '#/components/schemas/Pet' } }
`;

const oas2 = JSON.stringify({
  swagger: '2.0',
  info: { title: 'Old', version: '1' },
  host: 'old.example.com',
  basePath: '/api',
  schemes: ['https'],
  consumes: ['application/json'],
  produces: ['application/xml', 'application/json'],
  securityDefinitions: { basic: { type: 'basic' } },
  paths: {
    '/items': {
      post: {
        operationId: 'addItem',
        consumes: ['application/x-www-form-urlencoded'],
        parameters: [{ $ref: '#/parameters/Body' }],
        responses: { 201: { description: 'made', schema: { $ref: '#/definitions/Item' } } },
      },
    },
  },
  parameters: { Body: { name: 'body', in: 'body', schema: { $ref: '#/definitions/Item' } } },
  definitions: { Item: { type: 'object', properties: { name: { type: 'string' } } } },
});

const oas31 = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'New', version: '1' },
  paths: {
    '/nodes': {
      get: {
        tags: ['graph'],
        responses: {
          200: {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Node', description: 'The root node' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Node: { type: ['object', 'null'], properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } },
    },
  },
});

const byId = (index: ReturnType<typeof buildSpecIndex>, id: string) => index.operations.find((o) => o.operationId === id)!;

describe('OpenAPI 3.0 index', () => {
  const index = buildSpecIndex('oas3', oas3);

  it('lists operations in document order, grouped by declared tags then default', () => {
    expect(index.operations.map((o) => `${o.method} ${o.path}`)).toEqual(['get /pets/{petId}', 'delete /pets/{petId}', 'get /health']);
    expect(index.head.tags.map((t) => [t.name, t.operations.map((o) => o.ordinal)])).toEqual([
      ['pets', [0, 1]], ['admin', [1]], ['default', [2]],
    ]);
    expect(index.head.tags[0]!.description).toBe('Everything about pets');
    expect(index.head.tags.some((t) => t.name === 'unused')).toBe(false);
  });

  it('summarises each operation for the index', () => {
    expect(index.head.tags[2]!.operations[0]).toMatchObject({ method: 'get', path: '/health', operationId: null, summary: 'Liveness.', deprecated: false });
    expect(index.head.tags[0]!.operations[1]).toMatchObject({ operationId: 'deletePet', deprecated: true });
  });

  it('inlines parameters and responses, merging path-level parameters, and keeps schema $refs as written', () => {
    const op = byId(index, 'getPet').operation as any;
    expect(op.parameters).toEqual([
      { name: 'petId', in: 'path', required: true, schema: { type: 'integer' } },
      { name: 'trace', in: 'header', required: true, schema: { type: 'string' } },
    ]);
    expect(op.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Pet' });
    expect(JSON.stringify(op)).not.toContain('"#/components/parameters');
    expect(JSON.stringify(op)).not.toContain('"#/components/responses');
  });

  it('stores each referenced schema once, as written, with the ids of the schemas it references', () => {
    const payload = JSON.parse(byId(index, 'getPet').json);
    expect(payload.schemas).toEqual({ '#/components/schemas/Pet': 0 });
    expect(index.schemas.map((s) => [s.id, s.ref])).toEqual([[0, '#/components/schemas/Pet'], [1, '#/components/schemas/Owner']]);
    // Pet -> Pet (itself) and Pet -> Owner -> Pet: references, never followed, so never looping.
    const pet = JSON.parse(index.schemas[0]!.json);
    expect(pet).toEqual({
      ref: '#/components/schemas/Pet',
      schemas: { '#/components/schemas/Pet': 0, '#/components/schemas/Owner': 1 },
      schema: { type: 'object', properties: { id: { type: 'integer' }, parent: { $ref: '#/components/schemas/Pet' }, owner: { $ref: '#/components/schemas/Owner' } } },
    });
    expect(JSON.parse(index.schemas[1]!.json).schemas).toEqual({ '#/components/schemas/Pet': 0 });
    expect(JSON.parse(byId(index, 'deletePet').json).schemas).toEqual({});
  });

  it('generates a bounded example through references, a cycle sampled as {}', () => {
    const payload = JSON.parse(byId(index, 'getPet').json);
    expect(payload.samples).toEqual({ 'response|200|application/json': { id: 0, parent: {}, owner: { pets: [{}] } } });
  });

  it('cuts a cycle among inlined (non-schema) references with a marker', () => {
    const looped = buildSpecIndex('oas3', JSON.stringify({
      openapi: '3.0.0', info: { title: 'L', version: '1' },
      paths: { '/a': { get: { responses: { 200: { $ref: '#/components/responses/A' } } } } },
      components: { responses: { A: { description: 'a', links: { next: { $ref: '#/components/responses/A' } } } } },
    }));
    expect((looped.operations[0]!.operation as any).responses['200'].links.next).toEqual({ $ref: '#/components/responses/A', 'x-circular': true });
  });

  it('gives each operation its effective security', () => {
    expect(byId(index, 'getPet').operation.security).toEqual([{ key: [] }]);
    expect(byId(index, 'deletePet').operation.security).toEqual([]);
  });

  it('keeps a small head: info, servers, security schemes, counts and sizes', () => {
    const { head } = index;
    expect(head).toMatchObject({
      format: 'openapi', specVersion: '3.0.3', info: { title: 'Pets' }, servers: [{ url: 'https://pets.example.com/v1' }],
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
      counts: { operations: 3, tags: 3, paths: 2, schemas: 2 },
    });
    expect(head.sizes.document).toBe(Buffer.byteLength(oas3));
    expect(head.sizes.largestOperation).toBe(Math.max(...index.operations.map((o) => o.size)));
    expect(head.sizes.index).toBe(Buffer.byteLength(JSON.stringify({ ...head, sizes: { ...head.sizes, index: 0 } })));
  });
});

describe('OpenAPI 2.0 index', () => {
  const index = buildSpecIndex('oas2', oas2);
  it('includes consumes, produces, schemes and inlined parameters in each operation, definitions by reference', () => {
    const op = byId(index, 'addItem').operation as any;
    expect(op.consumes).toEqual(['application/x-www-form-urlencoded']);
    expect(op.produces).toEqual(['application/xml', 'application/json']);
    expect(op.schemes).toEqual(['https']);
    expect(op.parameters[0]).toEqual({ name: 'body', in: 'body', schema: { $ref: '#/definitions/Item' } });
    expect(op.responses['201'].schema).toEqual({ $ref: '#/definitions/Item' });
    const payload = JSON.parse(byId(index, 'addItem').json);
    expect(payload.schemas).toEqual({ '#/definitions/Item': 0 });
    expect(payload.samples).toEqual({ 'request|': { name: 'string' }, 'response|201|': { name: 'string' } });
  });
  it('keeps host, basePath and securityDefinitions in the head', () => {
    expect(index.head).toMatchObject({
      format: 'swagger', specVersion: '2.0', host: 'old.example.com', basePath: '/api',
      securitySchemes: { basic: { type: 'basic' } }, counts: { operations: 1, schemas: 1 },
    });
    expect(index.head.tags.map((t) => t.name)).toEqual(['default']);
  });
});

describe('OpenAPI 3.1 index', () => {
  it('keeps a $ref with its siblings as written, and stores a self-recursive schema once', () => {
    const index = buildSpecIndex('oas3.1', oas31);
    const schema = (index.operations[0]!.operation as any).responses['200'].content['application/json'].schema;
    expect(schema).toEqual({ $ref: '#/components/schemas/Node', description: 'The root node' });
    expect(index.schemas).toHaveLength(1);
    expect(JSON.parse(index.schemas[0]!.json).schemas).toEqual({ '#/components/schemas/Node': 0 });
  });

  it('indexes webhooks after the paths, listed apart in the head (not in the tags, not counted as operations)', () => {
    const index = buildSpecIndex('oas3.1', JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Hooks', version: '1' },
      paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } },
      webhooks: {
        petAdded: { post: { summary: 'A pet was added', tags: ['pets'], requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, responses: { 200: { description: 'ok' } } } },
      },
      components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } },
    }));
    expect(index.operations.map((o) => [o.ordinal, o.method, o.path, o.webhook ?? false])).toEqual([[0, 'get', '/a', false], [1, 'post', 'petAdded', true]]);
    expect(index.head.webhooks).toEqual([expect.objectContaining({ ordinal: 1, method: 'post', path: 'petAdded', summary: 'A pet was added', webhook: true })]);
    expect(index.head.tags.flatMap((t) => t.operations.map((o) => o.ordinal))).toEqual([0]);
    expect(index.head.counts.operations).toBe(1);
    // Its schemas by reference, like any operation's.
    expect(JSON.parse(index.operations[1]!.json).schemas).toEqual({ '#/components/schemas/Pet': 0 });
    // A description without webhooks has no such field.
    expect(buildSpecIndex('oas3.1', oas31).head.webhooks).toBeUndefined();
  });
});

describe('AsyncAPI and GraphQL', () => {
  it('indexes AsyncAPI 2 channels as publish/subscribe operations', () => {
    const index = buildSpecIndex('asyncapi', `
asyncapi: 2.6.0
info: { title: Events, version: '1' }
servers: { prod: { url: 'mqtt://broker', protocol: mqtt } }
channels:
  user/signedup:
    subscribe:
      operationId: onSignup
      tags: [{ name: users }]
      message: { $ref: '#/components/messages/Signup' }
components:
  messages:
    Signup: { payload: { type: object, properties: { email: { type: string } } } }
`);
    expect(index.operations).toHaveLength(1);
    expect(index.operations[0]).toMatchObject({ method: 'subscribe', path: 'user/signedup', operationId: 'onSignup', tag: 'users' });
    expect((index.operations[0]!.operation as any).message.payload.properties.email.type).toBe('string');
    expect(index.head.servers).toEqual([{ name: 'prod', url: 'mqtt://broker', protocol: 'mqtt' }]);
  });

  it('indexes AsyncAPI 3 operations with their channel address', () => {
    const index = buildSpecIndex('asyncapi', JSON.stringify({
      asyncapi: '3.0.0',
      info: { title: 'Orders', version: '1' },
      channels: { orderCreated: { address: 'orders.created', messages: { m: { payload: { type: 'string' } } } } },
      operations: { publishOrder: { action: 'send', summary: 'Announce an order', channel: { $ref: '#/channels/orderCreated' } } },
    }));
    expect(index.operations[0]).toMatchObject({ method: 'send', path: 'orders.created', operationId: 'publishOrder', summary: 'Announce an order' });
  });

  it('summarises a GraphQL schema: root fields as operations, named types', () => {
    const index = buildSpecIndex('graphql', `
"""A shop"""
schema { query: Query mutation: Mutation }
type Query { "One product" product(id: ID!): Product, products(first: Int = 10): [Product!]! }
type Mutation { addProduct(name: String!): Product }
type Product { id: ID!, name: String, old: String @deprecated(reason: "no") }
enum Colour { RED GREEN }
`);
    expect(index.operations.map((o) => `${o.method} ${o.path}`)).toEqual(['query product', 'query products', 'mutation addProduct']);
    expect(index.operations[1]!.operation).toMatchObject({ type: '[Product!]!', args: [{ name: 'first', type: 'Int', defaultValue: 10 }] });
    expect(index.head.tags.map((t) => t.name)).toEqual(['Query', 'Mutation']);
    expect(index.head.graphql).toMatchObject({ queryType: 'Query', mutationType: 'Mutation', subscriptionType: null });
    expect(index.head.graphql!.types).toContainEqual({ name: 'Colour', kind: 'ENUM', description: '' });
  });

  it('gives wsdl, protobuf and other types a head with sizes only', () => {
    const index = buildSpecIndex('protobuf', 'syntax = "proto3";');
    expect(index.operations).toEqual([]);
    expect(index.head).toMatchObject({ format: 'text', sizes: { document: 18 } });
  });

  it('rejects text that is not a document of the declared type with a readable reason', () => {
    expect(() => buildSpecIndex('oas3', '{ nope')).toThrow(SpecIndexError);
    expect(() => buildSpecIndex('oas3', 'title: not openapi')).toThrow(/no "openapi" or "swagger"/);
    expect(() => buildSpecIndex('graphql', 'type Query {')).toThrow(/not valid/);
  });
});

describe("GitHub's REST description", () => {
  it('indexes every operation in a few seconds', () => {
    const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
    const text = readFileSync(file, 'utf8');
    const started = performance.now();
    const index = buildSpecIndex('oas3', text);
    const ms = Math.round(performance.now() - started);
    console.log(`GitHub REST: ${index.operations.length} operations, ${index.head.tags.length} tags in ${ms} ms; `
      + `document ${index.head.sizes.document} B, index ${index.head.sizes.index} B, largest operation ${index.head.sizes.largestOperation} B`);
    expect(index.operations.length).toBeGreaterThan(900);
    const get = byId(index, 'repos/get');
    expect(get).toMatchObject({ method: 'get', path: '/repos/{owner}/{repo}', tag: 'repos' });
    expect((get.operation as any).parameters.map((p: any) => p.name)).toEqual(['owner', 'repo']);
    const ref = (get.operation as any).responses['200'].content['application/json'].schema.$ref;
    expect(ref).toBe('#/components/schemas/full-repository');
    const schema = index.schemas.find((s) => s.ref === ref)!;
    expect(JSON.parse(schema.json).schema.properties.full_name.type).toBe('string');
    expect(index.head.sizes.index).toBeLessThan(index.head.sizes.document / 20);
    // Everything stored (operations, their examples, schemas once each) stays within the description's size.
    const stored = index.operations.reduce((n, o) => n + o.size, 0) + index.schemas.reduce((n, s) => n + s.size, 0);
    expect(stored).toBeLessThan(index.head.sizes.document);
    expect(ms).toBeLessThan(8000);
  });
});

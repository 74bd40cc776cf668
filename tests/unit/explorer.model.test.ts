// The explorer's reading of a stored operation whose schemas are references (the server's index
// keeps $refs and stores generated examples apart), and the sampler through references.
import { describe, expect, it } from 'vitest';
import { normalizeOperation, typeLabel } from '../../src/screens/explorer/openapi/model.ts';
import { sampleOf } from '../../src/screens/explorer/openapi/sample.ts';

describe('normalizeOperation with schemas by reference', () => {
  const operation = {
    requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
    responses: {
      200: { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } },
      400: { description: 'bad', content: { 'application/json': { example: { error: 'x' } } } },
    },
  };

  it('takes generated examples from the index, documented ones from the operation', () => {
    const op = normalizeOperation(operation, false, {
      'request|application/json': { name: 'Rex' },
      'response|200|application/json': [{ name: 'Rex' }],
    });
    expect(op.requestBody!.contents[0]).toMatchObject({ example: { name: 'Rex' }, documented: false, schema: { $ref: '#/components/schemas/Pet' } });
    expect(op.responses[0]!.contents[0]!.example).toEqual([{ name: 'Rex' }]);
    expect(op.responses[1]!.contents[0]).toMatchObject({ example: { error: 'x' }, documented: true });
  });

  it('reads Swagger 2 examples keyed without a media type', () => {
    const op = normalizeOperation({
      produces: ['application/json', 'application/xml'],
      responses: { 200: { description: 'ok', schema: { $ref: '#/definitions/Pet' } } },
    }, true, { 'response|200|': { name: 'Rex' } });
    expect(op.responses[0]!.contents.map((c) => c.example)).toEqual([{ name: 'Rex' }, { name: 'Rex' }]);
  });

  it('names a reference by its schema', () => {
    expect(typeLabel({ $ref: '#/components/schemas/Pet' })).toBe('Pet');
    expect(typeLabel({ type: 'array', items: { $ref: '#/definitions/a~1b' } })).toBe('array of a/b');
  });
});

describe('sampleOf through references', () => {
  const schemas: Record<string, unknown> = {
    '#/s/Node': { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/s/Node' } } } },
    '#/s/Loop': { allOf: [{ $ref: '#/s/Loop' }, { properties: { id: { type: 'integer' } } }] },
  };
  const resolve = (ref: string) => schemas[ref];

  it('follows references and samples a cycle as {}', () => {
    expect(sampleOf({ $ref: '#/s/Node' }, undefined, resolve)).toEqual({ name: 'string', children: [{}] });
  });

  it('merges allOf members by reference without looping', () => {
    expect(sampleOf({ $ref: '#/s/Loop' }, undefined, resolve)).toEqual({ id: 0 });
  });

  it('draws an unresolved reference as {} (the browser has no document)', () => {
    expect(sampleOf({ $ref: '#/s/Node' })).toEqual({});
  });
});

// What Swagger UI showed on small descriptions, now drawn by the explorer for every size (issue 16).
describe('normalizeOperation: security, links, callbacks', () => {
  it('reads the security requirements: none declared, open to all, alternatives with scopes, optional', () => {
    expect(normalizeOperation({ responses: {} }, false).security).toBeNull();
    expect(normalizeOperation({ security: [], responses: {} }, false).security).toEqual([]);
    expect(normalizeOperation({ security: [{ oauth: ['read:pets', 'write:pets'], api_key: [] }, {}], responses: {} }, true).security).toEqual([
      [{ scheme: 'oauth', scopes: ['read:pets', 'write:pets'] }, { scheme: 'api_key', scopes: [] }],
      [],
    ]);
  });

  it('reads the links of a response, by operationId or operationRef, with their parameters', () => {
    const op = normalizeOperation({
      responses: {
        201: {
          description: 'created',
          links: {
            GetUser: { operationId: 'getUser', parameters: { userId: '$response.body#/id' }, description: 'The new user' },
            Ref: { operationRef: '#/paths/~1users~1{id}/get', parameters: { id: 42 } },
          },
        },
        404: { description: 'missing' },
      },
    }, false);
    expect(op.responses[0]!.links).toEqual([
      { name: 'GetUser', target: 'getUser', description: 'The new user', parameters: [['userId', '$response.body#/id']] },
      { name: 'Ref', target: '#/paths/~1users~1{id}/get', description: '', parameters: [['id', '42']] },
    ]);
    expect(op.responses[1]!.links).toEqual([]);
  });

  it('reads callbacks as operations of their own, by name, expression and method', () => {
    const op = normalizeOperation({
      responses: { 201: { description: 'subscribed' } },
      callbacks: {
        onEvent: {
          '{$request.body#/callbackUrl}': {
            post: {
              summary: 'Event delivered', deprecated: true,
              requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } } },
              responses: { 204: { description: 'received' } },
            },
          },
        },
      },
    }, false);
    expect(op.callbacks).toHaveLength(1);
    const [cb] = op.callbacks;
    expect(cb).toMatchObject({ name: 'onEvent', expression: '{$request.body#/callbackUrl}', method: 'post' });
    expect(cb!.operation).toMatchObject({ summary: 'Event delivered', deprecated: true });
    expect(cb!.operation.requestBody!.contents[0]).toMatchObject({ mediaType: 'application/json', example: { id: 'string' }, documented: false });
    expect(cb!.operation.responses.map((r) => r.status)).toEqual(['204']);
    // Swagger 2 has no callbacks.
    expect(normalizeOperation({ responses: {}, callbacks: { x: {} } }, true).callbacks).toEqual([]);
  });
});

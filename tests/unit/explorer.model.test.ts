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

// The built-in upstreams: a resource whose upstream_url is empty or starts with `mock:` is
// answered here, from its own specification, through the same gateway path as a real one.
import type { Db } from '../db/store.ts';
import { answerOpenApi } from './mock-openapi.ts';
import { answerGraphql } from './mock-graphql.ts';
import { GATEWAY_MAX_RESPONSE_BYTES } from '../../../src/rules/constants.ts';

export interface MockAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | Buffer;
}

export const isMockUpstream = (url: string | null | undefined) => !url || url.trim() === '' || url.startsWith('mock:');

export interface MockCall {
  method: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer | undefined;
}

/** The mock's answer, held to the same size bound as a real upstream's (502 above it). */
export async function answerMock(db: Db, resource: { id: string; type: string }, etag: string, call: MockCall): Promise<MockAnswer> {
  const answer = await answerFromSpec(db, resource, etag, call);
  const bytes = typeof answer.body === 'string' ? Buffer.byteLength(answer.body) : answer.body.length;
  if (bytes <= GATEWAY_MAX_RESPONSE_BYTES) return answer;
  const detail = `The mock's answer is larger than ${Math.round(GATEWAY_MAX_RESPONSE_BYTES / 1024 / 1024)} MB.`;
  return { status: 502, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ errors: [{ status: 502, title: 'Bad Gateway', detail }] }) };
}

async function answerFromSpec(db: Db, resource: { id: string; type: string }, etag: string, call: MockCall): Promise<MockAnswer> {
  const header = (name: string) => {
    const v = call.headers[name];
    return Array.isArray(v) ? v.join(', ') : v;
  };
  if (resource.type === 'graphql') {
    return answerGraphql(db, resource.id, etag, { method: call.method, query: call.query, contentType: header('content-type'), body: call.body });
  }
  return answerOpenApi(db, resource.id, etag, { method: call.method, path: call.path, accept: header('accept'), prefer: header('prefer') });
}

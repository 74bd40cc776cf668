import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type ErrorItem } from '../errors.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  406: 'Not Acceptable', 409: 'Conflict', 411: 'Length Required', 413: 'Payload Too Large', 414: 'URI Too Long',
  415: 'Unsupported Media Type', 422: 'Unprocessable Entity', 429: 'Too Many Requests', 431: 'Request Header Fields Too Large',
};
export const titleOf = (status: number) => TITLES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');

interface AjvError { keyword: string; instancePath?: string; message?: string; params?: Record<string, unknown> }

/** Fastify's own 4xx errors (body parsing, content type, size) with the part of the request at fault. */
const FRAMEWORK: Record<string, { parameter: string; detail?: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { parameter: 'Content-Type', detail: 'This content type is not accepted; send application/json.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { parameter: 'body', detail: 'The request body is too large.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { parameter: 'body', detail: 'The body is empty but Content-Type says application/json.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { parameter: 'body' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { parameter: 'Content-Length', detail: 'Content-Length does not match the body.' },
  FST_ERR_CTP_INVALID_TYPE: { parameter: 'Content-Type' },
  FST_ERR_BAD_URL: { parameter: 'url', detail: 'The URL is not valid (bad percent-encoding?).' },
  FST_ERR_BAD_STATUS_CODE: { parameter: 'url' },
};

/** One ajv error as a 400 item naming the parameter (query key, path segment or body field). */
export function validationItems(errors: AjvError[], where: string): ErrorItem[] {
  // A union (anyOf) fails with one error per branch plus its own; say it once, listing the choices.
  const anyOf = errors.find((e) => e.keyword === 'anyOf');
  const allowedInUnion = errors.filter((e) => e.keyword === 'const').map((e) => e.params?.allowedValue);
  const list = anyOf ? [anyOf] : errors.slice(0, 5);
  return list.map((v) => {
    const missing = v.params?.missingProperty as string | undefined;
    const extra = v.params?.additionalProperty as string | undefined;
    const path = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
    const parameter = [path, missing ?? extra].filter(Boolean).join('.') || where;
    let detail: string;
    if (extra) detail = `${parameter} is not an accepted ${where === 'querystring' ? 'query parameter' : 'field'}.`;
    else if (missing) detail = `${parameter} is required.`;
    else if (v.keyword === 'enum') detail = `${parameter} must be one of: ${(v.params?.allowedValues as unknown[]).join(', ')}.`;
    else if (anyOf && allowedInUnion.length) detail = `${parameter} must be one of: ${allowedInUnion.join(', ')}.`;
    else detail = `${parameter} ${v.message ?? 'is invalid'}.`;
    return { status: 400, title: 'Bad Request', detail, source: { parameter } };
  });
}

/** Where a NUL character hides in a request part (PostgreSQL text cannot hold one), or null. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  // Raw bodies (the gateway's Buffers) pass as they are: the upstream stores nothing of ours, and
  // walking a Buffer's indexes one by one held the event loop 1.5 s for a 2.8 MB body.
  if (depth > 32 || typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = findNul(key, path, depth + 1) ?? findNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** PostgreSQL errors a client's values can cause (bad text, numbers or dates out of range,
 * duplicates, dangling references): a 4xx rather than a 500, whichever route forgot to check. */
function databaseClientError(error: unknown): { status: number; detail: string } | null {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    const code = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
    if (!code) continue;
    if (code.startsWith('22')) return { status: 400, detail: 'A value in the request cannot be stored or compared (wrong format or out of range).' };
    if (code === '23505') return { status: 409, detail: 'This conflicts with something that already exists.' };
    if (code === '23503') return { status: 409, detail: 'This refers to something that does not exist, or is still in use.' };
    if (code.startsWith('23')) return { status: 400, detail: 'The request is missing a required value or breaks a rule of the data.' };
  }
  return null;
}

export function sendError(reply: FastifyReply, status: number, detail: string, parameter?: string) {
  const item: ErrorItem = { status, title: titleOf(status), detail, ...(parameter ? { source: { parameter } } : {}) };
  return reply.status(status).type('application/json; charset=utf-8').send({ errors: [item] });
}

/** Turns every failure into { errors: [...] }. A client can never cause a 5xx by what it sends:
 * validation errors name the parameter; anything unexpected is logged and answered with 500. */
export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) return reply.status(error.status).send({ errors: [error.toItem()] });
    if (error.validation) {
      return reply.status(400).send({ errors: validationItems(error.validation as AjvError[], error.validationContext ?? 'body') });
    }
    const fromDatabase = databaseClientError(error);
    if (fromDatabase) {
      request.log.warn(error);
      return sendError(reply, fromDatabase.status, fromDatabase.detail);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error(error);
      return sendError(reply, 500, 'Something went wrong on our side.');
    }
    const known = error.code ? FRAMEWORK[error.code] : undefined;
    const detail = known?.detail ?? (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
      ? `The body is not valid JSON: ${error.message}` : error.message);
    return sendError(reply, status, detail, known?.parameter ?? (error instanceof SyntaxError ? 'body' : undefined));
  });
  app.addHook('preValidation', async (request) => {
    const parts = { params: request.params, querystring: request.query, body: request.body } as const;
    for (const [where, value] of Object.entries(parts)) {
      const path = findNul(value, '');
      if (path !== null) throw new ApiError(400, 'Bad Request', `${path || where} must not contain a NUL character.`, path || where);
    }
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `No route ${request.method} ${request.url.split('?')[0]}`));
}, { name: 'errors' });

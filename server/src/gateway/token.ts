// The console's OAuth 2 token exchange for typed-in (external) credentials: the browser cannot
// POST to most authorization servers (CORS), so the server does it, for the token URLs the
// specification declares or an override URL, through the egress policy (egress.ts). Resources on a
// built-in mock get a mock authorization server too, so every grant can be tried on the demo.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/store.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import { assertResourceVisible } from '../spec/access.ts';
import { tryItState } from '../../../src/rules/tryIt.ts';
import { isObject } from '../spec/parse.ts';
import { parseHead, readHeadJson } from '../spec/store.ts';
import { ensureIndexed } from '../spec/read.ts';
import type { TokenRequest, AuthorizeQuery } from '../schemas/gateway.ts';
import type { ResourceParams } from '../schemas/explorer.ts';
import { assertMayTry, timeoutMs } from './call.ts';
import { forward } from './forward.ts';
import { SAFETY_HEADERS } from './headers.ts';
import { isMockUpstream } from './mock.ts';

const TOKEN_MAX_BYTES = 1024 * 1024;

export async function handleToken(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: ResourceParams; Body: TokenRequest }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { id, versionId, resourceId } = request.params;
  const visible = await assertMayTry(app, request.caller, id, versionId, resourceId);
  const body = request.body;
  const form = tokenForm(body);
  await ensureIndexed(app.db, resourceId);
  const declared = (await declaredTokenUrls(app.db, resourceId)).includes(body.tokenUrl);
  const url = httpUrl(body.tokenUrl, 'tokenUrl');
  reply.headers(SAFETY_HEADERS);
  if (declared && isMockUpstream(visible.resource.upstreamUrl)) {
    return reply.code(200).send(mockToken(body.grantType, body.scope));
  }
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (body.clientId && body.clientSecret && (body.clientAuthentication ?? 'basic') === 'basic') {
    const encode = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
    headers.authorization = `Basic ${Buffer.from(`${encode(body.clientId)}:${encode(body.clientSecret)}`).toString('base64')}`;
  } else {
    if (body.clientId) form.set('client_id', body.clientId);
    if (body.clientSecret) form.set('client_secret', body.clientSecret);
  }
  const result = await forward({
    egress: app.egress, url, method: 'POST', headers, body: Buffer.from(form.toString()), timeoutMs: timeoutMs(), maxBytes: TOKEN_MAX_BYTES,
  });
  if (!result.ok) {
    if (result.failure === 'refused') throw badRequest('tokenUrl', `tokenUrl must be a public address. ${result.detail}`);
    throw new ApiError(result.failure === 'timeout' ? 504 : 502, result.failure === 'timeout' ? 'Gateway Timeout' : 'Bad Gateway', result.detail);
  }
  return reply.code(result.status).type(result.headers['content-type'] ?? 'application/json').send(result.body);
}

function httpUrl(text: string, parameter: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(parameter, `${parameter} is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badRequest(parameter, `${parameter} must be an http(s) URL.`);
  return url;
}

/** RFC 6749 §4: the form of each grant, with the fields it cannot do without. */
function tokenForm(body: TokenRequest): URLSearchParams {
  const form = new URLSearchParams({ grant_type: body.grantType });
  const need = (value: string | undefined, field: keyof TokenRequest, name: string) => {
    if (!value) throw badRequest(field, `${field} is required for the ${body.grantType} grant.`);
    form.set(name, value);
  };
  switch (body.grantType) {
    case 'authorization_code':
      need(body.code, 'code', 'code');
      if (body.redirectUri) form.set('redirect_uri', body.redirectUri);
      if (body.codeVerifier) form.set('code_verifier', body.codeVerifier);
      break;
    case 'password':
      need(body.username, 'username', 'username');
      need(body.password, 'password', 'password');
      break;
    case 'refresh_token':
      need(body.refreshToken, 'refreshToken', 'refresh_token');
      break;
    default:
      if (!body.clientId) throw badRequest('clientId', 'clientId is required for the client_credentials grant.');
  }
  if (body.scope) form.set('scope', body.scope);
  return form;
}

/** Token and refresh URLs of the OAuth 2 schemes the specification declares (absolute). */
export async function declaredTokenUrls(db: Db, resourceId: string): Promise<string[]> {
  const json = await readHeadJson(db, resourceId);
  if (!json) return [];
  const head = parseHead(json);
  const server = head.servers.map((s) => (isObject(s) && typeof s.url === 'string' ? s.url : '')).find((u) => /^https?:\/\//.test(u));
  const urls: string[] = [];
  const add = (u: unknown) => {
    if (typeof u !== 'string' || u === '') return;
    if (/^https?:\/\//i.test(u)) urls.push(u);
    else if (server) urls.push(new URL(u, server).toString()); // OpenAPI 3 allows URLs relative to the server
  };
  for (const scheme of Object.values(head.securitySchemes)) {
    if (!isObject(scheme) || scheme.type !== 'oauth2') continue;
    add(scheme.tokenUrl); // OpenAPI 2
    if (isObject(scheme.flows)) {
      for (const flow of Object.values(scheme.flows)) if (isObject(flow)) { add(flow.tokenUrl); add(flow.refreshUrl); }
    }
  }
  return urls;
}

function mockToken(grantType: string, scope: string | undefined) {
  const token = () => `mock_${randomBytes(18).toString('base64url')}`;
  return {
    access_token: token(), token_type: 'Bearer', expires_in: 3600,
    ...(grantType === 'client_credentials' ? {} : { refresh_token: token() }),
    ...(scope ? { scope } : {}),
  };
}

/** The mock authorization server's authorize step: it approves at once and sends the browser
 * back to the console's redirect page (the portal's configured origin only, never one a Host
 * header claims) with a code or, for implicit, a token. The resource is looked up with the
 * catalogue's visibility, so a hidden, deleted or restricted one answers like an unknown one. */
export async function handleAuthorize(
  app: FastifyInstance,
  request: FastifyRequest<{ Params: ResourceParams; Querystring: AuthorizeQuery }>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const { id, versionId, resourceId } = request.params;
  // The catalogue's answer for the caller (a browser navigation carries no bearer token: a
  // visitor's), 401 on a private marketplace as everywhere; a resource that is deleted, inactive,
  // not an HTTP API or not on the mock gets the very 404 of an unknown or invisible one.
  const visible = await assertResourceVisible(app, request.caller, id, versionId, resourceId);
  if (!tryItState({ signedIn: true, resource: visible.resource }).allowed || !isMockUpstream(visible.resource.upstreamUrl)) throw notFound('The asset resource');
  const q = request.query;
  let target: URL;
  try {
    target = new URL(q.redirect_uri);
  } catch {
    throw badRequest('redirect_uri', 'redirect_uri is not a URL.');
  }
  if (!app.publicOrigins.has(target.origin)) throw badRequest('redirect_uri', 'redirect_uri must be a page of this portal.');
  const answer = new URLSearchParams(q.state ? { state: q.state } : {});
  if (q.response_type === 'token') {
    const token = mockToken('implicit', q.scope);
    for (const [k, v] of Object.entries(token)) answer.set(k, String(v));
    target.hash = answer.toString();
  } else {
    answer.set('code', `mock_${randomBytes(12).toString('base64url')}`);
    for (const [k, v] of answer) target.searchParams.set(k, v);
  }
  return reply.redirect(target.toString(), 302);
}

// Try-it calls through the server's gateway (server/src/gateway/README.md): the portal's bearer
// token and tenant authenticate the caller; the API's own headers that the gateway keeps for
// itself travel as X-Agora-Upstream-<Name>; the console's credentials are added; a chosen
// endpoint goes as X-Agora-Endpoint (never for the built-in mock, which answers for every one).
import { portalHeaders, serverUrl, type TryIt } from '../../../api/explorer.ts';
import type { Api } from '../../../api/client.ts';
import { appliedAuth, type AuthOption, type ConsoleAuth } from '../../../rules/consoleAuth.ts';
import { GATEWAY_ENDPOINT_HEADER, GATEWAY_TRANSACTION_HEADER, GATEWAY_UPSTREAM_HEADER_PREFIX } from '../../../rules/constants.ts';

/** Header names the gateway would drop or keep for the portal: they reach the API only prefixed. */
const RESERVED = new Set([
  'authorization', 'cookie', 'host', 'content-length', 'origin', 'referer', 'accept-encoding', 'x-tenant-id', 'forwarded',
  'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'connection', 'keep-alive', 'te', 'trailer',
  'transfer-encoding', 'upgrade', 'proxy-authorization', 'proxy-authenticate',
]);

export function upstreamHeaderName(name: string): string {
  const lower = name.toLowerCase();
  if (lower.startsWith(GATEWAY_UPSTREAM_HEADER_PREFIX)) return lower;
  return RESERVED.has(lower) || lower.startsWith('x-agora-') || lower.startsWith('sec-') ? `${GATEWAY_UPSTREAM_HEADER_PREFIX}${lower}` : name;
}

export interface ConsoleSettings {
  option: AuthOption | undefined;
  auth: ConsoleAuth | null;
  /** An endpoint URL of the resource, or null for its default upstream. */
  server: string | null;
}

/** Headers every gateway call carries besides the request's own. */
export async function gatewayHeaders(api: Api, tryIt: TryIt, settings: ConsoleSettings): Promise<{ headers: Record<string, string>; query: Record<string, string> }> {
  const applied = appliedAuth(settings.option, settings.auth);
  const headers: Record<string, string> = { ...(await portalHeaders(api)), ...applied.headers };
  if (settings.server && !tryIt.mock) headers[GATEWAY_ENDPOINT_HEADER] = settings.server;
  return { headers, query: applied.query };
}

export interface GatewayRequest {
  method: string;
  /** The path under the API (its server), parameters already filled in. */
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body?: string | URLSearchParams | FormData;
}

export interface GatewayAnswer {
  status: number;
  statusText: string;
  headers: Array<[string, string]>;
  contentType: string;
  text: string;
  durationMs: number;
  /** The URL called (the gateway's). */
  url: string;
  transactionId: string | null;
  /** The request never got an answer (network failure). */
  error?: string;
}

export function gatewayBase(api: Api, tryIt: TryIt): string {
  return serverUrl(api.options.apiBase, tryIt.gatewayUrl).replace(/\/+$/, '');
}

export async function callGateway(api: Api, tryIt: TryIt, settings: ConsoleSettings, request: GatewayRequest): Promise<GatewayAnswer> {
  const extra = await gatewayHeaders(api, tryIt, settings);
  const url = new URL(gatewayBase(api, tryIt) + (request.path.startsWith('/') ? request.path : `/${request.path}`));
  for (const [k, v] of request.query) url.searchParams.append(k, v);
  for (const [k, v] of Object.entries(extra.query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[upstreamHeaderName(name)] = value;
  Object.assign(headers, extra.headers);
  const started = performance.now();
  try {
    const res = await fetch(url.href, {
      method: request.method.toUpperCase(),
      headers,
      ...(request.body !== undefined && !/^(GET|HEAD)$/i.test(request.method) ? { body: request.body } : {}),
    });
    const text = await res.text();
    return {
      status: res.status, statusText: res.statusText, headers: [...res.headers.entries()],
      contentType: res.headers.get('content-type') ?? '', text, durationMs: Math.round(performance.now() - started),
      url: url.href, transactionId: res.headers.get(GATEWAY_TRANSACTION_HEADER),
    };
  } catch (error) {
    return {
      status: 0, statusText: '', headers: [], contentType: '', text: '', durationMs: Math.round(performance.now() - started),
      url: url.href, transactionId: null, error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** Swagger UI's request, as its requestInterceptor sees it. */
export interface InterceptedRequest {
  url: string;
  method?: string;
  headers: Record<string, string>;
  [key: string]: unknown;
}

/**
 * Turns a request Swagger UI built against the document's own server into a gateway call: the
 * part after the server (one of the resource's endpoints, or the document's server) is kept.
 */
export async function interceptForGateway(
  api: Api, tryIt: TryIt, settings: ConsoleSettings, servers: readonly string[], request: InterceptedRequest,
): Promise<InterceptedRequest> {
  const target = new URL(request.url, typeof location === 'undefined' ? 'http://localhost/' : location.href);
  const full = target.href;
  const base = [...servers]
    .map((s) => new URL(s, typeof location === 'undefined' ? 'http://localhost/' : location.href).href.replace(/\/+$/, ''))
    .sort((a, b) => b.length - a.length)
    .find((s) => full === s || full.startsWith(`${s}/`) || full.startsWith(`${s}?`));
  const rest = base ? full.slice(base.length) : `${target.pathname}${target.search}`;
  const url = new URL(gatewayBase(api, tryIt) + (rest.startsWith('/') || rest.startsWith('?') || rest === '' ? rest : `/${rest}`));
  const extra = await gatewayHeaders(api, tryIt, settings);
  for (const [k, v] of Object.entries(extra.query)) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[upstreamHeaderName(name)] = value;
  Object.assign(headers, extra.headers);
  return { ...request, url: url.href, headers, credentials: 'omit' };
}

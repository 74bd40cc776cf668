// Time limits for slow clients (issue 28, point 11): a client that trickles its request line,
// headers or body holds a socket and its memory; past these limits Node answers 408 (our
// clientErrorHandler: the error shape) and closes the socket. The whole request (headers and
// body) must arrive within `requestMs`, its headers within `headersMs`. Node checks open
// connections every `connectionsCheckingInterval` (30 s by default: why 40 trickling sockets were
// all still open after 25 s); it is set to a fraction of the headers limit, at most 1 s, so a slow
// socket is closed within its limit plus that interval. Once a request has fully arrived these
// limits no longer apply (a slow upstream behind the gateway has its own: AGORA_GATEWAY_TIMEOUT_MS).
import type { ServerOptions } from 'node:http';

export interface HttpTimeouts {
  /** HTTP_HEADERS_TIMEOUT_MS: the request line and headers must arrive within this. */
  headersMs: number;
  /** HTTP_REQUEST_TIMEOUT_MS: the whole request, body included, must arrive within this. */
  requestMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000 };

/** How often Node looks for connections past a limit. */
export const checkIntervalMs = (t: HttpTimeouts): number => Math.max(50, Math.min(1_000, Math.floor(t.headersMs / 4)));

/** The node:http server options for these limits (Fastify's `http` option). */
export function httpServerOptions(t: HttpTimeouts): ServerOptions {
  return { headersTimeout: t.headersMs, requestTimeout: t.requestMs, connectionsCheckingInterval: checkIntervalMs(t) };
}

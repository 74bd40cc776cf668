// Security headers on every answer (issue 12, finding 7), and the one error shape for what Node's
// HTTP parser refuses before Fastify sees a request (431 headers too large, malformed chunked
// bodies, bad request lines).
//
// The API's answers are data, never documents: `default-src 'none'` and no framing at all.
// The portal's own pages (/, /embed, the bundle and its workers) get a policy the bundle actually
// works under:
//   script-src 'self' + the hashes of the demo pages' inline scripts, and 'unsafe-eval': Ajv
//     compiles JSON-schema validators with new Function (the schema forms of @rjsf/validator-ajv8,
//     the AsyncAPI parser, Swagger UI's validation); without it those viewers fail.
//   style-src 'unsafe-inline': the viewers' CSS is rendered as <style> inside shadow roots and
//     React sets style attributes; twind's constructed sheets are not affected by CSP.
//   worker-src 'self' blob:: GraphiQL's monaco workers are bundle files; some libraries start
//     blob: workers. frame-src blob:: a PDF document is shown in an iframe of its blob: URL
//     (connect-src blob: lets the page read such a URL back).
//   img-src data: blob: https:: Swagger UI's inline icons, product images and markdown images
//     of other hosts; connect-src 'self': the explorer and try-it call our own /api/v1 (the
//     gateway forwards from the server, never from the browser).
//   frame-ancestors 'self' (+ X-Frame-Options SAMEORIGIN for older browsers): the portal's pages
//     cannot be framed by other sites (clickjacking). The elements embedded on providers' pages
//     run in those pages, under their policy: our headers neither help nor hinder them there.
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { titleOf } from './errors.ts';

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

export function pagePolicy(inlineScriptHashes: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-eval'${inlineScriptHashes.map((h) => ` '${h}'`).join('')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' blob:",
    "worker-src 'self' blob:",
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** sha256-… of each inline <script> of these HTML files (the demo pages), for script-src. */
export function inlineScriptHashes(files: string[]): string[] {
  const hashes: string[] = [];
  for (const file of files) {
    let html: string;
    try { html = readFileSync(file, 'utf8'); } catch { continue; }
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
      hashes.push(`sha256-${createHash('sha256').update(match[1]!).digest('base64')}`);
    }
  }
  return hashes;
}

export interface HeadersOptions {
  /** Prefix of the API's routes (data answers). */
  apiBase: string;
  /** The policy of everything else (pages, bundle, workers). */
  pagePolicy: string;
}

export default fp<HeadersOptions>(async (app, options) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const api = request.url.startsWith(`${options.apiBase}/`) || request.url === options.apiBase;
    // A route that chose its own policy keeps it (the gateway's sandbox for upstream answers, the
    // checkout page's).
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', api ? API_POLICY : options.pagePolicy);
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', api ? 'DENY' : 'SAMEORIGIN');
  });
}, { name: 'headers' });

/** What Node's HTTP parser refuses, answered in the error shape with the same headers (Fastify's
 * clientErrorHandler; its default answers {error, message, statusCode}). */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail, parameter] =
    error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'The request headers are too large.', 'headers']
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'The request took too long to arrive.', undefined]
    : /CHUNK|CONTENT_LENGTH|TRANSFER_ENCODING/.test(error.code ?? '') ? [400, 'The request body is malformed (its length or chunked encoding is not valid).', 'body']
    : [400, 'The request is malformed HTTP.', undefined];
  const body = JSON.stringify({ errors: [{ status, title: titleOf(status), detail, ...(parameter ? { source: { parameter } } : {}) }] });
  if (socket.writable) {
    socket.write([
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'X-Content-Type-Options: nosniff',
      `Content-Security-Policy: ${API_POLICY}`,
      'X-Frame-Options: DENY',
      'Connection: close',
      '', body,
    ].join('\r\n'));
  }
  socket.destroy(error);
}

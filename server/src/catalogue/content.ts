// Sends stored content (a specification, a document) with its type and a download file name.
import type { FastifyReply } from 'fastify';
import type { Content } from './documents.ts';

/** `attachment` for a file made to be saved (a collection), not shown. */
export function sendContent(reply: FastifyReply, content: Content, disposition: 'inline' | 'attachment' = 'inline') {
  const textual = /^text\/|json|yaml|xml|graphql|markdown|uri-list/.test(content.contentType) && !/charset=/i.test(content.contentType);
  const ascii = content.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', textual ? `${content.contentType}; charset=utf-8` : content.contentType)
    .header('content-disposition', `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(content.fileName)}`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .send(typeof content.body === 'string' ? content.body : Buffer.from(content.body));
}

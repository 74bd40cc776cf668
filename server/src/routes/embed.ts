// GET /embed/render/{tag}?<attribute>=<value>…: an element pre-rendered for a visitor (src/elements/
// render.ts), as HTML with a declarative shadow root and its data, for a CMS page to put in its
// own HTML at publish time or at request time (README "Embedding"). Outside /api/v1: the answer is
// an HTML fragment, not API data. Public: it shows what any visitor of the marketplace sees (a
// caller's own credentials are never used; a private marketplace renders its sign-in message).
// Answers are kept RENDER_CACHE_MS per tag and attributes, and cached as long by browsers and CDNs.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { badRequest, notFound } from '../errors.ts';
import { ErrorResponses } from '../schemas/common.ts';
import { injectFetch } from '../embed/inject.ts';

/** How long a rendered element is reused (and cached downstream). */
export const RENDER_CACHE_MS = 60_000;
const MAX_KEPT = 200;
/** Longest attribute value taken (ids and headings are far shorter). */
export const RENDER_ATTRIBUTE_MAX = 500;

export default async function embedRoutes(fastify: FastifyInstance, options: { apiBase: string }): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const fetchImpl = injectFetch(fastify);
  const kept = new Map<string, { at: number; html: Promise<string> }>();

  app.get('/embed/render/:tag', {
    schema: {
      params: Type.Object({ tag: Type.String({ minLength: 1, maxLength: 100 }) }),
      querystring: Type.Record(Type.String(), Type.String({ maxLength: RENDER_ATTRIBUTE_MAX })),
      response: { 200: Type.String({ description: 'the element, pre-rendered (text/html)' }), ...ErrorResponses },
    },
  }, async (request, reply) => {
    const { tag } = request.params;
    // Loaded on first use: React and the screens stay out of a server that never renders.
    const { renderElement, RENDERABLE_TAGS, attributesOf } = await import('../../../src/elements/render.ts');
    if (!RENDERABLE_TAGS.includes(tag)) throw notFound(`Pre-rendered element ${tag} (these are: ${RENDERABLE_TAGS.join(', ')})`);
    // The element's attributes only: a name it does not take is a mistake worth naming.
    const attributes = request.query;
    const known = await attributesOf(tag);
    for (const name of Object.keys(attributes)) {
      if (!known.includes(name)) throw badRequest(name, `<${tag}> has no attribute ${name}; it takes ${known.join(', ')}.`);
    }
    const key = `${tag}?${Object.entries(attributes).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
    const now = Date.now();
    let entry = kept.get(key);
    if (!entry || now - entry.at > RENDER_CACHE_MS) {
      // Images and links in the HTML point at this server as the browser reaches it.
      const origin = fastify.publicOrigins.values().next().value ?? `${request.protocol}://${request.host}`;
      entry = { at: now, html: renderElement(tag, attributes, { apiBase: `${origin}${options.apiBase}`, fetch: fetchImpl }) };
      entry.html.catch(() => kept.delete(key));
      kept.set(key, entry);
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
    }
    const html = await entry.html;
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', `public, max-age=${Math.round(RENDER_CACHE_MS / 1000)}`)
      .send(html);
  });
}

// Serves the built bundle and the demo pages next to the API (npm start, browser tests):
//   /dist/*   the bundle; hashed chunks cached for a year, entry files (agora.js, elements/<tag>.js)
//             for ENTRY_MAX_AGE; .br/.gz files served when the build wrote them, others compressed
//             on the fly; readable by any origin (a provider's page loads agora.js with one
//             <script type="module">, which browsers fetch in CORS mode)
//   /demo/*   the demo pages;  / -> demo/index.html;  /embed (or /embed.html) -> demo/embed.html
//   any other non-API GET that accepts HTML -> demo/index.html, so the portal's history-mode
//   deep links (/productDetails/…) survive a reload.
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { notFound } from '../errors.ts';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const YEAR = 365 * 24 * 3600;
/** How long a browser or CDN keeps an entry file before asking again: a release reaches the pages
 * embedding agora.js within five minutes, and the entry is small (it names the hashed chunks). */
export const ENTRY_MAX_AGE = 300;

/** Rollup names chunks `name-<hash>.js` (hash of 8+ url-safe characters): their content never
 * changes under that name. */
export const isHashed = (file: string) =>
  /[-.][A-Za-z0-9_]{8,}\.(?:m?js|css|wasm|woff2?|ttf|svg|png|map)$/.test(basename(file)) || /[\\/]chunks[\\/]/.test(file);

export interface StaticOptions {
  /** Folder holding dist/ and demo/ (default: the project root). */
  root?: string;
}

export default fp<StaticOptions>(async (app, options) => {
  const root = options.root ?? PROJECT_ROOT;
  const dist = join(root, 'dist');
  const demo = join(root, 'demo');

  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/dist/',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, path: string) => {
      // The demo pages are sent through this instance too (sendFile): they stay revalidated.
      if (!path.startsWith(dist + sep)) return void reply.header('cache-control', 'no-cache');
      reply.header('cache-control', isHashed(path) ? `public, max-age=${YEAR}, immutable` : `public, max-age=${ENTRY_MAX_AGE}`);
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
    },
  });
  await app.register(fastifyStatic, {
    root: demo,
    prefix: '/demo/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply: FastifyReply) => { reply.header('cache-control', 'no-cache'); },
  });

  const page = (file: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile(file, demo);
  app.get('/', page('index.html'));
  app.get('/index.html', page('index.html'));
  app.get('/embed', page('embed.html'));
  app.get('/embed.html', page('embed.html'));

  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (path.startsWith('/api/') || !wantsHtml) throw notFound(`${path}`);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', demo);
  });
}, { name: 'static', dependencies: ['errors'] });

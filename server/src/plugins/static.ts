// Serves the built bundle and the demo pages next to the API (npm start, browser tests):
//   /dist/*   the bundle; hashed chunks cached for a year, entry files revalidated; .br/.gz
//             files served when the build wrote them, others compressed on the fly
//   /demo/*   the demo pages;  / -> demo/index.html;  /embed (or /embed.html) -> demo/embed.html
//   any other non-API GET that accepts HTML -> demo/index.html, so the portal's history-mode
//   deep links (/productDetails/…) survive a reload.
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { notFound } from '../errors.ts';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const YEAR = 365 * 24 * 3600;

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
      reply.header('cache-control', isHashed(path) ? `public, max-age=${YEAR}, immutable` : 'no-cache');
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

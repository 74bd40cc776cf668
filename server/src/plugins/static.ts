// Serves the built bundle and the demo pages next to the API (npm start, browser tests):
//   /dist/*   the bundle; the files a build wrote under a content hash (its record in dist/builds/)
//             cached for a year, immutable; everything else (agora.js, elements/<tag>.js, the
//             manifest) for ENTRY_MAX_AGE; .br/.gz files served when the build wrote them, others compressed
//             on the fly; readable by any origin (a provider's page loads agora.js with one
//             <script type="module">, which browsers fetch in CORS mode)
//   /demo/*   the demo pages;  / -> demo/index.html;  /embed (or /embed.html) -> demo/embed.html
//   any other non-API GET that accepts HTML -> demo/index.html, so the portal's history-mode
//   deep links (/productDetails/…) survive a reload.
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { notFound } from '../errors.ts';

const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const YEAR = 365 * 24 * 3600;
/** How long a browser or CDN keeps an entry file before asking again: a release reaches the pages
 * embedding agora.js within five minutes, and the entry is small (it names the hashed chunks). */
export const ENTRY_MAX_AGE = 300;

/**
 * The files the builds wrote under a content hash, by path under dist/: exactly those listed as
 * `immutable` by the build records in dist/builds/ (scripts/builds.mjs), never guessed from a
 * name ("agora-carousel" looks like a hash). Reread when a build adds or prunes a record (the
 * folder's mtime moves), so a rebuild under a running server is seen at once. A precompressed
 * copy (x.js.gz) is what its file is.
 */
export function hashedFiles(dist: string): (path: string) => boolean {
  const records = join(dist, 'builds');
  let stamp = -1;
  let files = new Set<string>();
  return (path) => {
    const mtime = statSync(records, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtime !== stamp) {
      stamp = mtime;
      files = new Set();
      for (const name of mtime ? readdirSync(records) : []) {
        if (!name.endsWith('.json')) continue;
        try {
          const record = JSON.parse(readFileSync(join(records, name), 'utf8')) as { immutable?: string[] };
          for (const file of record.immutable ?? []) files.add(file);
        } catch {
          // A record being written or pruned this instant: the next change of the folder rereads it.
          stamp = -1;
        }
      }
    }
    return files.has(relative(dist, path).split(sep).join('/').replace(/\.(?:br|gz)$/, ''));
  };
}

export interface StaticOptions {
  /** Folder holding dist/ and demo/ (default: the project root). */
  root?: string;
}

export default fp<StaticOptions>(async (app, options) => {
  const root = options.root ?? PROJECT_ROOT;
  const dist = join(root, 'dist');
  const demo = join(root, 'demo');
  const isHashed = hashedFiles(dist);

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

// Catalogue answers served from memory. A catalogue is read far more than it is written: each
// answer (already serialised, and compressed once per encoding) is kept under the caller's
// audience (what visibility.ts lets them see) and the normalised request, and served again until
// the catalogue's version moves on. Every write to a table the answers are made of bumps that
// version in its own transaction (migration 0014, a trigger: no write path can forget it), and
// each cached read checks it, so a write is visible at once, on this instance and on any other
// sharing the database (db/version.ts says how the version is followed). Answers carry an ETag;
// If-None-Match gets a 304.
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../context.ts';
import type { Db } from '../db/store.ts';
import { StoreVersion } from '../db/version.ts';

/** What the cache may hold in all (answers and their compressed forms), and one answer at most. */
export const CACHE_BYTES = 32 * 1024 * 1024;
const MAX_ENTRY_BYTES = 1024 * 1024;
/** Smaller answers are sent as they are (as @fastify/compress does in app.ts). */
const COMPRESS_THRESHOLD = 1024;
/** Answers differ per caller: browsers may keep them but must ask again (a write shows at once). */
// Origin: the CORS headers of an answer depend on it (embed/cors.ts), though its body does not.
const VARY = 'Accept-Encoding, Authorization, X-Tenant-Id, Origin';

type Encoding = 'br' | 'gzip' | 'identity';

interface Entry {
  key: string;
  version: string;
  etag: string;
  contentType: string;
  bodies: Partial<Record<Encoding, Buffer>>;
  bytes: number;
}

/** Answers of one catalogue version, least recently used first out once over `maxBytes`. */
export class CatalogueCache {
  private entries = new Map<string, Entry>();
  private version = '';
  bytes = 0;
  readonly versions: StoreVersion;
  constructor(db: Db, private readonly maxBytes = CACHE_BYTES) {
    this.versions = new StoreVersion(db, 'catalogue_version');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The entry of `key` at `version`; a newer version empties the cache. */
  get(key: string, version: string): Entry | undefined {
    this.moveTo(version);
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Files an answer made at `version`, unless the catalogue has moved on since. */
  set(entry: Entry): void {
    if (entry.version !== this.version || entry.bytes > MAX_ENTRY_BYTES) return;
    this.drop(entry.key);
    this.entries.set(entry.key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  /** An encoding added to a cached entry. */
  grew(entry: Entry, by: number): void {
    entry.bytes += by;
    if (this.entries.get(entry.key) === entry) {
      this.bytes += by;
      this.evict();
    }
  }

  private moveTo(version: string): void {
    if (version === this.version) return;
    // Versions only grow; an answer that read an older one must not empty a newer cache.
    if (this.version && BigInt(version) < BigInt(this.version)) return;
    this.entries.clear();
    this.bytes = 0;
    this.version = version;
  }

  private drop(key: string): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
  }

  private evict(): void {
    for (const [key] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(key);
    }
  }
}

/** Who sees what: the caller's part of the key. Everything visibility, the gate and the answers'
 * caller-dependent fields (subscriptions and applications of the organisation, provider
 * administrators' team lists) read of the caller; never the user alone, so all of an
 * organisation's members with the same teams and roles share answers. */
export function audienceKey(caller: Caller): string {
  if (!caller.userId) return 'visitor';
  const sorted = (xs: readonly string[]) => [...xs].sort().join(',');
  const teams = [...caller.teams].sort((a, b) => (a.guid < b.guid ? -1 : 1))
    .map((t) => `${t.guid}[${sorted(t.tags)}|${sorted(t.roles)}]`).join(';');
  return [caller.orgId, caller.providerGuid ?? '', sorted(caller.orgRoles), sorted(caller.entitlements ?? []), teams].join('/');
}

/** The request's path and its query parameters in a fixed order (repeated ones keep theirs). */
export function requestKey(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = [...new URLSearchParams(url.slice(q + 1))].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url.slice(0, q)}?${new URLSearchParams(params).toString()}`;
}

/** The encoding to answer in: brotli, else gzip, when Accept-Encoding takes them. */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const takes = (e: string) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : 'identity';
}

function encode(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
  if (encoding === 'gzip') return gzipSync(body);
  return body;
}

/** The body of `entry` in the encoding the request takes, compressed on first use. */
function bodyFor(cache: CatalogueCache, entry: Entry, request: FastifyRequest): { encoding: Encoding; body: Buffer } {
  const identity = entry.bodies.identity!;
  const encoding = identity.length < COMPRESS_THRESHOLD ? 'identity' : pickEncoding(request.headers['accept-encoding']);
  let body = entry.bodies[encoding];
  if (!body) {
    body = encode(identity, encoding);
    entry.bodies[encoding] = body;
    cache.grew(entry, body.length);
  }
  return { encoding, body };
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

function cacheHeaders(reply: FastifyReply, request: FastifyRequest, etag: string): void {
  reply.header('etag', etag).header('vary', VARY)
    .header('cache-control', request.caller.userId ? 'private, no-cache' : 'no-cache');
}

/** Sends `entry` (or 304) and marks the reply so the onSend hook leaves it alone. */
function serve(cache: CatalogueCache, entry: Entry, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  cacheHeaders(reply, request, entry.etag);
  request.catalogueCacheKey = null;
  if (matches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  const { encoding, body } = bodyFor(cache, entry, request);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(entry.contentType).send(body);
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
  interface FastifyRequest {
    /** Set while a cacheable request is answered by its route: where its answer is filed. */
    catalogueCacheKey: { key: string; version: string } | null;
  }
}

/** `app.catalogueCache`, for the modules that call cachedReads (app.ts). */
export function decorateCatalogueCache(app: FastifyInstance, db: Db, maxBytes = CACHE_BYTES): void {
  const cache = new CatalogueCache(db, maxBytes);
  app.decorate('catalogueCache', cache);
  app.addHook('onReady', async () => cache.versions.follow());
  app.decorateRequest('catalogueCacheKey', null);
}

/** Serves the GET routes of a catalogue route module from the cache. Register it first in the
 * module (before catalogueGate): a cached answer was made for this audience, which the gate let
 * through at this version (the gate reads only the caller's roles and the site settings, which a
 * write bumps the version for). Replies a route manages itself (its own Cache-Control or ETag,
 * e.g. downloads) and anything but a 200 with a serialised body are not kept. */
export function cachedReads(app: FastifyInstance): void {
  const cache = app.catalogueCache;
  app.addHook('onRequest', async (request, reply) => {
    request.catalogueCacheKey = null;
    if (request.method !== 'GET') return;
    const key = `${audienceKey(request.caller)} ${requestKey(request.url)}`;
    const version = await cache.versions.read();
    const entry = cache.get(key, version);
    if (entry) return serve(cache, entry, request, reply);
    request.catalogueCacheKey = { key, version };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const filing = request.catalogueCacheKey;
    if (!filing || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (reply.hasHeader('cache-control') || reply.hasHeader('etag') || reply.hasHeader('content-encoding')) return payload;
    const identity = Buffer.from(payload);
    const etag = `W/"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`;
    const entry: Entry = {
      key: filing.key, version: filing.version, etag, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      bodies: { identity }, bytes: identity.length,
    };
    cache.set(entry);
    cacheHeaders(reply, request, etag);
    if (matches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    const { encoding, body } = bodyFor(cache, entry, request);
    if (encoding !== 'identity') reply.header('content-encoding', encoding).header('content-length', body.length);
    return body;
  });
}

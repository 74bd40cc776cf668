// "Agora Marketplace API" in the catalogue: the marketplace's own API as a product of the demo
// provider, so the explorer shows it and try-it calls this server's /api/v1 (gateway/self.ts).
// Kept current at each start (main.ts and the browser suite's portals call syncOwnApiProduct once
// the app is ready; not an onReady hook: on a busy machine the publish outlasts Fastify's plugin time-out):
// its version is package.json's (a new version appears when it changes), its resource is the
// description GET /api/v1/openapi.json serves, and its documents are the sections of README.md.
// A start that finds both unchanged writes nothing.
import { readFileSync, existsSync } from 'node:fs';
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/store.ts';
import * as schema from '../db/schema.ts';
import { publishProduct, slugify } from '../publish/index.ts';
import { isSeeded } from '../../seed/marker.ts';
import { SELF_UPSTREAM } from '../gateway/self.ts';
import { describedApi } from './index.ts';

export const OWN_API = {
  productId: 'prod-agora-api',
  title: 'Agora Marketplace API',
  description: 'Script the marketplace itself: browse the catalogue, register applications, hold credentials, subscribe, read your usage and publish APIs, with the same /api/v1 the portal uses.',
  tags: ['agora', 'marketplace', 'openapi', 'management'],
  categoryIds: ['cat-developer'],
} as const;

/** The ids publishing gives the version and its resource (publish/index.ts publishedRows). */
export const ownApiIds = (version: string) => ({
  versionId: `${OWN_API.productId}-v${slugify(version)}`,
  resourceId: `res-${OWN_API.productId.replace(/^prod-/, '')}-${slugify(version)}`,
});

const README = new URL('../../../README.md', import.meta.url);

interface DocPart { title: string; body: string; sections: Array<{ title: string; body: string }> }

/** The README's `##` sections, each with its `###` subsections (headings inside code fences are code). */
export function readmeSections(markdown: string): DocPart[] {
  const out: DocPart[] = [];
  let fenced = false;
  let doc: DocPart | null = null;
  let section: { title: string; body: string } | null = null;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^(##|###) (.+)$/.exec(line);
    if (heading?.[1] === '##') {
      out.push(doc = { title: heading[2]!.trim(), body: '', sections: [] });
      section = null;
    } else if (heading?.[1] === '###' && doc) {
      doc.sections.push(section = { title: heading[2]!.trim(), body: '' });
    } else if (section) section.body += `${line}\n`;
    else if (doc) doc.body += `${line}\n`;
  }
  return out;
}

type Rows = { documents: Array<typeof schema.documents.$inferInsert>; sections: Array<typeof schema.documentSections.$inferInsert>; articles: Array<typeof schema.articles.$inferInsert> };

/** One markdown document per README section; its subsections (or its text) are the articles. */
function documentRows(markdown: string, versionId: string): Rows {
  const rows: Rows = { documents: [], sections: [], articles: [] };
  readmeSections(markdown).forEach((part, rank) => {
    const id = `doc-${versionId.replace(/^prod-/, '')}-${slugify(part.title)}`;
    const text = [`# ${part.title}`, part.body.trim(), ...part.sections.map((s) => `## ${s.title}\n\n${s.body.trim()}`)].join('\n\n');
    // The first paragraph of prose (not a code block or a table) describes the document.
    const prose = part.body.trim().split(/\n\s*\n/).find((p) => !/^\s*(```|~~~|\||<)/.test(p)) ?? '';
    const firstLine = prose.replace(/\s+/g, ' ').slice(0, 300);
    rows.documents.push({ id, productVersionId: versionId, title: part.title, description: firstLine, contentType: 'text/markdown', contentKind: 'TEXT', text, fileName: `${slugify(part.title)}.md`, rank });
    const sectionId = `${id}-s0`;
    rows.sections.push({ id: sectionId, documentId: id, sectionIndex: 0, title: part.title, description: firstLine });
    const articles = part.sections.length ? part.sections : [{ title: part.title, body: part.body }];
    articles.forEach((a, i) => rows.articles.push({ id: `${sectionId}-a${i}`, sectionId, articleIndex: i, label: a.title, kind: 'markdown', content: a.body.trim() }));
  });
  return rows;
}

/** Publishes or refreshes the product on a store holding the demo catalogue (its provider owns it). */
export async function syncOwnApiProduct(app: FastifyInstance, db: Db, version: string): Promise<'absent' | 'current' | 'updated'> {
  if (!await isSeeded(db)) return 'absent';
  const description = describedApi(app, 'json').body;
  const readme = existsSync(README) ? readFileSync(README, 'utf8') : '';
  const { versionId, resourceId } = ownApiIds(version);
  // Instances starting together on one PostgreSQL: one writes, the others then find it current.
  return db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(4244)`);
    const docs = documentRows(readme, versionId);
    const [stored] = await tx.select({ specification: schema.assetResources.specification, upstreamUrl: schema.assetResources.upstreamUrl })
      .from(schema.assetResources).where(eq(schema.assetResources.id, resourceId));
    const storedDocs = await tx.select({ text: schema.documents.text }).from(schema.documents)
      .where(eq(schema.documents.productVersionId, versionId)).orderBy(schema.documents.rank);
    const sameDocs = storedDocs.map((d) => d.text).join('\0') === docs.documents.map((d) => d.text).join('\0');
    if (stored?.specification === description && stored.upstreamUrl === SELF_UPSTREAM && sameDocs) return 'current';
    // The provider's team and contact, from the seed's modules (loaded only when there is something to write).
    const [{ TEAM }, { CONTACTS }] = await Promise.all([import('../../seed/accounts.ts'), import('../../seed/products.ts')]);
    await publishProduct(w, {
      content: description, fileName: 'openapi.json',
      options: {
        id: OWN_API.productId, title: OWN_API.title, description: OWN_API.description, tags: [...OWN_API.tags],
        categoryIds: [...OWN_API.categoryIds], ownerTeamId: TEAM.provider, contact: CONTACTS.developer, stageId: 'stage-production', version,
      },
    });
    await tx.update(schema.assetResources).set({ upstreamUrl: SELF_UPSTREAM }).where(eq(schema.assetResources.id, resourceId));
    // Earlier versions stay readable, marked deprecated: the running server answers the newest.
    await tx.update(schema.productVersions).set({ state: 'deprecated' })
      .where(and(eq(schema.productVersions.productId, OWN_API.productId), sql`${schema.productVersions.id} <> ${versionId}`));
    await tx.delete(schema.documents).where(and(eq(schema.documents.productVersionId, versionId), like(schema.documents.id, `doc-${versionId.replace(/^prod-/, '')}-%`)));
    if (docs.documents.length) {
      await tx.insert(schema.documents).values(docs.documents);
      await tx.insert(schema.documentSections).values(docs.sections);
      await tx.insert(schema.articles).values(docs.articles);
    }
    return 'updated';
  });
}

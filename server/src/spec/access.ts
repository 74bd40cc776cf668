// Who may read a resource's specification (and try it): exactly who may see it in the
// catalogue — the catalogue's own visibility predicate, so the two can never disagree.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../context.ts';
import { notFound } from '../errors.ts';
import { assertCatalogueOpen, productVisible } from '../catalogue/visibility.ts';
import { one } from '../catalogue/sql.ts';

export interface VisibleResource {
  productId: string;
  versionId: string;
  resource: {
    id: string;
    title: string;
    type: string;
    state: string;
    status: string | null;
    upstreamUrl: string | null;
    endpoints: unknown;
    /** Try-it only with methods that change nothing (src/rules/tryIt.ts tryItMethodAllowed). */
    readOnly: boolean;
  };
}

/** The resource if the caller may see it: 401 for a visitor of a private marketplace, 404 for
 * anything the caller may not see (as the catalogue answers). */
export async function assertResourceVisible(
  app: FastifyInstance, caller: Caller, productId: string, versionId: string, resourceId: string,
): Promise<VisibleResource> {
  await assertCatalogueOpen(app.db, caller);
  const row = await one<Omit<VisibleResource['resource'], 'upstreamUrl' | 'readOnly'> & { upstream_url: string | null; read_only: boolean }>(app.db, sql`
    select ar.id, ar.title, ar.type, ar.state, ar.status, ar.upstream_url, ar.endpoints, ar.read_only
    from asset_resources ar join product_versions v on v.id = ar.product_version_id join products p on p.id = v.product_id
    where ar.id = ${resourceId} and v.id = ${versionId} and p.id = ${productId} and ${productVisible(caller, 'p')}`);
  if (!row) throw notFound('The asset resource');
  const { upstream_url: upstreamUrl, read_only: readOnly, id, title, type, state, status, endpoints } = row;
  return { productId, versionId, resource: { id, title, type, state, status, upstreamUrl, endpoints, readOnly: readOnly === true } };
}

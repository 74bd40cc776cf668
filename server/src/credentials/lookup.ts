// The runtime gateway's credential lookup: one indexed read (credentials.lookup_key, unique, or the
// primary key for a token's credential) brings the credential, its application's state and the
// application's usable access (resource -> subscription) in one statement; the answer is kept in
// memory for GATEWAY_CREDENTIAL_CACHE_MS (server/src/ttlCache.ts), so a change made on another
// instance takes effect within that time, and this instance's own changes evict it at once.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import { iso, one } from '../catalogue/sql.ts';
import { GATEWAY_CREDENTIAL_CACHE_MS } from '../../../src/rules/constants.ts';
import { TtlCache } from '../ttlCache.ts';

export interface CredentialEntry {
  id: string;
  orgId: string;
  applicationId: string;
  state: string;
  provisioningStatus: string;
  /** ms since the epoch; null: never expires */
  expiresAt: number | null;
  secretHash: string | null;
  secretVersion: number;
  applicationActive: boolean;
  /** Found by its key from before the last rotation: the call is refused as "rotated". */
  retired: boolean;
  /** resource id -> subscription id, for the resources the credential lists (credential_resources)
   * that its application holds an approved access request for, under an active, approved subscription */
  access: Map<string, string>;
  /** The resources the credential lists, approved or not: tells "not for this resource" (403) apart
   * from "no approved access" in the refusal's reason. */
  listed: Set<string>;
}

interface Row {
  id: string; org_id: string; application_id: string; state: string; provisioning_status: string;
  expires_at: Date | string | null; secret_hash: string | null; secret_version: number; app_state: string; retired: boolean;
  access: Array<[string, string]> | string;
  listed: string[] | string;
}

export class CredentialLookup {
  private readonly cache: TtlCache<CredentialEntry | null>;

  constructor(private readonly db: Db, ttlMs = GATEWAY_CREDENTIAL_CACHE_MS) {
    this.cache = new TtlCache(ttlMs);
  }

  /** By lookup key ('apikey:…', 'basic:…', 'oauth:…', 'mtls:…'); a key retired by a rotation
   * finds its credential too, marked `retired` (the current key wins if both match). */
  byKey(lookupKey: string): Promise<CredentialEntry | null> {
    return this.cache.get(`k:${lookupKey}`, () => this.readByKey(lookupKey));
  }

  /** By id (a token names its credential). */
  byId(id: string): Promise<CredentialEntry | null> {
    return this.cache.get(`i:${id}`, () => this.readById(id));
  }

  /** Forget a credential at once (rotate, suspend, enable, renew, delete on this instance), here and
   * in the data plane's caches that listen (server/src/dataplane: its workers' own copies). */
  evict(credentialId: string): void {
    this.cache.forget((entry, key) => key === `i:${credentialId}` || entry?.id === credentialId);
    for (const listener of this.evicted) listener(credentialId);
  }

  private readonly evicted = new Set<(credentialId: string) => void>();
  /** Called with each credential this instance forgets; returns the unsubscribe. */
  onEvict(listener: (credentialId: string) => void): () => void {
    this.evicted.add(listener);
    return () => this.evicted.delete(listener);
  }

  /** The store's answer now, bypassing this cache: the data plane keeps its own copy for the same
   * time, so a change is seen there within one cache life, as here. */
  readByKey(lookupKey: string): Promise<CredentialEntry | null> {
    return this.read(sql`(c.lookup_key = ${lookupKey} or c.previous_lookup_key = ${lookupKey})`, sql`c.lookup_key is distinct from ${lookupKey}`);
  }
  readById(id: string): Promise<CredentialEntry | null> {
    return this.read(sql`c.id = ${id}`, sql`c.id is null`);
  }

  /** `retired`: whether the row was found by a retired key (also the order: the current key wins;
   * never a bare constant, which PostgreSQL refuses in ORDER BY). */
  private async read(where: SQL, retired: SQL): Promise<CredentialEntry | null> {
    // An approved access request is enough for the catalogue side too: the provider approved this
    // application for the resource, so the gateway does not re-check product visibility per call.
    // A credential is valid only on the resources it lists (spec 2: a credential is created for a
    // resource; its detail lists them): the application's other approved resources are not enough.
    const row = await one<Row>(this.db, sql`
      select c.id, c.org_id, c.application_id, c.state, c.provisioning_status, c.expires_at, c.secret_hash,
        c.secret_version, a.state as app_state, ${retired} as retired,
        (select coalesce(json_agg(json_build_array(r.asset_resource_id, r.subscription_id)), '[]'::json)
          from access_requests r join subscriptions s on s.id = r.subscription_id
          join credential_resources cr on cr.credential_id = c.id and cr.asset_resource_id = r.asset_resource_id
          where r.application_id = c.application_id and r.approval_state = 'approved'
            and s.state = 'active' and s.approval_state = 'approved') as access,
        (select coalesce(json_agg(cr.asset_resource_id), '[]'::json) from credential_resources cr where cr.credential_id = c.id) as listed
      from credentials c join applications a on a.id = c.application_id
      where ${where} order by ${retired} limit 1`);
    if (!row) return null;
    const pairs = typeof row.access === 'string' ? JSON.parse(row.access) as Array<[string, string]> : row.access;
    return {
      id: row.id, orgId: row.org_id, applicationId: row.application_id, state: row.state,
      provisioningStatus: row.provisioning_status,
      expiresAt: row.expires_at === null ? null : new Date(iso(row.expires_at)).getTime(),
      secretHash: row.secret_hash, secretVersion: Number(row.secret_version),
      applicationActive: row.app_state === 'active',
      retired: row.retired === true,
      access: new Map(pairs),
      listed: new Set(typeof row.listed === 'string' ? JSON.parse(row.listed) as string[] : row.listed),
    };
  }
}

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
  /** resource id -> subscription id, for approved access requests under an active, approved subscription */
  access: Map<string, string>;
}

interface Row {
  id: string; org_id: string; application_id: string; state: string; provisioning_status: string;
  expires_at: Date | string | null; secret_hash: string | null; secret_version: number; app_state: string;
  access: Array<[string, string]> | string;
}

export class CredentialLookup {
  private readonly cache: TtlCache<CredentialEntry | null>;

  constructor(private readonly db: Db, ttlMs = GATEWAY_CREDENTIAL_CACHE_MS) {
    this.cache = new TtlCache(ttlMs);
  }

  /** By lookup key ('apikey:…', 'basic:…', 'oauth:…', 'mtls:…'). */
  byKey(lookupKey: string): Promise<CredentialEntry | null> {
    return this.cache.get(`k:${lookupKey}`, () => this.read(sql`c.lookup_key = ${lookupKey}`));
  }

  /** By id (a token names its credential). */
  byId(id: string): Promise<CredentialEntry | null> {
    return this.cache.get(`i:${id}`, () => this.read(sql`c.id = ${id}`));
  }

  /** Forget a credential at once (rotate, suspend, enable, renew, delete on this instance). */
  evict(credentialId: string): void {
    this.cache.forget((entry, key) => key === `i:${credentialId}` || entry?.id === credentialId);
  }

  private async read(where: SQL): Promise<CredentialEntry | null> {
    // An approved access request is enough for the catalogue side too: the provider approved this
    // application for the resource, so the gateway does not re-check product visibility per call.
    const row = await one<Row>(this.db, sql`
      select c.id, c.org_id, c.application_id, c.state, c.provisioning_status, c.expires_at, c.secret_hash,
        c.secret_version, a.state as app_state,
        (select coalesce(json_agg(json_build_array(r.asset_resource_id, r.subscription_id)), '[]'::json)
          from access_requests r join subscriptions s on s.id = r.subscription_id
          where r.application_id = c.application_id and r.approval_state = 'approved'
            and s.state = 'active' and s.approval_state = 'approved') as access
      from credentials c join applications a on a.id = c.application_id
      where ${where}`);
    if (!row) return null;
    const pairs = typeof row.access === 'string' ? JSON.parse(row.access) as Array<[string, string]> : row.access;
    return {
      id: row.id, orgId: row.org_id, applicationId: row.application_id, state: row.state,
      provisioningStatus: row.provisioning_status,
      expiresAt: row.expires_at === null ? null : new Date(iso(row.expires_at)).getTime(),
      secretHash: row.secret_hash, secretVersion: Number(row.secret_version),
      applicationActive: row.app_state === 'active',
      access: new Map(pairs),
    };
  }
}

// Reads the site configuration row. Providers may store only part of the settings document (or
// none): it is merged over the defaults, and a stored value of the wrong shape falls back to its
// default, so a bad edit in the database never breaks every page of the portal.
import { eq } from 'drizzle-orm';
import { Value } from '@sinclair/typebox/value';
import type { Db } from './store.ts';
import { siteConfig } from './schema.ts';
import { DEFAULT_SITE_SETTINGS, FEATURES, SiteSettings } from '../schemas/config.ts';

export const SITE_CONFIG_ID = 'default';

export interface SiteConfig {
  id: string;
  settings: SiteSettings;
  features: string[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Stored values win over defaults where both are objects (recursively) or have the same kind. */
function mergeOver(defaults: unknown, stored: unknown): unknown {
  if (stored === undefined) return defaults;
  if (isPlainObject(defaults)) {
    if (!isPlainObject(stored)) return defaults;
    const out: Record<string, unknown> = { ...defaults };
    for (const [key, value] of Object.entries(stored)) {
      out[key] = key in defaults ? mergeOver(defaults[key], value) : value;
    }
    return out;
  }
  return stored;
}

export function completeSettings(stored: unknown): SiteSettings {
  const merged = mergeOver(DEFAULT_SITE_SETTINGS, stored) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const properties = SiteSettings.properties as Record<string, import('@sinclair/typebox').TSchema>;
  for (const [key, schema] of Object.entries(properties)) {
    const value = merged[key];
    out[key] = Value.Check(schema, value) ? value : (DEFAULT_SITE_SETTINGS as Record<string, unknown>)[key];
  }
  // Keys the schema does not know are dropped: the answer is exactly the contract.
  return Value.Clean(SiteSettings, out) as SiteSettings;
}

export async function readSiteConfig(db: Db): Promise<SiteConfig> {
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.id, SITE_CONFIG_ID));
  // The built-in features are always on, unless the stored list switches one off with '-name'
  // (a marketplace without full-text search, say, gets the advanced-search-disabled page).
  const stored = row?.features ?? [];
  const off = new Set(stored.filter((f) => f.startsWith('-')).map((f) => f.slice(1)));
  const features = [...new Set([...Object.values(FEATURES), ...stored])].filter((f) => !f.startsWith('-') && !off.has(f));
  return { id: row?.id ?? SITE_CONFIG_ID, settings: completeSettings(row?.settings), features };
}

/** Writes settings (merged over what is stored); used by seeds, tests and the CLI. */
export async function writeSiteSettings(db: Db, patch: Record<string, unknown>, features?: string[]): Promise<void> {
  const [row] = await db.select().from(siteConfig).where(eq(siteConfig.id, SITE_CONFIG_ID));
  const settings = mergeOver(row?.settings ?? {}, patch) as Record<string, unknown>;
  await db.insert(siteConfig)
    .values({ id: SITE_CONFIG_ID, settings, features: features ?? row?.features ?? [] })
    .onConflictDoUpdate({ target: siteConfig.id, set: { settings, features: features ?? row?.features ?? [], modifiedAt: new Date() } });
}

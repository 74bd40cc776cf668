// The demo marketplace: `npm start` seeds it into an empty store. One transaction, multi-row
// inserts, fixed ids and dates (see clock.ts), so every run gives the same catalogue.
import { sql } from 'drizzle-orm';
import { isSeeded } from './marker.ts';
import type { Db } from '../src/db/store.ts';
import * as schema from '../src/db/schema.ts';
import { insertMany } from '../src/publish/batch.ts';
import { indexSpecification } from '../src/spec/store.ts';
import { accounts, organisations, teamMemberRows, teams, userRows } from './accounts.ts';
import { catalogueRows } from './catalogue.ts';
import { applicationRows, planRows, reviewRows, subscriptionRequestDefinitions, subscriptionRows, UNITS } from './commerce.ts';
import { accessRequestDefinitions, applicationProfileDefinitions, credentialRequestDefinitions } from './definitions.ts';
import { FEATURES, SETTINGS } from './settings.ts';
import { sealSeedCredentials } from './secrets.ts';
import { secretBoxFor } from '../src/credentials/crypto.ts';

export interface DemoAccount { email: string; password: string; role: string }

/** The demo accounts (fixed), so a restart on an already seeded store can print them too. */
export const DEMO_ACCOUNTS: DemoAccount[] = accounts;

export { isSeeded } from './marker.ts';

/** Fills an empty store with the demo marketplace; on a seeded store it only returns the accounts. */
export async function seedDemo(db: Db, options: { secretsKey?: Buffer | undefined } = {}): Promise<{ accounts: DemoAccount[] }> {
  if (await isSeeded(db)) return { accounts: DEMO_ACCOUNTS };
  // Build every row before opening the transaction: it stays short and a bug in the data
  // fails before anything is written.
  const catalogue = catalogueRows();
  const { plans, quotas } = planRows(catalogue.seeded);
  const { subscriptions, invoices } = subscriptionRows(catalogue.seeded, plans);
  const apps = applicationRows(catalogue.seeded, catalogue.resources);
  const { reviews, ratings } = reviewRows();
  for (const product of catalogue.products) {
    const r = ratings.get(product.id);
    product.ratingAverage = r ? Math.round((r.sum / r.total) * 100) / 100 : 0;
    product.ratingTotal = r?.total ?? 0;
  }
  const users = userRows();

  await db.transaction(async (tx) => {
    const w = tx as unknown as Db;
    await insertMany(w, schema.organisations, organisations);
    await insertMany(w, schema.users, users);
    await insertMany(w, schema.teams, teams);
    await insertMany(w, schema.teamMembers, teamMemberRows());
    await tx.insert(schema.siteConfig).values({ id: 'default', settings: SETTINGS, features: FEATURES })
      .onConflictDoUpdate({ target: schema.siteConfig.id, set: { settings: SETTINGS, features: FEATURES, modifiedAt: sql`now()` } });

    await insertMany(w, schema.images, catalogue.images);
    await insertMany(w, schema.categories, catalogue.categories);
    await insertMany(w, schema.stages, catalogue.stages);
    await insertMany(w, schema.assets, catalogue.assets);
    await insertMany(w, schema.applicationProfileDefinitions, applicationProfileDefinitions);
    await insertMany(w, schema.accessRequestDefinitions, accessRequestDefinitions);
    await insertMany(w, schema.credentialRequestDefinitions, credentialRequestDefinitions);
    await insertMany(w, schema.products, catalogue.products);
    await insertMany(w, schema.productCategories, catalogue.productCategories);
    await insertMany(w, schema.productVersions, catalogue.versions);
    // The large specification (GitHub's is ~13 MB) goes in a statement of its own.
    const large = (r: { specificationSize?: number }) => (r.specificationSize ?? 0) > 1_000_000;
    await insertMany(w, schema.assetResources, catalogue.resources.filter((r) => !large(r)), 20);
    await insertMany(w, schema.assetResources, catalogue.resources.filter(large), 1);
    // The explorer's operation index, built once here rather than on each resource's first visit.
    for (const resource of catalogue.resources) await indexSpecification(w, resource.id);
    await insertMany(w, schema.documents, catalogue.documents, 20);
    await insertMany(w, schema.documentSections, catalogue.sections);
    await insertMany(w, schema.articles, catalogue.articles);

    await tx.insert(schema.units).values(UNITS).onConflictDoNothing();
    await insertMany(w, schema.subscriptionRequestDefinitions, subscriptionRequestDefinitions);
    await insertMany(w, schema.plans, plans);
    await insertMany(w, schema.quotas, quotas);
    await insertMany(w, schema.subscriptions, subscriptions);
    await insertMany(w, schema.invoices, invoices);
    await insertMany(w, schema.images, apps.images);
    await insertMany(w, schema.applications, apps.applications);
    await insertMany(w, schema.applicationProfiles, apps.applicationProfiles);
    // Real secrets, sealed with the store's key (made here on first use) or SECRETS_KEY.
    const visibilityMsOf = (id: string) => Number((credentialRequestDefinitions.find((d) => d.id === id)?.policies as { visibilityMs?: number } | undefined)?.visibilityMs ?? 0);
    const sealed = sealSeedCredentials(apps.credentials, await secretBoxFor(w, options.secretsKey), visibilityMsOf, new Date());
    await insertMany(w, schema.credentials, sealed.credentials);
    if (sealed.jobs.length) await tx.insert(schema.jobs).values(sealed.jobs);
    await insertMany(w, schema.credentialResources, apps.credentialResources);
    await insertMany(w, schema.accessRequests, apps.accessRequests);
    await insertMany(w, schema.reviews, reviews);
  });
  return { accounts: DEMO_ACCOUNTS };
}

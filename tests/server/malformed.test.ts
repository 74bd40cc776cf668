// Malformed input to every route: wrong types, out-of-range numbers, bad enums and sorts, bad ids,
// over-long text, unknown parameters, bad advanced queries. Each answer is a 4xx in the one JSON
// error shape naming the parameter; never a 5xx. The tables live in ./malformed.ts; each area adds
// its own (cases + the route modules they must cover) to TABLES.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from './helper.ts';
import { seedCatalogue, type CatalogueFixture } from './catalogue.fixtures.ts';
import { CATALOGUE_CASES, expectMalformed, type MalformedCase } from './malformed.ts';
import products from '../../server/src/routes/products.ts';
import versions from '../../server/src/routes/versions.ts';
import documents from '../../server/src/routes/documents.ts';
import resources from '../../server/src/routes/resources.ts';
import categories from '../../server/src/routes/categories.ts';
import stages from '../../server/src/routes/stages.ts';
import search from '../../server/src/routes/search.ts';
import plans from '../../server/src/routes/plans.ts';
import units from '../../server/src/routes/units.ts';
import explorer from '../../server/src/routes/explorer.ts';
import gateway from '../../server/src/routes/gateway.ts';
import { EXPLORER_CASES, GATEWAY_CASES } from './explorer.malformed.ts';
import credentials from '../../server/src/routes/credentials.ts';
import oauth from '../../server/src/routes/oauth.ts';
import { CREDENTIAL_CASES } from './credentials.malformed.ts';
import applications from '../../server/src/routes/applications.ts';
import accessRequests from '../../server/src/routes/accessRequests.ts';
import subscriptions from '../../server/src/routes/subscriptions.ts';
import { ACCESS_CASES, APPLICATION_CASES } from './applications.malformed.ts';
import register from '../../server/src/routes/register.ts';
import auth from '../../server/src/routes/auth.ts';
import { AUTH_CASES } from './auth.malformed.ts';
import { REGISTER_CASES } from './register.malformed.ts';
import invoices from '../../server/src/routes/invoices.ts';
import { INVOICE_CASES } from './billing.malformed.ts';
import { REVIEW_CASES, SUBSCRIPTION_CASES } from './subscriptions.malformed.ts';
import reviews from '../../server/src/routes/reviews.ts';
import approvals from '../../server/src/routes/approvals.ts';
import usage from '../../server/src/routes/usage.ts';
import { USAGE_CASES } from './usage.malformed.ts';
import imports from '../../server/src/routes/imports.ts';
import { IMPORT_CASES } from './imports.malformed.ts';
import ai from '../../server/src/routes/ai.ts';
import { AI_CASES } from './assistant.malformed.ts';
import analytics from '../../server/src/routes/analytics.ts';
import { ANALYTICS_CASES } from './analytics.malformed.ts';
import mail from '../../server/src/routes/mail.ts';
import account from '../../server/src/routes/account.ts';
import webhooks from '../../server/src/routes/webhooks.ts';
import notifications from '../../server/src/routes/notifications.ts';
import { MAIL_CASES } from './mail.malformed.ts';

type RouteModule = (app: FastifyInstance) => Promise<void>;

interface Table {
  area: string;
  cases: MalformedCase[];
  /** Route modules whose every route must appear in `cases`. */
  modules: RouteModule[];
}

const TABLES: Table[] = [
  { area: 'catalogue', cases: CATALOGUE_CASES, modules: [products, versions, documents, resources, categories, stages, search, plans, units] },
  { area: 'explorer', cases: EXPLORER_CASES, modules: [explorer] },
  { area: 'gateway', cases: GATEWAY_CASES, modules: [gateway] },
  { area: 'credentials', cases: CREDENTIAL_CASES, modules: [credentials, oauth] },
  { area: 'applications', cases: APPLICATION_CASES, modules: [applications] },
  { area: 'access requests and subscriptions', cases: [...ACCESS_CASES, ...SUBSCRIPTION_CASES], modules: [accessRequests, subscriptions] },
  { area: 'reviews and approvals', cases: REVIEW_CASES, modules: [reviews, approvals] },
  { area: 'registration', cases: REGISTER_CASES, modules: [register] },
  { area: 'sign-in, refresh and sign-out', cases: AUTH_CASES, modules: [auth] },
  { area: 'quota usage', cases: USAGE_CASES, modules: [usage] },
  { area: 'invoices and checkout', cases: INVOICE_CASES, modules: [invoices] },
  { area: 'publishing (imports)', cases: IMPORT_CASES, modules: [imports] },
  { area: 'AI assistant', cases: AI_CASES, modules: [ai] },
  { area: 'insights (analytics)', cases: ANALYTICS_CASES, modules: [analytics] },
  { area: 'e-mail (outbox, account links)', cases: MAIL_CASES, modules: [mail, account, webhooks, notifications] },
];

/** `GET /products/{id}` for every route the modules register (HEAD twins left out). */
async function routesOf(modules: RouteModule[]): Promise<string[]> {
  const probe = Fastify();
  const found: string[] = [];
  probe.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') found.push(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    }
  });
  for (const module of modules) await probe.register(module);
  await probe.ready();
  await probe.close();
  return found;
}

let t: TestApp;
let f: CatalogueFixture;
beforeAll(async () => { t = await buildTestApp(); f = await seedCatalogue(t); });
afterAll(() => t?.close());

for (const table of TABLES) {
  describe(`malformed input: ${table.area}`, () => {
    it('covers every route of the area', async () => {
      const covered = new Set(table.cases.map((c) => c.route));
      const routes = await routesOf(table.modules);
      expect(routes.length).toBeGreaterThanOrEqual(table.modules.length);
      expect(routes.filter((r) => !covered.has(r))).toEqual([]);
      // and no case names a route that does not exist
      expect([...covered].filter((r) => !routes.includes(r))).toEqual([]);
    });

    it.each(table.cases.map((c) => [`${c.method ?? 'GET'} ${c.url.length > 90 ? `${c.url.slice(0, 90)}…` : c.url}`, c] as const))(
      '%s', async (_name, c) => {
        await expectMalformed(t, c, { alice: f.alice, bob: f.bob, providerAdmin: f.providerAdmin });
      },
    );
  });
}

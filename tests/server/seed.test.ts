// The demo seed: a catalogue that shows every feature of the three specs, accounts that can sign
// in with the printed passwords, consistent ratings, a fast and repeatable seed, and the
// benchmark generator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { isSeeded, seedDemo } from '../../server/seed/index.ts';
import { catalogueRows } from '../../server/seed/catalogue.ts';
import { generateCatalogue } from '../../server/seed/generate.ts';
import { verifyPassword } from '../../server/src/auth/password.ts';
import { decompressText } from '../../server/src/db/compressedText.ts';
import { UNLIMITED_THRESHOLD, QUOTA_INTERVALS } from '../../src/rules/constants.ts';

let t: TestApp;
let accounts: Array<{ email: string; password: string; role: string }> = [];
let seedCpuMs = 0;

beforeAll(async () => {
  t = await buildTestApp({
    seed: async (db) => {
      // CPU time of this process (PGlite runs in it): the seed's own work, whatever else the
      // machine is busy with. Wall time on an idle machine is about the same.
      const started = process.cpuUsage();
      accounts = (await seedDemo(db)).accounts;
      const used = process.cpuUsage(started);
      seedCpuMs = (used.user + used.system) / 1000;
    },
  });
});
afterAll(() => t?.close());

const rows = async <T = Record<string, any>>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const column = async (query: ReturnType<typeof sql>) => (await rows<{ v: unknown }>(query)).map((r) => r.v);

describe('demo seed', () => {
  it('seeds once, quickly, and the same way every time', async () => {
    expect(seedCpuMs).toBeLessThan(10_000);
    expect(await isSeeded(t.db)).toBe(true);
    const before = await column(sql`select count(*)::int as v from products`);
    const again = await seedDemo(t.db);
    expect(again.accounts).toEqual(accounts);
    expect(await column(sql`select count(*)::int as v from products`)).toEqual(before);
    // Built twice, the rows are identical: fixed ids and dates, no randomness.
    const a = catalogueRows();
    const b = catalogueRows();
    expect(JSON.stringify(a.products)).toBe(JSON.stringify(b.products));
    expect(JSON.stringify(a.versions)).toBe(JSON.stringify(b.versions));
  });

  it('has one account per role, each able to sign in with its printed password', async () => {
    const users = await rows<{ email: string; org_roles: string[]; provider_guid: string | null; org_id: string; password_hash: string; id: string }>(
      sql`select id, email, org_roles, provider_guid, org_id, password_hash from users`);
    const byEmail = new Map(users.map((u) => [u.email, u]));
    for (const account of accounts) {
      expect(account.email).toMatch(/@agora\.test$/);
      const user = byEmail.get(account.email)!;
      expect(user, account.email).toBeDefined();
      expect(user.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
      expect(verifyPassword(account.password, user.password_hash)).toBe(true);
      expect(verifyPassword(`${account.password}x`, user.password_hash)).toBe(false);
    }
    for (const account of accounts) {
      const res = await t.request(null, { method: 'POST', url: `${API}/auth/signin`, payload: { username: account.email, password: account.password } });
      expect(res.status, account.email).toBe(200);
      expect(res.body.accessToken).toBeTruthy();
    }
    const roles = (email: string) => byEmail.get(email)!.org_roles;
    expect(byEmail.get('admin@agora.test')!.provider_guid).toBeTruthy();
    expect(roles('admin@agora.test')).toContain('Administrator');
    const orgs = new Set(users.map((u) => u.org_id));
    expect(orgs.size).toBeGreaterThanOrEqual(3);
    const orgRoles = new Set(users.flatMap((u) => u.org_roles));
    for (const role of ['Administrator', 'CentralAdmin', 'Consumer', 'Subscriber', 'Developer', 'CatalogManager']) expect(orgRoles).toContain(role);
    const consumerAdmins = users.filter((u) => u.org_roles.includes('Administrator') && !u.provider_guid).map((u) => u.org_id);
    expect(new Set(consumerAdmins).size).toBe(2);
    const teamRoles = new Set(await column(sql`select distinct unnest(roles) as v from team_members`));
    for (const role of ['administrator', 'consumer', 'developer', 'catalog_manager', 'subscription_admin', 'subscription_approver']) expect(teamRoles).toContain(role);
    const tags = new Set(await column(sql`select distinct unnest(tags) as v from teams`));
    expect(tags).toContain('private');
    expect(tags).toContain('partner');
  });

  it('configures the marketplace with every feature on', async () => {
    const res = await t.request(null, { url: `${API}/marketplace` });
    expect(res.status).toBe(200);
    const s = res.body.settings;
    expect(s.sitename).toBe('Agora Marketplace');
    expect([s.public, s.signup, s.consumer, s.categories.enabled, s.reviews.enabled, s.billing.enabled, s.landing.enabled, s.ai.enabled]).toEqual(Array(8).fill(true));
    expect(s.reviews.char_limit).toBe(280);
    expect(s.reviews.instructions).not.toBe('');
    expect(s.homepage.hero.format).toBe('search');
    expect(s.homepage.cta.enabled).toBe(true);
    expect(s.homepage.featured.content).toBe('categories');
    expect(s.nav_items.length).toBeGreaterThan(0);
    expect(s.nav_items.every((n: { default: boolean }) => !n.default)).toBe(true);
    expect(res.body.features).toEqual(expect.arrayContaining(['fullTextSearch', 'ai']));
  });

  it('fills at least 30 products in at least 8 categories nested three levels deep, with served icons', async () => {
    const [products] = await column(sql`select count(*)::int as v from products`);
    expect(products).toBeGreaterThanOrEqual(30);
    const [categories] = await column(sql`select count(*)::int as v from categories`);
    expect(categories).toBeGreaterThanOrEqual(8);
    const [deep] = await column(sql`select count(*)::int as v from categories c join categories p on p.id = c.parent_id join categories g on g.id = p.parent_id`);
    expect(deep).toBeGreaterThan(0);
    const [empty] = await column(sql`select count(*)::int as v from products p where not exists (select 1 from product_categories pc where pc.product_id = p.id)`);
    expect(empty).toBe(0);
    const featured = await rows<{ icon: string; image_fit: string; image_position: string }>(sql`select icon, image_fit, image_position from categories where featured`);
    expect(featured.length).toBeGreaterThanOrEqual(5);
    for (const c of featured) {
      expect(c.image_fit).toBeTruthy();
      expect(c.image_position).toBeTruthy();
      const image = await t.app.inject({ url: c.icon });
      expect(image.statusCode, c.icon).toBe(200);
      expect(image.headers['content-type']).toBe('image/svg+xml');
      expect(image.body).toContain('<svg');
    }
    const statuses = new Set(await column(sql`select status as v from products`));
    expect([...statuses].sort()).toEqual(['error', 'success', 'warning']);
    const stages = await column(sql`select title as v from stages`);
    expect(stages).toEqual(expect.arrayContaining(['Sandbox', 'Production']));
    const contact = (await rows<{ contact: any }>(sql`select contact from products where id = 'prod-payments'`))[0]!.contact;
    expect(contact).toMatchObject({ email: expect.any(String), phoneNo: expect.any(String), officeHours: expect.any(String) });
    expect(contact.alternativeContacts.map((c: { type: string }) => c.type)).toEqual(expect.arrayContaining(['slack', 'msteams']));
  });

  it('has products of every visibility kind, versions in every state with overviews', async () => {
    expect(new Set(await column(sql`select visibility as v from products`))).toEqual(
      new Set(['unrestricted', 'authenticated', 'restricted', 'restrictedExcluded', 'restrictedTags']));
    expect(new Set(await column(sql`select state as v from product_versions`))).toEqual(new Set(['active', 'deprecated', 'archived']));
    const [multi] = await column(sql`select count(*)::int as v from (select product_id from product_versions group by 1 having count(*) > 1) x`);
    expect(multi).toBeGreaterThanOrEqual(5);
    const [noOverview] = await column(sql`select count(*)::int as v from product_versions where overview not like '#%'`);
    expect(noOverview).toBe(0);
  });

  it('stores real specifications of every resource type, one of them large', async () => {
    const types = new Set(await column(sql`select distinct type as v from asset_resources`));
    for (const type of ['oas2', 'oas3', 'oas3.1', 'asyncapi', 'graphql', 'wsdl', 'protobuf', 'other']) expect(types, type).toContain(type);
    const resources = await rows<{ id: string; type: string; specification: Uint8Array; specification_size: number }>(
      sql`select distinct on (type) id, type, specification, specification_size from asset_resources where specification_size > 0 order by type, specification_size desc`);
    const head = Object.fromEntries(resources.map((r) => [r.type, decompressText(r.specification).slice(0, 200)]));
    expect(head.oas2).toMatch(/"swagger":\s*"2\.0"/);
    expect(head.oas3).toMatch(/"?openapi"?:\s*"?3\.0/);
    expect(head['oas3.1']).toMatch(/openapi"?:\s*"?3\.1/);
    expect(head.asyncapi).toMatch(/asyncapi"?:\s*"?[23]\./);
    expect(head.wsdl).toContain('definitions');
    expect(head.protobuf).toContain('syntax = "proto3"');
    expect(head.other).toContain('#%RAML');
    const [large] = await column(sql`select specification_size as v from asset_resources where id = 'res-github-rest'`);
    expect(large).toBeGreaterThanOrEqual(150_000);
    for (const r of resources) expect(r.specification_size, r.id).toBeGreaterThan(1_000);

    const flags = (await rows<Record<string, number>>(sql`select
      count(*) filter (where specification_size = 0)::int as empty, count(*) filter (where mutual_tls)::int as mtls,
      count(*) filter (where read_only)::int as read_only, count(*) filter (where status = 'deleted')::int as deleted,
      count(*) filter (where source_release_state_message is not null)::int as release_messages,
      count(*) filter (where jsonb_array_length(endpoints) > 0)::int as with_endpoints
      from asset_resources`))[0]!;
    for (const [k, v] of Object.entries(flags)) expect(v, k).toBeGreaterThan(0);
    expect(new Set(await column(sql`select state as v from asset_resources`))).toEqual(new Set(['active', 'archived', 'archiving', 'deleting']));
    const releases = new Set(await column(sql`select source_release_state_name as v from asset_resources`));
    for (const r of ['active', 'deprecated', 'prerelease', 'experimental', 'design', 'mocked']) expect(releases, r).toContain(r);
  });

  it('defines access and credential requests with schema-form extensions', async () => {
    const ards = await rows<{ id: string; schema: any }>(sql`select id, schema from access_request_definitions`);
    expect(ards.some((d) => Object.keys(d.schema.properties ?? {}).length === 0)).toBe(true);
    expect(ards.some((d) => Object.keys(d.schema.properties ?? {}).length > 2)).toBe(true);
    const crds = await rows<{ crd_type: string; schema: any; provision_schema: any }>(sql`select crd_type, schema, provision_schema from credential_request_definitions`);
    expect(new Set(crds.map((c) => c.crd_type))).toEqual(new Set(['OAuth', 'APIKey', 'HTTPBasic', 'MutualTLS']));
    const text = JSON.stringify(crds) + JSON.stringify(ards);
    // Choice fields name each value for people (oneOf of const + title), never a bare enum.
    const others = await column(sql`select schema as v from application_profile_definitions union all select schema from subscription_request_definitions`);
    const all = JSON.stringify([crds, ards, others]);
    expect(all).not.toContain('"enum"');
    expect(all).toContain('{"const":"ecommerce","title":"Online shop checkout"}');
    for (const ext of ['encrypted', 'copyable', 'label', 'order', 'widget', 'hidden', 'options', 'placeholder']) expect(text, ext).toContain(`"x-agora-${ext}"`);
    const [linked] = await column(sql`select count(*)::int as v from asset_resources where access_request_definition_id is not null and cardinality(credential_request_definition_ids) > 0`);
    expect(linked).toBeGreaterThan(20);
  });

  it('has markdown, PDF, URL and download documents, with sections and articles, per version and stand-alone', async () => {
    const docs = await rows<{ id: string; content_type: string; content_kind: string; product_version_id: string | null; data: Uint8Array | null; url: string | null }>(
      sql`select id, content_type, content_kind, product_version_id, data, url from documents`);
    const types = new Set(docs.map((d) => d.content_type));
    for (const type of ['text/markdown', 'application/pdf', 'URL', 'application/zip', 'text/plain']) expect(types, type).toContain(type);
    for (const pdf of docs.filter((d) => d.content_type === 'application/pdf')) {
      const bytes = Buffer.from(pdf.data!);
      const text = bytes.toString('latin1');
      expect(text.startsWith('%PDF-1.4')).toBe(true);
      expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
      // The xref offset points at the xref table, so viewers open the file without repairing it.
      const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
      expect(text.slice(startxref, startxref + 4)).toBe('xref');
      const firstObject = Number(/xref\n0 \d+\n0000000000 65535 f \n(\d{10})/.exec(text)![1]);
      expect(text.slice(firstObject, firstObject + 7)).toBe('1 0 obj');
    }
    for (const zip of docs.filter((d) => d.content_type === 'application/zip')) expect(Buffer.from(zip.data!).subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(docs.filter((d) => d.content_kind === 'URL').every((d) => /^https:\/\//.test(d.url ?? ''))).toBe(true);
    const standalone = docs.filter((d) => d.product_version_id === null);
    expect(standalone.map((d) => d.content_type)).toEqual(expect.arrayContaining(['text/markdown', 'application/pdf', 'URL']));
    const [withSections] = await column(sql`select count(distinct document_id)::int as v from document_sections`);
    expect(withSections).toBeGreaterThan(30);
    const kinds = new Set(await column(sql`select distinct kind as v from articles`));
    expect(kinds).toEqual(new Set(['markdown', 'url']));
    const doc = await t.request(null, { url: `${API}/documents/doc-terms` });
    expect(doc.status).toBe(200);
    expect(doc.body.title).toBe('Terms of Use');
  });

  it('offers plans of all five pricing models, free and paid, over every interval', async () => {
    const quotas = await rows<{ pricing: any; unit_name: string }>(sql`select pricing, unit_name from quotas`);
    expect(new Set(quotas.map((q) => q.pricing.type))).toEqual(new Set(['fixed', 'unlimited', 'volume', 'graduated', 'perunit']));
    expect(new Set(quotas.filter((q) => q.pricing.type === 'fixed').map((q) => q.pricing.limit.type))).toEqual(new Set(['strict', 'loose', 'tiered', 'perunit']));
    expect(new Set(quotas.map((q) => q.pricing.interval))).toEqual(new Set(QUOTA_INTERVALS));
    expect(quotas.some((q) => q.pricing.limit?.value >= UNLIMITED_THRESHOLD)).toBe(true);
    for (const q of quotas.filter((x) => ['volume', 'graduated'].includes(x.pricing.type))) {
      for (const tier of q.pricing.limit.tiers) expect(tier).toEqual({ from: expect.any(Number), to: tier.to === null ? null : expect.any(Number), cost: expect.any(Number), flatFee: expect.any(Number) });
    }
    expect(quotas.find((q) => q.pricing.type === 'perunit')!.pricing.limit.cost).toBeGreaterThan(0);
    expect(new Set(quotas.map((q) => q.unit_name)).size).toBeGreaterThanOrEqual(3);
    const plans = await rows<{ type: string; approval: string; billing: any; state: string; subscription_request_definition_id: string | null }>(
      sql`select type, approval, billing, state, subscription_request_definition_id from plans`);
    expect(new Set(plans.map((p) => p.type))).toEqual(new Set(['free', 'paid']));
    expect(new Set(plans.map((p) => p.approval))).toEqual(new Set(['automatic', 'manual']));
    expect(new Set(plans.map((p) => p.state))).toEqual(new Set(['active', 'archived', 'draft']));
    for (const p of plans.filter((x) => x.type === 'paid')) expect(p.billing).toEqual({ price: expect.any(Number), currency: expect.any(String), interval: expect.any(String), setupPrice: expect.any(Number) });
    expect(plans.some((p) => p.subscription_request_definition_id)).toBe(true);
    const res = await t.request(null, { url: `${API}/products/prod-payments/plans` });
    expect(res.status).toBe(200);
    expect(res.body.items.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(['plan-payments-free', 'plan-payments-enterprise']));
  });

  it('records consumer activity in every approval and lifecycle state', async () => {
    expect(new Set(await column(sql`select approval_state as v from subscriptions`))).toEqual(new Set(['approved', 'pending', 'rejected']));
    const states = new Set(await column(sql`select state as v from subscriptions`));
    for (const s of ['active', 'archiving', 'archived', 'migrating', 'migrated', 'deleting']) expect(states, s).toContain(s);
    expect(new Set(await column(sql`select org_id as v from subscriptions`)).size).toBe(2);
    expect(new Set(await column(sql`select status as v from invoices`))).toEqual(new Set(['draft', 'open', 'incomplete', 'pastDue', 'paid', 'void']));
    expect(new Set(await column(sql`select state as v from applications`))).toEqual(new Set(['active', 'archived']));
    expect(new Set(await column(sql`select crd_type as v from credentials`))).toEqual(new Set(['OAuth', 'APIKey', 'HTTPBasic', 'MutualTLS']));
    expect(new Set(await column(sql`select provisioning_status as v from credentials`))).toEqual(new Set(['success', 'pending', 'error']));
    expect(new Set(await column(sql`select approval_state as v from access_requests`))).toEqual(new Set(['approved', 'pending', 'rejected']));
    // Every access request points at a resource, subscription and application of its own organisation.
    const [foreign] = await column(sql`select count(*)::int as v from access_requests a join subscriptions s on s.id = a.subscription_id
      join applications ap on ap.id = a.application_id where s.org_id <> a.org_id or ap.org_id <> a.org_id`);
    expect(foreign).toBe(0);
    // Spec 2 §7: titled "<resource> - <product>", as the wizard titles a new one.
    const titled = await rows<{ title: string; resource: string; product: string }>(sql`select a.title, ar.title as resource, p.title as product
      from access_requests a join asset_resources ar on ar.id = a.asset_resource_id join products p on p.id = a.product_id`);
    expect(titled.length).toBeGreaterThan(3);
    for (const r of titled) expect(r.title).toBe(`${r.resource} - ${r.product}`);
  });

  it('keeps every product rating in line with its approved reviews', async () => {
    expect(new Set(await column(sql`select approval_state as v from reviews`))).toEqual(new Set(['approved', 'pending', 'rejected']));
    const mismatched = await rows(sql`select p.id, p.rating_average, p.rating_total, r.avg, r.n from products p
      left join (select product_id, avg(rating)::float8 as avg, count(*)::int as n from reviews where approval_state = 'approved' group by 1) r on r.product_id = p.id
      where p.rating_total <> coalesce(r.n, 0) or abs(p.rating_average - coalesce(r.avg, 0)) > 0.01`);
    expect(mismatched).toEqual([]);
    const [rated] = await column(sql`select count(*)::int as v from products where rating_total > 0`);
    expect(rated).toBeGreaterThanOrEqual(4);
  });
});

describe('generateCatalogue', () => {
  it('adds a large catalogue next to the demo one, with every pricing model and resource types', async () => {
    const before = (await column(sql`select count(*)::int as v from products`))[0] as number;
    const result = await generateCatalogue(t.db, 300, { prefix: 'gent', teamIds: ['team-acme-platform'] });
    expect(result).toMatchObject({ products: 300, categories: 104 });
    expect(result.versions).toBeGreaterThan(300);
    expect(result.resources).toBe(result.versions);
    expect((await column(sql`select count(*)::int as v from products`))[0]).toBe(before + 300);
    const types = new Set(await column(sql`select distinct type as v from asset_resources where id like 'gent-%'`));
    expect(types).toEqual(new Set(['oas3', 'oas3.1', 'asyncapi', 'graphql']));
    const models = new Set(await column(sql`select distinct pricing->>'type' as v from quotas where id like 'gent-%'`));
    expect(models).toEqual(new Set(['fixed', 'unlimited', 'volume', 'graduated', 'perunit']));
    const [deep] = await column(sql`select count(*)::int as v from categories c join categories p on p.id = c.parent_id where p.parent_id like 'gent-%'`);
    expect(deep).toBeGreaterThan(0);
    // Generated products are readable like any other.
    const [open] = await column(sql`select id as v from products where id like 'gent-%' and visibility = 'unrestricted' order by id limit 1`);
    const res = await t.request(null, { url: `${API}/products/${open}` });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(open);
  });
});

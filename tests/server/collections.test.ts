// Collections (issue 30): Payments' collection downloaded from GET …/collection of a listening server
// (Postman's own converter, in a worker thread), valid against the collection v2.1 JSON schema,
// calling that server's gateway with {{baseUrl}} and {{apiKey}}; run by newman with a real key,
// every GET passes with a 200. The OpenAPI file re-based on the gateway names only it.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import Ajv from 'ajv-draft-04';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { USER, ORG } from '../../server/seed/accounts.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { parseDocument } from '../../server/src/spec/parse.ts';
import { rebaseOnGateway } from '../../server/src/collections/collections.ts';
import { CREDENTIAL_PROVISION_DELAY_MS } from '../../src/rules/constants.ts';

// newman ships no types: the little of its API used here.
interface RunSummary { run: { executions: Array<{ item: { name: string }; response?: { code: number } }>; failures: unknown[] } }
const newman = createRequire(import.meta.url)('newman') as {
  run(options: Record<string, unknown>, done: (error: Error | null, summary: RunSummary) => void): void;
};

const clock = new ManualClock(new Date());
const orgadmin = { id: USER.orgadmin!, orgId: ORG.acme };
const PAYMENTS = parseDocument(readFileSync(join(import.meta.dirname, '../../server/seed/specs/payments.oas3.yaml'), 'utf8'));
let t: TestApp;
let origin: string;
let gateway: string;
const RESOURCE = `${API}/products/prod-payments/versions/ver-payments-3/assetresources/res-payments`;

beforeAll(async () => {
  t = await buildTestApp({ seed: async (db) => { await seedDemo(db); }, clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  gateway = `${origin}${API}/gateway/prod-payments/ver-payments-3/res-payments`;
}, 300_000); // the demo seed on a busy 2-core machine
afterAll(async () => { await t?.close(); });

type Item = { name: string; item?: Item[]; request?: { method: string } };
const gets = (items: Item[]): Item[] => items.flatMap((i) => (i.item ? [{ ...i, item: gets(i.item) }] : i.request?.method === 'GET' ? [i] : []))
  .filter((i) => !i.item || i.item.length > 0);

it('the OpenAPI file re-based on the gateway has the gateway as its only server and its key scheme', () => {
  const rebased = rebaseOnGateway(PAYMENTS, 'https://portal.example/api/v1/gateway/p/v/r');
  expect(rebased.servers).toEqual([{ url: 'https://portal.example/api/v1/gateway/p/v/r', description: 'Agora gateway' }]);
  expect(rebased.security).toEqual([{ agoraGateway: [] }]);
  expect(JSON.stringify(rebased)).not.toContain('api.payments.agora.test/v3');
});

/** A download from the listening server, as the explorer's button makes it (signed in). */
async function download(query: string): Promise<Response> {
  return fetch(`${origin}${RESOURCE}/collection${query}`, { headers: await t.headersFor(orgadmin) });
}

it("Payments' Postman collection v2.1, downloaded from the server, runs in newman against its gateway: every GET answers 200", async () => {
  const res = await download('?format=postman');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Payments[^"]*\.postman_collection\.json"/);
  const collection = await res.json() as Record<string, unknown>;
  expect((collection.info as { schema: string }).schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
  // The collection format's own JSON schema (postmanlabs/schemas, assembled in fixtures/).
  const schema = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/postman-collection-v2.1.schema.json'), 'utf8')) as object;
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  expect(validate(collection), JSON.stringify(validate.errors?.slice(0, 5))).toBe(true);
  expect(collection.variable).toEqual(expect.arrayContaining([{ key: 'baseUrl', value: gateway, type: 'string' }, { key: 'apiKey', value: '', type: 'string' }]));

  const created = await t.request(orgadmin, {
    method: 'POST', url: `${API}/applications/app-acme-checkout/credentials`,
    payload: { title: 'newman', credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' }, data: {}, resources: [{ id: 'res-payments' }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  clock.advance(CREDENTIAL_PROVISION_DELAY_MS);
  await t.app.jobs.drain();
  const key = (await t.request(orgadmin, { url: `${API}/credentials/${created.body.id}?decrypt=true` })).body.provisioning.data.apiKey as string;
  expect(JSON.stringify(collection)).not.toContain(key);

  const onlyGets = { ...collection, item: gets(collection.item as Item[]) };
  const summary = await new Promise<RunSummary>((resolve, reject) => {
    newman.run({ collection: onlyGets, envVar: [{ key: 'apiKey', value: key }], reporters: [] }, (error, result) => (error ? reject(error) : resolve(result)));
  });
  const codes = summary.run.executions.map((e) => `${e.item.name}: ${e.response?.code}`);
  expect(codes.length).toBeGreaterThanOrEqual(8);
  expect(codes.filter((c) => !c.endsWith(': 200')), codes.join('\n')).toEqual([]);
  expect(summary.run.failures).toEqual([]);
});

it('the OpenAPI file downloads re-based on the gateway; a description that is not OpenAPI gets a 409 naming the resource', async () => {
  const res = await download('?format=openapi');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Payments[^"]*\.openapi\.json"/);
  const file = await res.json() as { servers: unknown; paths: object };
  expect(file.servers).toEqual([{ url: gateway, description: 'Agora gateway' }]);
  expect(Object.keys(file.paths).length).toBe(Object.keys(PAYMENTS.paths as object).length);
  const events = await t.request(orgadmin, { url: `${API}/products/prod-order-events/versions` });
  const versionId = (events.body.items as Array<{ id: string }>)[0]!.id;
  const refused = await t.request(orgadmin, { url: `${API}/products/prod-order-events/versions/${versionId}/assetresources/res-order-events/collection` });
  expect(refused.status).toBe(409);
  expect(refused.body.errors[0]).toMatchObject({ status: 409, source: { parameter: 'resourceId' } });
});

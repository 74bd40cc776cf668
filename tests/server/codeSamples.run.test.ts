// The generated samples really work: the curl, Python (requests) and Node samples of one Payments
// call, run as the developer would (their own processes, the API key only in the environment),
// against the gateway of a listening server, each get the same 200 answer as try-it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { USER, ORG } from '../../server/seed/accounts.ts';
import { transactions } from '../../server/src/db/schema.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { flushTransactions } from '../../server/src/gateway/record.ts';
import { CREDENTIAL_PROVISION_DELAY_MS } from '../../src/rules/constants.ts';
import { codeSample, type SampleRequest } from '../../src/rules/codeSamples.ts';

const run = promisify(execFile);
const clock = new ManualClock(new Date());
const orgadmin = { id: USER.orgadmin!, orgId: ORG.acme };
const PATH = '/payments/pay_1001';
const QUERY: Array<[string, string]> = [['expand', 'customer']];
let t: TestApp;
let dir: string;
let origin: string;
let gateway: string;

beforeAll(async () => {
  t = await buildTestApp({ demo: true, clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // The seeded Payments resource (built-in mock upstream), under its product and version.
  gateway = `${API}/gateway/prod-payments/ver-payments-3/res-payments`;
  dir = mkdtempSync(join(tmpdir(), 'agora-samples-'));
}, 300_000); // the demo seed on a busy 2-core machine
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function apiKey(): Promise<{ id: string; key: string }> {
  const created = await t.request(orgadmin, {
    method: 'POST', url: `${API}/applications/app-acme-checkout/credentials`,
    payload: { title: 'samples', credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' }, data: {}, resources: [{ id: 'res-payments' }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  clock.advance(CREDENTIAL_PROVISION_DELAY_MS);
  await t.app.jobs.drain();
  const shown = await t.request(orgadmin, { url: `${API}/credentials/${created.body.id}?decrypt=true` });
  return { id: created.body.id, key: shown.body.provisioning.data.apiKey as string };
}

it('curl, Python and Node samples get the same 200 answer as try-it, the key only in the environment', async () => {
  const tryIt = await t.request(orgadmin, { url: `${gateway}${PATH}?expand=customer`, headers: { accept: 'application/json' } });
  expect(tryIt.status, JSON.stringify(tryIt.body)).toBe(200);
  const expected = tryIt.body as unknown;

  const { id, key } = await apiKey();
  const request: SampleRequest = {
    method: 'GET', server: `${origin}${gateway}`, path: PATH, query: QUERY, headers: [['Accept', 'application/json']],
    credential: { kind: 'apiKey', in: 'header', name: 'X-API-Key' },
  };
  const env = { ...process.env, AGORA_API_KEY: key };
  const samples = { curl: codeSample(request, 'curl'), python: codeSample(request, 'python'), node: codeSample(request, 'node') };
  for (const text of Object.values(samples)) expect(text).not.toContain(key);

  // curl prints the body; -sS and the status line are the developer's own flags, added here.
  const curl = await run('sh', ['-c', `${samples.curl} -sS --write-out '\\n%{http_code}'`], { env });
  const [curlBody, curlStatus] = [curl.stdout.slice(0, curl.stdout.lastIndexOf('\n')), curl.stdout.slice(curl.stdout.lastIndexOf('\n') + 1)];
  expect(curlStatus).toBe('200');
  expect(JSON.parse(curlBody)).toEqual(expected);

  // Python prints response.json() as Python writes a dict: compare with the same print of try-it's body.
  writeFileSync(join(dir, 'sample.py'), samples.python);
  const python = await run('python3', [join(dir, 'sample.py')], { env });
  const pythonExpected = await run('python3', ['-c', 'import json,sys; print(json.loads(sys.argv[1]))', JSON.stringify(expected)]);
  expect(python.stdout).toBe(pythonExpected.stdout);

  // Node (built-in fetch, top-level await: an ES module) logs the parsed body.
  writeFileSync(join(dir, 'sample.mjs'), samples.node);
  const node = await run(process.execPath, [join(dir, 'sample.mjs')], { env });
  const nodeExpected = await run(process.execPath, ['-e', 'console.log(JSON.parse(process.argv[1]))', JSON.stringify(expected)]);
  expect(node.stdout).toBe(nodeExpected.stdout);

  // Each sample's call was a runtime call with that credential, answered 200.
  await flushTransactions(t.db);
  const rows = await t.db.select({ status: transactions.status }).from(transactions)
    .where(and(eq(transactions.credentialId, id), eq(transactions.applicationId, 'app-acme-checkout')));
  expect(rows.map((r) => r.status)).toEqual([200, 200, 200]);
});

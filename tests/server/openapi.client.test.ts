// The typed client for hosts: TypeScript types generated from the served description by
// openapi-typescript (as the build does for dist/agora-api.d.ts) compile, and a script written
// against them (tests/typed-client/script.ts) type-checks and works against the running server.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API, buildTestApp, DEFAULT_PASSWORD, type TestApp } from './helper.ts';
import { ORG_ROLES } from '../../src/rules/roleNames.ts';
import { generateTypes } from '../../scripts/openapi.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const OUT = join(ROOT, '.tmp', 'typed-client');
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => { await t?.close(); });

it('types generated from the description compile, and a typed script signs in, lists products and creates an application', async () => {
  mkdirSync(OUT, { recursive: true });
  const description = await fetch(`${base}${API}/openapi.json`);
  writeFileSync(join(OUT, 'openapi.json'), await description.text());
  generateTypes(join(OUT, 'openapi.json'), join(OUT, 'agora-api.d.ts'));

  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', join(ROOT, 'tests/typed-client/tsconfig.json')], { encoding: 'utf8' });
  expect(tsc.stdout + tsc.stderr).toBe('');
  expect(tsc.status).toBe(0);

  const org = await t.createOrg({ name: 'Typed Ltd' });
  const user = await t.createUser({ orgId: org.id, orgRoles: [ORG_ROLES.Consumer] });
  const team = await t.createTeam({ orgId: org.id, type: 'consumer', members: [{ userId: user.id, roles: ['administrator'] }] });
  // Not spawnSync: the server answering the script runs in this process.
  const run = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'tests/typed-client/script.ts'), base, user.email, DEFAULT_PASSWORD, team.id], { cwd: ROOT, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  const outcome = JSON.parse(run.stdout);
  expect(outcome).toMatchObject({ readBack: 200 });
  expect(outcome.products).toBeGreaterThanOrEqual(0);
  const apps = await t.request(user, { url: `${API}/applications` });
  expect(apps.body.items.map((a: { id: string; title: string }) => a.title)).toContain('Typed client app');
}, 120_000);

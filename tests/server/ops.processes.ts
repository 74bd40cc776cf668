// For the operator tests (ops.*.test.ts): a store holding the demo seed and an API key of the
// checkout application whose payments resource calls a local upstream, and the real server
// (server/src/main.ts, as `npm run serve` starts it) as a child process on it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.ts';
import { openStore, type Store } from '../../server/src/db/store.ts';
import { assetResources, sessions } from '../../server/src/db/schema.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { USER, ORG } from '../../server/seed/accounts.ts';
import { ManualClock } from '../../server/src/clock.ts';
import { CREDENTIAL_PROVISION_DELAY_MS } from '../../src/rules/constants.ts';
import { npmScriptArgs, npmScriptEnv } from '../npmScript.ts';

export type Target = { dataDir: string } | { databaseUrl: string };

export interface Prepared {
  apiKey: string;
  /** `keys` API keys of the same application (apiKey the first) */
  apiKeys: string[];
  /** /api/v1/gateway/prod-payments/{version}/res-payments */
  gatewayPath: string;
}

/** Seeds the demo data into the store at `target` unless it holds it already (a copy of the run's
 * demo template: helper.ts demoDataDir, createDemoDatabase; main.ts then skips its seed and backfill),
 * points res-payments at `upstream`, and makes an API key of app-acme-checkout through the API. */
export async function prepareStore(target: Target, upstream: string, prepare?: (store: Store) => Promise<void>, keys = 1): Promise<Prepared> {
  const store = await openStore(target);
  try {
    await seedDemo(store.db);
    await store.db.update(assetResources).set({ upstreamUrl: upstream }).where(eq(assetResources.id, 'res-payments'));
    await prepare?.(store);
    const [resource] = await store.db.select({ versionId: assetResources.productVersionId }).from(assetResources).where(eq(assetResources.id, 'res-payments'));
    const clock = new ManualClock(new Date());
    const app = await buildApp({ store, auth: { secret: randomBytes(32).toString('hex') }, clock, runJobs: false });
    try {
      const sessionId = randomUUID();
      await store.db.insert(sessions).values({ id: sessionId, userId: USER.orgadmin!, refreshTokenHash: randomBytes(24).toString('base64url'), expiresAt: new Date(Date.now() + 3_600_000) });
      const portal = { authorization: `Bearer ${await app.auth.keys.sign({ userId: USER.orgadmin!, orgId: ORG.acme, sessionId })}`, 'x-tenant-id': ORG.acme };
      const apiKeys: string[] = [];
      for (let i = 0; i < keys; i++) {
        const created = await app.inject({
          method: 'POST', url: '/api/v1/applications/app-acme-checkout/credentials', headers: portal,
          payload: { title: `Ops key ${i}`, credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' }, resources: [{ id: 'res-payments' }] },
        });
        if (created.statusCode !== 201) throw new Error(`credential: ${created.body}`);
        clock.advance(CREDENTIAL_PROVISION_DELAY_MS);
        await app.jobs.drain();
        const shown = await app.inject({ url: `/api/v1/credentials/${created.json().id}?decrypt=true`, headers: portal });
        apiKeys.push(shown.json().provisioning.data.apiKey as string);
      }
      return { apiKey: apiKeys[0]!, apiKeys, gatewayPath: `/api/v1/gateway/prod-payments/${resource!.versionId}/res-payments` };
    } finally {
      await app.close();
    }
  } finally {
    await store.close();
  }
}

export interface ServerChild {
  proc: ChildProcess;
  /** Resolves with the port once the server printed its address. */
  port: Promise<number>;
  output: string[];
  /** The exit code (or signal name) once the process ended. */
  exited: Promise<number | string>;
}

const children = new Set<ChildProcess>();
/** SIGKILLs every server child still running (afterAll / afterEach). */
export function killServers(): void {
  for (const proc of children) proc.kill('SIGKILL');
  children.clear();
}

/** The server as `npm run serve` starts it (its flags tested too), with `env` over this process's (PORT=0: a free port). */
export function startServer(env: Record<string, string>): ServerChild {
  const proc = spawn(process.execPath, npmScriptArgs('serve'), {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...npmScriptEnv('serve'), PORT: '0', HOST: '127.0.0.1', GATEWAY_ALLOW_HOSTS: '127.0.0.1', ASSISTANT_VECTORS: 'off', ...env },
  });
  children.add(proc);
  const output: string[] = [];
  proc.stderr!.on('data', (d) => output.push(String(d)));
  const exited = new Promise<number | string>((resolve) => proc.once('exit', (code, signal) => { children.delete(proc); resolve(code ?? signal ?? -1); }));
  const port = new Promise<number>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      output.push(line);
      const m = /portal:\s+http:\/\/[^:]+:(\d+)\//.exec(line);
      if (m) resolve(Number(m[1]));
    });
    void exited.then((code) => reject(new Error(`the server ended (${code}) before listening:\n${output.join('\n')}`)));
  });
  port.catch(() => {});
  return { proc, port, output, exited };
}

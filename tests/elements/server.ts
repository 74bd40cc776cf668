// The marketplace server of the element tests (web-test-runner.config.mjs): the real app on an
// in-memory PGlite with the demo seed (the browser suite's cached template when there is one),
// serving the built bundle, and letting the runner's origin call the API (CORS_ORIGINS).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app.ts';
import { openStore } from '../../server/src/db/store.ts';
import { seedDemo } from '../../server/seed/index.ts';

const CACHE = join(import.meta.dirname, '../../.tmp');

export async function startElementsServer(corsOrigins: string[]): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const template = existsSync(CACHE) ? readdirSync(CACHE).find((f) => /^browser-store-[0-9a-f]+\.tar$/.test(f)) : undefined;
  const store = await openStore(template ? { loadFrom: new Blob([readFileSync(join(CACHE, template))]) } : {});
  if (!template) await seedDemo(store.db);
  const app = await buildApp({ store, auth: { secret: 'element-tests-signing-key-of-32-characters' }, serveStatic: true, corsOrigins, assistantVectors: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await store.close();
    },
  };
}

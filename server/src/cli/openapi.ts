// `node --import tsx server/src/cli/openapi.ts DIR`: writes DIR/openapi.json and DIR/openapi.yaml,
// the description GET /api/v1/openapi.json serves, without a server listening (the build ships it
// in dist/ with its TypeScript types; the lint and contract-test steps read it: scripts/openapi.mjs).
// The app is built on a throwaway in-memory store: the description depends on the routes only.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, API_BASE } from '../app.ts';
import { openStore } from '../db/store.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('Usage: node --import tsx server/src/cli/openapi.ts DIR');
  process.exit(2);
}
const store = await openStore();
try {
  const app = await buildApp({ store, auth: { secret: 'openapi-description-only' }, runJobs: false });
  try {
    mkdirSync(dir, { recursive: true });
    for (const kind of ['json', 'yaml']) {
      const answer = await app.inject({ url: `${API_BASE}/openapi.${kind}` });
      if (answer.statusCode !== 200) throw new Error(`GET ${API_BASE}/openapi.${kind} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
      writeFileSync(join(dir, `openapi.${kind}`), answer.body);
    }
  } finally {
    await app.close();
  }
} finally {
  await store.close();
}

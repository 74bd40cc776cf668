// `npm run test:contract` (the `contract` step of npm test): the marketplace's API checked against
// its own served description by two tools no one here wrote (README "The marketplace's own API").
//
//  1. Portman (@apideck/portman) turns /api/v1/openapi.json into a Postman collection with a
//     contract test per operation (2xx, content type, JSON body, schema) and fuzzed variations
//     (required fields removed, numbers and lengths past their bounds: a 400 in the error shape),
//     configured by tests/contract/portman-config.json; newman runs it against the real server on a
//     fresh copy of the demo store, as Acme's Administrator and the provider's Administrator.
//  2. A walk of the main journey through Prism's validating proxy (prism proxy --errors): any
//     violation Prism reports (its sl-violations header, its log, its error answers) fails.
//
//   npm run test:contract                      both
//   npm run test:contract -- --only portman    one of them (portman | prism)
//   npm run test:contract -- --keep            leave .tmp/contract/ (collection, report) for reading
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, ROOT } from '../browser/harness.ts';
import { discoverVariables, signIn } from './fixtures.ts';
import { runPortman } from './portman.ts';
import { walkThroughPrism } from './prism.ts';

const OUT = join(ROOT, '.tmp', 'contract');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

async function main(): Promise<number> {
  const t0 = Date.now();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  // The egress policy lets the server reach itself (127.0.0.1) for one call: the console's token
  // helper (POST …/spec/token) exchanging the contract's OAuth client at this server's own
  // /oauth/token, the one real authorization server here. Everything else stays refused.
  const portal = await startServer({ egress: { allowHosts: ['127.0.0.1'] } });
  const api = `${portal.baseUrl}/api/v1`;
  // The portal's own origin, as PUBLIC_URL gives it in a deployment: the console's mock OAuth
  // authorize page redirects only to the portal's pages.
  (portal.app.publicOrigins as Set<string>).add(portal.baseUrl);
  console.log(`[contract] server on ${api} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  let failed = 0;
  try {
    const description = join(OUT, 'openapi.json');
    writeFileSync(description, await (await fetch(`${api}/openapi.json`)).text());
    if (!only || only === 'portman') {
      const variables = { ...(await discoverVariables(api)), publicOrigin: portal.baseUrl, ownTokenUrl: `${api}/oauth/token` };
      failed += await runPortman({ api, description, variables, out: OUT });
    }
    if (!only || only === 'prism') {
      failed += await walkThroughPrism({ api, description, out: OUT, consumer: await signIn(api, 'orgadmin') });
    }
  } finally {
    await portal.close();
  }
  console.log(`[contract] ${failed ? `${failed} failure(s)` : 'no failure'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error('[contract]', error);
  process.exit(1);
});

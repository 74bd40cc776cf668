// The marketplace's own OpenAPI description (server/src/openapi), written out for tools:
//
//   node scripts/openapi.mjs lint     Redocly CLI's recommended ruleset (redocly.yaml); a step of npm test
//   node scripts/openapi.mjs types    dist/openapi.json, dist/openapi.yaml and dist/agora-api.d.ts (the
//                                     typed client's types, openapi-typescript); run by the build
//
// The description comes from the app's own routes (server/src/cli/openapi.ts), never a copy.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function run(args, what) {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal})`);
}

/** Writes openapi.json and openapi.yaml into dir (the route table of a freshly built app). */
export function describeApi(dir) {
  run(['--import', 'tsx', join(ROOT, 'server/src/cli/openapi.ts'), dir], 'writing the OpenAPI description');
  return join(dir, 'openapi.json');
}

/** TypeScript types of every operation (`paths`, `components`, `operations`) from the description. */
export function generateTypes(json, out) {
  run([join(ROOT, 'node_modules/openapi-typescript/bin/cli.js'), json, '-o', out], 'openapi-typescript');
  const header = '// Types of the Agora marketplace API (/api/v1), generated from dist/openapi.json by openapi-typescript.\n'
    + '// import type { paths, components } from \'agora/dist/agora-api\' (see README "Typed client").\n';
  writeFileSync(out, header + readFileSync(out, 'utf8'));
}

export function lint(json) {
  run([join(ROOT, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', json, '--config', join(ROOT, 'redocly.yaml'), '--format', 'stylish'], 'redocly lint');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  try {
    if (command === 'lint') {
      lint(describeApi(join(ROOT, '.tmp', 'openapi')));
    } else if (command === 'types') {
      const dist = join(ROOT, 'dist');
      mkdirSync(dist, { recursive: true });
      generateTypes(describeApi(dist), join(dist, 'agora-api.d.ts'));
    } else {
      console.error('Usage: node scripts/openapi.mjs lint | types');
      process.exit(2);
    }
  } catch (error) {
    console.error(`[openapi] ${error.message}`);
    process.exit(1);
  }
}

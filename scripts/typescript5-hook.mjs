// A module resolve hook for openapi-typescript: it imports TypeScript's JavaScript API
// (ts.factory, ts.createPrinter), which TypeScript 7 (the project's compiler, native) no longer has.
// `typescript5` is an npm alias of typescript@5.9 installed for it alone; this hook hands that copy
// to importers inside openapi-typescript and leaves everyone else on TypeScript 7.
//   node --import ./scripts/typescript5-hook.mjs node_modules/openapi-typescript/bin/cli.js …
import { register } from 'node:module';

register('./typescript5-resolve.mjs', import.meta.url);

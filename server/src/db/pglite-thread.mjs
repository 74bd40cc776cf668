// The embedded database's own thread (see pgliteThread.ts, its other half). Plain JavaScript so
// that a worker starts the same way under tsx, vitest and plain node. Messages in:
//   { op: 'query', id, text, params, rowMode, keepText, tx? }   a statement, in transaction tx when set
//   { op: 'begin', id, tx } / { op: 'end', id, tx, commit }     a transaction's start and end
//   { op: 'exec', id, text } / { op: 'dump', id } / { op: 'close', id }
// and one answer per message: { id, result } or { id, error }; notifications are posted as they come.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const { dataDir, loadFrom, startParams, initOnly } = workerData;
const pg = await PGlite.create({
  ...(dataDir ? { dataDir } : {}),
  ...(loadFrom ? { loadDataDir: new Blob([loadFrom]) } : {}),
  startParams: [...PGlite.defaultStartParams, ...startParams],
});

/** Open transactions: their PGlite transaction object and how to end them. */
const transactions = new Map();
const identity = (value) => value;
const ROLLED_BACK = new Error('rolled back');

/** Errors cross as plain objects carrying PostgreSQL's fields (code, detail, constraint…). */
function plainError(error) {
  const out = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  for (const [key, value] of Object.entries(error ?? {})) {
    if (key !== 'queryOptions' && typeof value !== 'function') out[key] = value;
  }
  return out;
}

function begin(tx) {
  return new Promise((started, failed) => {
    const entry = {};
    entry.done = pg.transaction((handle) => new Promise((commit, rollback) => {
      transactions.set(tx, Object.assign(entry, { handle, commit, rollback }));
      started();
    }));
    entry.done.catch(failed).finally(() => transactions.delete(tx));
  });
}

/** Commits (the COMMIT's own failure is the answer) or rolls back a transaction. */
async function end(tx, commit) {
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  if (commit) open.commit();
  else open.rollback(ROLLED_BACK);
  await open.done.catch((error) => {
    if (error !== ROLLED_BACK) throw error;
  });
}

async function handle(message) {
  switch (message.op) {
    case 'query': {
      const client = message.tx ? transactions.get(message.tx)?.handle : pg;
      if (!client) throw new Error(`transaction ${message.tx} is not open`);
      const parsers = Object.fromEntries(message.keepText.map((oid) => [oid, identity]));
      const { rows, affectedRows, fields } = await client.query(message.text, message.params, { rowMode: message.rowMode, parsers });
      return { rows, affectedRows, fields };
    }
    case 'begin': return begin(message.tx);
    case 'end': return end(message.tx, message.commit);
    case 'exec': return (await pg.exec(message.text)).map(({ rows, affectedRows, fields }) => ({ rows, affectedRows, fields }));
    case 'dump': return new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
    case 'close': return pg.close();
    case 'memory': return { wasm: pg.mod.HEAPU8.byteLength, heap: process.memoryUsage().heapUsed };
    default: throw new Error(`unknown operation ${message.op}`);
  }
}

function serve() {
  // Notifications of this session (LISTEN sent through exec) go out as { notify: channel, payload }.
  // PGlite hands them over while the committing statement's answer is read, so they are posted
  // before that answer: a listener in the main thread hears of a commit before its writer goes on.
  pg.onNotification((channel, payload) => parentPort.postMessage({ notify: channel, payload }));

  parentPort.on('message', (message) => {
    handle(message).then(
      (result) => parentPort.postMessage({ id: message.id, result }),
      (error) => parentPort.postMessage({ id: message.id, error: plainError(error) }),
    );
  });
  parentPort.postMessage({ ready: true });
}

// A new database's initdb runs in a thread of its own (pgliteThread.ts): hand back the in-memory
// database (a folder's is on disk already) and end, so the thread's memory goes with it.
if (initOnly) {
  const dump = dataDir ? undefined : new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
  await pg.close();
  parentPort.postMessage({ ready: true, dump }, dump ? [dump.buffer] : []);
} else serve();

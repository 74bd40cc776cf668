// GATEWAY_WORKERS=n: the data plane (./plane.ts) in n processes of node:cluster sharing the
// server's port, so runtime gateway calls never wait on the event loop of the portal's API, its
// job runner or the store. The portal's app then listens on a loopback port of its own, and the
// workers pass it everything that is not a runtime call. The store stays in this (primary)
// process — the embedded PGlite store opens in one process only — and the workers reach it by IPC
// (./worker.ts): a credential or resource read once per cache life, strict quota calls in blocks,
// records and counts in batches every PLANE_FLUSH_MS. A worker that dies is forked again.
import cluster, { type Worker } from 'node:cluster';
import { BlockList, createServer, isIP, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { localBackend, type PlaneBackend } from './backend.ts';

/** What a worker may ask of the store (the backend's methods that cross the process boundary). */
export const PLANE_OPS = ['credentialByKey', 'credentialById', 'tokenKey', 'resource', 'quotas', 'lease', 'giveBack', 'write'] as const;
export type PlaneOp = typeof PLANE_OPS[number];
export type ToPrimary = { t: 'call'; id: number; op: PlaneOp; args: unknown[] };
export type ToWorker = { t: 'reply'; id: number; value?: unknown; error?: string } | { t: 'evict'; credentialId: string } | { t: 'stop' };

export interface PlaneProcesses {
  /** The port the workers share (the server's). */
  port: number;
  /** The live workers' process ids. */
  pids(): number[];
  /** Stops every worker (each flushes its records and gives back its leases first). */
  stop(timeoutMs: number): Promise<void>;
}

export interface PlaneStart {
  workers: number;
  port: number;
  host: string;
  log: (line: string) => void;
}

/** Forks the workers for `app` (already listening on loopback) and resolves once all listen. */
export async function startPlaneWorkers(app: FastifyInstance, o: PlaneStart): Promise<PlaneProcesses> {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('The app must listen before its data plane starts.');
  const backend = localBackend(app, true);
  // The kernel hands connections to the workers (each accepts from the shared socket), not this
  // process in turn: with round robin, a connection being handed to a worker as it is killed stays
  // open here unanswered (Node drops it), and the client waits until its own time-out.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: fileURLToPath(new URL('./worker.ts', import.meta.url)), serialization: 'advanced' });
  // PORT=0 (tests): one free port chosen here for every worker. Workers listening on 0 share a
  // random port only while one of them holds it; were all gone at once (kill -9), the replacements
  // would get another, and a replacement given the port by number beside a worker on 0 would clash.
  const port = o.port || await freePort(o.host);
  const env = { AGORA_PLANE_APP: `http://127.0.0.1:${address.port}`, AGORA_PLANE_PORT: String(port), AGORA_PLANE_HOST: o.host };
  let stopping = false;
  const all = new Set<Worker>();
  const unsubscribe = backend.onEvict((credentialId) => { for (const w of all) send(w, { t: 'evict', credentialId }); });

  const fork = (replacing?: number): Promise<void> => new Promise((resolve, reject) => {
    const w = cluster.fork(env);
    all.add(w);
    w.on('message', (m: ToPrimary) => { if (m?.t === 'call') void answer(backend, w, m); });
    w.once('listening', () => {
      if (replacing) o.log(`gateway data plane: worker ${w.process.pid} listening (replacing ${replacing})`);
      resolve();
    });
    w.once('exit', (code, signal) => {
      all.delete(w);
      if (stopping) return;
      o.log(`gateway data plane: worker ${w.process.pid} ended (${signal ?? `code ${code}`}); starting another`);
      fork(w.process.pid).catch((e: unknown) => o.log(`gateway data plane: a worker could not start: ${String(e)}`));
      reject(new Error(`worker ${w.process.pid} ended before listening`));
    });
  });
  await Promise.all(Array.from({ length: o.workers }, () => fork()));
  return {
    port,
    pids: () => [...all].map((w) => w.process.pid!),
    async stop(timeoutMs) {
      stopping = true;
      unsubscribe();
      await Promise.all([...all].map((w) => new Promise<void>((resolve) => {
        const timer = setTimeout(() => w.process.kill('SIGKILL'), timeoutMs);
        w.once('exit', () => { clearTimeout(timer); resolve(); });
        send(w, { t: 'stop' });
      })));
    },
  };
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function send(w: Worker, m: ToWorker): void {
  if (w.isConnected()) w.send(m, (err: Error | null) => { if (err) w.process.kill('SIGKILL'); });
}

async function answer(backend: PlaneBackend, w: Worker, m: ToPrimary): Promise<void> {
  try {
    if (!PLANE_OPS.includes(m.op)) throw new Error(`unknown operation ${String(m.op)}`);
    const value = await (backend[m.op] as (...args: unknown[]) => Promise<unknown>)(...m.args);
    send(w, { t: 'reply', id: m.id, value });
  } catch (e) {
    send(w, { t: 'reply', id: m.id, error: e instanceof Error ? e.message : String(e) });
  }
}

/** The app's trustProxy behind the plane: the first hop is the worker on loopback, whose
 * X-Forwarded-For carries the client's address (then TRUST_PROXY as configured, one hop further).
 * Only loopback reaches the app's port then: it listens on 127.0.0.1. */
export function trustThroughPlane(trust: boolean | number | string): (address: string, hop: number) => boolean {
  const rest: (address: string, hop: number) => boolean = trust === true ? () => true
    : trust === false ? () => false
    : typeof trust === 'number' ? (_address, hop) => hop < trust
    : listed(trust);
  return (address, hop) => (hop === 0 ? isLoopback(address) : rest(address, hop - 1));
}

const isLoopback = (address: string) => address === '::1' || (isIP(address.replace(/^::ffff:/, '')) === 4 && address.replace(/^::ffff:/, '').startsWith('127.'));

/** TRUST_PROXY's list of addresses and CIDR ranges as a trust test. */
function listed(trust: string): (address: string) => boolean {
  const list = new BlockList();
  for (const item of trust.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [address, bits] = item.split('/') as [string, string | undefined];
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const plain = address.replace(/^::ffff:/, '');
    return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
  };
}

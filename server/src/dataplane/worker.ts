// One process of the data plane (./cluster.ts forks it): the plane's HTTP server on the shared
// port, its store reached by IPC through the primary, with this process's own read-through caches
// (credentials, resources, quotas: one cache life, forgotten at once when the primary forgets a
// credential). SIGTERM or the primary's "stop": no new connections, the calls under way answered,
// the records handed over and the unspent strict calls given back, then exit.
import { loadConfig } from '../config.ts';
import { Egress } from '../gateway/egress.ts';
import { API_BASE } from '../apiBase.ts';
import { TtlCache } from '../ttlCache.ts';
import type { CredentialEntry } from '../credentials/lookup.ts';
import type { VisibleResource } from '../spec/access.ts';
import type { CountedQuota } from '../quota/coverage.ts';
import { GATEWAY_MTLS_HEADER_DEFAULT } from '../../../src/rules/constants.ts';
import { DataPlane, planeServer } from './plane.ts';
import type { PlaneBackend } from './backend.ts';
import type { PlaneOp, ToPrimary, ToWorker } from './cluster.ts';

const config = loadConfig();
const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
let nextId = 0;
function ask<T>(op: PlaneOp, ...args: unknown[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    process.send!({ t: 'call', id, op, args } satisfies ToPrimary, undefined, undefined, (err: Error | null) => {
      if (err) { pending.delete(id); reject(err); }
    });
  });
}

const credentials = new TtlCache<CredentialEntry | null>();
const resources = new TtlCache<VisibleResource | null>();
const quotas = new TtlCache<CountedQuota[]>();
let tokenKey: Promise<Uint8Array> | undefined;
const backend: PlaneBackend = {
  credentialByKey: (key) => credentials.get(`k:${key}`, () => ask('credentialByKey', key)),
  credentialById: (id) => credentials.get(`i:${id}`, () => ask('credentialById', id)),
  tokenKey: () => (tokenKey ??= ask<Uint8Array>('tokenKey').catch((e: unknown) => { tokenKey = undefined; throw e; })),
  resource: (p, v, r) => resources.get(`${p}/${v}/${r}`, () => ask('resource', p, v, r)),
  quotas: (s, r) => quotas.get(`${s}|${r}`, () => ask('quotas', s, r)),
  lease: (counter, want) => ask('lease', counter, want),
  giveBack: (counter, n) => ask('giveBack', counter, n),
  write: (rows, counts, calls) => ask('write', rows, counts, calls),
  now: () => new Date(),
  onEvict: () => () => undefined,
};

const plane = new DataPlane({
  backend, egress: new Egress(config.egress), apiBase: API_BASE, app: process.env.AGORA_PLANE_APP!,
  mtlsHeader: (config.credentials.mtlsHeader || GATEWAY_MTLS_HEADER_DEFAULT).toLowerCase(),
  log: (message, err) => console.error(message, err),
});
const server = planeServer(plane, config.httpTimeouts);

let stopping: Promise<void> | null = null;
function stop(): Promise<void> {
  stopping ??= (async () => {
    // Calls under way finish; idle keep-alive connections close (Node closes them on close()),
    // and the rest are cut after the shutdown time-out.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const cut = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
    server.closeIdleConnections();
    await closed;
    clearTimeout(cut);
    await plane.close();
    process.exit(0);
  })();
  return stopping;
}

process.on('message', (m: ToWorker) => {
  if (m.t === 'reply') {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.error !== undefined) p?.reject(new Error(m.error));
    else p?.resolve(m.value);
  } else if (m.t === 'evict') {
    credentials.forget((entry, key) => key === `i:${m.credentialId}` || entry?.id === m.credentialId);
  } else if (m.t === 'stop') void stop();
});
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => undefined); // Ctrl-C reaches the whole group: the primary stops us in order
// The primary gone: nothing left to record into.
process.on('disconnect', () => process.exit(1));
server.listen(Number(process.env.AGORA_PLANE_PORT), process.env.AGORA_PLANE_HOST);

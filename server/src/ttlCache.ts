// The read-through cache of the runtime gateway's hot path (the credential, the resource, the
// quotas a call is counted against): an answer is kept for GATEWAY_CREDENTIAL_CACHE_MS from when
// its read started, so another instance's change takes effect within that time, and this
// instance's own writes forget it at once. Calls that find a key missing or expired share one
// read (single flight). A key still in use past half its life is read again in the background
// while its answer is served: a hot key never expires under its callers, so no call waits for the
// store, where a read can queue behind a batch of records (the p99 of a busy gateway).
import { GATEWAY_CREDENTIAL_CACHE_MS } from '../../src/rules/constants.ts';

/** Beyond this many keys the cache starts again (unknown keys are cached too). */
const MAX_ENTRIES = 10_000;

export class TtlCache<V> {
  private readonly entries = new Map<string, { at: number; until: number; value: V }>();
  private readonly inflight = new Map<string, Promise<V>>();
  /** Bumped by every forget: a read that started before it is not kept (it may predate the write). */
  private generation = 0;

  constructor(private readonly ttlMs = GATEWAY_CREDENTIAL_CACHE_MS) {}

  get(key: string, read: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) {
      if (now - hit.at >= this.ttlMs / 2 && !this.inflight.has(key)) this.load(key, read).catch(() => undefined);
      return Promise.resolve(hit.value);
    }
    return this.inflight.get(key) ?? this.load(key, read);
  }

  /** Forgets the keys whose answer matches (all of them without a test), and every read under way:
   * it may predate the write, so a caller arriving after this reads again. */
  forget(matches?: (value: V, key: string) => boolean): void {
    this.generation++;
    this.inflight.clear();
    if (!matches) return this.entries.clear();
    for (const [key, entry] of this.entries) if (matches(entry.value, key)) this.entries.delete(key);
  }

  private load(key: string, read: () => Promise<V>): Promise<V> {
    const generation = this.generation;
    const at = Date.now();
    const pending = read().then((value) => {
      if (generation === this.generation) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
        this.entries.set(key, { at, until: at + this.ttlMs, value });
      }
      return value;
    }).finally(() => {
      if (this.inflight.get(key) === pending) this.inflight.delete(key);
    });
    this.inflight.set(key, pending);
    return pending;
  }
}

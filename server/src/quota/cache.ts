// A small read-through cache for the gateway's hot path, as the credential lookup does it
// (credentials/lookup.ts): an answer is kept for GATEWAY_CREDENTIAL_CACHE_MS, calls that find it
// stale together share one read (single flight), and this instance's own writes can forget it at
// once. Another instance's change takes effect within the time to live.
import { GATEWAY_CREDENTIAL_CACHE_MS } from '../../../src/rules/constants.ts';

/** Beyond this many keys the cache starts again (unknown keys are cached too). */
const MAX_ENTRIES = 10_000;

export class TtlCache<V> {
  private readonly entries = new Map<string, { until: number; value: V }>();
  private readonly inflight = new Map<string, Promise<V>>();

  constructor(private readonly ttlMs = GATEWAY_CREDENTIAL_CACHE_MS) {}

  get(key: string, read: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.value);
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = read().then((value) => {
        if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
        this.entries.set(key, { until: Date.now() + this.ttlMs, value });
        return value;
      }).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  clear(): void {
    this.entries.clear();
  }
}

// Versions the store keeps of parts of its data, so an instance may keep answers made of that
// part in memory and know at once when they may have changed, whoever wrote.
import type { Db } from './store.ts';

interface VersionClient {
  query(text: string): Promise<{ rows: Array<{ v: string }> }>;
  /** PGlite's: notifications of its own session arrive as the committing statement returns. */
  listen?(channel: string, callback: (payload: string) => void): Promise<unknown>;
}

const newer = (a: string | undefined, b: string): string => (a !== undefined && BigInt(a) >= BigInt(b) ? a : b);

/** A version the store keeps of a part of its data (migrations 0014, 0016, 0017): every
 * transaction that writes that part bumps it at commit. On PostgreSQL it is read from the store
 * for every request that needs it: a request waits for a read that starts after it arrived (never one already under way, which
 * may predate a write its caller has just seen acknowledged), and one read serves all the
 * requests waiting. The embedded store has one owner, this process, and its client hands over the
 * bump's notification before the writing statement returns: there the version is pushed (no read),
 * once listening has begun. */
export class StoreVersion {
  private waiting: Array<{ resolve(v: string): void; reject(e: unknown): void }> = [];
  private reading = false;
  private pushed: string | undefined;
  private readonly client: VersionClient;
  private readonly text: string;
  /** `name`: the one-row table holding the version, and the channel its bumps are notified on. */
  constructor(db: Db, private readonly name: 'catalogue_version' | 'principals_version') {
    // The driver's own client (pg Pool, PGlite): Drizzle's query path costs more than this
    // statement itself on PGlite.
    this.client = (db as unknown as { $client: VersionClient }).$client;
    this.text = `select version::text as v from ${name} where id = 1`;
  }

  /** Starts following the version by notification where the client can (PGlite). */
  async follow(): Promise<void> {
    if (typeof this.client.listen !== 'function') return;
    await this.client.listen(this.name, (v) => { this.pushed = newer(this.pushed, v); });
    // Any bump from here on is pushed; the one read makes up for those before.
    const read = await this.query();
    this.pushed = newer(this.pushed, read);
  }

  /** True once bumps arrive by notification (the embedded store). */
  get following(): boolean {
    return this.pushed !== undefined;
  }

  read(): Promise<string> {
    if (this.pushed !== undefined) return Promise.resolve(this.pushed);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.reading) void this.drain();
    });
  }

  private async query(): Promise<string> {
    return (await this.client.query(this.text)).rows[0]?.v ?? '0';
  }

  private async drain(): Promise<void> {
    this.reading = true;
    while (this.waiting.length) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        const v = await this.query();
        for (const w of batch) w.resolve(v);
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    this.reading = false;
  }
}

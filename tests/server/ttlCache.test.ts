// The gateway's read-through cache (server/src/ttlCache.ts): single flight, refresh ahead of
// expiry without making callers wait, never an answer older than its time to live, and a forget
// that a read already under way cannot undo.
import { describe, expect, it } from 'vitest';
import { TtlCache } from '../../server/src/ttlCache.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A read that answers the store's current value after `ms`, counting its calls. */
function store(ms = 0) {
  const s = { value: 1, reads: 0, read: async () => { s.reads++; const v = s.value; await sleep(ms); return v; } };
  return s;
}

describe('TtlCache', () => {
  it('shares one read between callers arriving together', async () => {
    const cache = new TtlCache<number>(1000);
    const s = store(20);
    expect(await Promise.all([cache.get('k', s.read), cache.get('k', s.read), cache.get('k', s.read)])).toEqual([1, 1, 1]);
    expect(s.reads).toBe(1);
  });

  it('past half its life, serves the answer at once and reads again in the background', async () => {
    const cache = new TtlCache<number>(200);
    const s = store(30);
    await cache.get('k', s.read);
    s.value = 2;
    await sleep(110);
    const started = performance.now();
    expect(await cache.get('k', s.read)).toBe(1); // not waiting for the read under way
    expect(performance.now() - started).toBeLessThan(20);
    expect(s.reads).toBe(2);
    await sleep(50);
    expect(await cache.get('k', s.read)).toBe(2);
    expect(s.reads).toBe(2);
  });

  it('never serves an answer past its time to live: an idle key is read again, and callers wait for it', async () => {
    const cache = new TtlCache<number>(60);
    const s = store(10);
    await cache.get('k', s.read);
    s.value = 3;
    await sleep(80);
    expect(await cache.get('k', s.read)).toBe(3);
    expect(s.reads).toBe(2);
  });

  it('keeps nothing a read brings back when the cache was told to forget meanwhile', async () => {
    const cache = new TtlCache<number>(1000);
    const s = store(30);
    const first = cache.get('k', s.read);
    s.value = 4;
    cache.forget((_v, key) => key === 'k');
    expect(await first).toBe(1); // its caller gets what it asked for...
    expect(await cache.get('k', s.read)).toBe(4); // ...but the next one reads again
    expect(s.reads).toBe(2);
  });

  it('lets no caller arriving after a forget share a read that started before it', async () => {
    const cache = new TtlCache<number>(1000);
    const s = store(30);
    const first = cache.get('k', s.read);
    s.value = 7;
    cache.forget((_v, key) => key === 'k');
    const second = cache.get('k', s.read);
    expect([await first, await second]).toEqual([1, 7]);
    expect(s.reads).toBe(2);
    expect(await cache.get('k', s.read)).toBe(7); // the fresh read is kept, not dropped by the old one's end
    expect(s.reads).toBe(2);
  });

  it('forgets only the matching keys', async () => {
    const cache = new TtlCache<number>(1000);
    const a = store();
    const b = store();
    await cache.get('a', a.read);
    await cache.get('b', b.read);
    cache.forget((_v, key) => key === 'a');
    await cache.get('a', a.read);
    await cache.get('b', b.read);
    expect([a.reads, b.reads]).toEqual([2, 1]);
  });

  it('keeps a failed background read from losing the answer still valid', async () => {
    const cache = new TtlCache<number>(200);
    await cache.get('k', async () => 5);
    await sleep(110);
    expect(await cache.get('k', async () => { throw new Error('store down'); })).toBe(5);
    await sleep(10);
    expect(await cache.get('k', async () => 6)).toBe(5);
  });
});

// Placeholder until the demo seed lands (the seed helper replaces this file).
import type { Db } from '../src/db/store.ts';
export async function isSeeded(_db: Db): Promise<boolean> { return false; }
export async function seedDemo(_db: Db): Promise<{ accounts: Array<{ email: string; password: string; role: string }> }> {
  return { accounts: [] };
}

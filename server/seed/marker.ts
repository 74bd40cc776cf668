// Whether the demo catalogue is in a store, in a module of its own: `npm run import` asks it on
// every run, and loads the seed's modules (~1 s of CPU) only when the store is empty.
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/store.ts';
import * as schema from '../src/db/schema.ts';

/** The product every seed has; its presence means the demo catalogue is in the store. */
const MARKER_PRODUCT = 'prod-payments';

export async function isSeeded(db: Db): Promise<boolean> {
  const found = await db.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.id, MARKER_PRODUCT));
  return found.length > 0;
}

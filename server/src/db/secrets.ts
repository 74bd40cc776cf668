// Server secrets (token signing key, encryption keys) kept in the database rather than in one
// process, so every instance on the same store signs and verifies with the same key.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './store.ts';
import { serverSecrets } from './schema.ts';

/** Returns the named secret, creating a random one (32 bytes, base64url) on first use. When two
 * instances race, the first insert wins and both read the same value. */
export async function getOrCreateSecret(db: Db, name: string): Promise<string> {
  await db.insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}

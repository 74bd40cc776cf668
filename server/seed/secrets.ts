// Real secrets for the seeded credentials: generated and sealed like the provisioning job does
// (server/src/credentials/provisioning.ts), inside the seed's transaction, with the store's
// secrets key (or SECRETS_KEY). Provisioned rows keep their seeded dates, state and status; a row
// seeded pending stays pending and gets its provisioning job, as a new credential would.
import type * as schema from '../src/db/schema.ts';
import type { SecretBox } from '../src/credentials/crypto.ts';
import { generate, PROVISION_JOB, ProvisionError, provisionedColumns } from '../src/credentials/provisioning.ts';

type CredentialRow = typeof schema.credentials.$inferInsert;
type JobRow = typeof schema.jobs.$inferInsert;

/** A self-signed client certificate (EC P-256, CN=thermo-0042.acme.test, valid to 2036). */
export const SEED_CLIENT_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBlDCCATugAwIBAgIUL93hb50Y5UKUsNy8vtiIJx4qV9AwCgYIKoZIzj0EAwIw
IDEeMBwGA1UEAwwVdGhlcm1vLTAwNDIuYWNtZS50ZXN0MB4XDTI2MTEyNTA1NTY1
OVoXDTM2MTEyMjA1NTY1OVowIDEeMBwGA1UEAwwVdGhlcm1vLTAwNDIuYWNtZS50
ZXN0MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEvMmunB+soF0qNKK10RRSBDpA
hzqRXx4iYxvLSLPgPeEynx7xkZOMktV6KN9nMlWAMPjWRwovlLBxGfNIZjZr3aNT
MFEwHQYDVR0OBBYEFKjSfnT92VJnZZ6eehCNglsd/F3qMB8GA1UdIwQYMBaAFKjS
fnT92VJnZZ6eehCNglsd/F3qMA8GA1UdEwEB/wQFMAMBAf8wCgYIKoZIzj0EAwID
RwAwRAIgMwzbYXjtKy/LtD4JahibKUrGgzuaHm8y8TsFocNrSmkCID2i1jKJDvDY
Q6F19SnBhghwql1b7aBIOBwGgJs16bGB
-----END CERTIFICATE-----
`;

/** The rows with secrets, lookup keys and hashes, and the jobs of rows still pending. */
export function sealSeedCredentials(
  rows: CredentialRow[], box: SecretBox, visibilityMsOf: (definitionId: string) => number, now: Date,
): { credentials: CredentialRow[]; jobs: JobRow[] } {
  const jobs: JobRow[] = [];
  const credentials = rows.map((row) => {
    const status = row.provisioningStatus ?? 'pending';
    if (status === 'pending') {
      jobs.push({ kind: PROVISION_JOB, payload: { credentialId: row.id, secretVersion: row.secretVersion ?? 1 }, runAt: now });
      return row;
    }
    const at = row.provisionedAt ?? row.createdAt ?? now;
    try {
      const p = generate(row.crdType, (row.data ?? {}) as Record<string, unknown>, {}, at);
      const columns = provisionedColumns(p, box, at, visibilityMsOf(row.credentialRequestDefinitionId));
      return { ...row, ...columns, provisioningState: row.provisioningState ?? 'active', provisioningStatus: 'success', modifiedAt: row.modifiedAt ?? at };
    } catch (e) {
      if (!(e instanceof ProvisionError)) throw e;
      return { ...row, provisioningStatus: 'error', lookupKey: null, provisioningData: { error: e.message } };
    }
  });
  return { credentials, jobs };
}

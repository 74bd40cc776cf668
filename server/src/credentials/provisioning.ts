// Asynchronous provisioning (spec 2 §4: a credential starts pending): create and rotate leave the
// credential pending with no lookup key; the job 'credential.provision' generates its secret,
// seals it, sets the lookup key and hash and moves the status to success (or error with a reason).
// 'credential.delete' removes a credential left in state deleting.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/store.ts';
import type { Clock } from '../clock.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { credentialRequestDefinitions, credentials } from '../db/schema.ts';
import {
  certificateFingerprint, lookupKeys, newApiKey, newClientId, newClientSecret, newPassword, sha256, type SecretBox,
} from './crypto.ts';
import type { CredentialsRuntime } from './runtime.ts';

export const PROVISION_JOB = 'credential.provision';
export const DELETE_JOB = 'credential.delete';

/** Where OAuth clients get their tokens (the path under this server). */
export const TOKEN_PATH = '/api/v1/oauth/token';

export interface Provisioned {
  /** Secret values, sealed before storing; null when the type has none (MutualTLS). */
  secret: Record<string, string> | null;
  /** Non-secret provisioned values (shown without decrypt). */
  data: Record<string, unknown>;
  lookupKey: string;
  secretHash: string | null;
}

/** A reason the credential cannot be provisioned (status error), not a crash of the job. */
export class ProvisionError extends Error {}

/** Secrets of a new (or rotated) credential of `crdType`, from the consumer's data and what was
 * provisioned before (a rotation keeps the OAuth client id and the HTTPBasic username). */
export function generate(crdType: string, data: Record<string, unknown>, previous: Record<string, unknown>, now: Date): Provisioned {
  switch (crdType) {
    case 'APIKey': {
      const apiKey = newApiKey();
      return { secret: { apiKey }, data: { header: 'X-API-Key' }, lookupKey: lookupKeys.apiKey(apiKey), secretHash: null };
    }
    case 'OAuth': {
      const clientId = typeof previous.clientId === 'string' && previous.clientId.startsWith('agc_') ? previous.clientId : newClientId();
      const clientSecret = newClientSecret();
      return {
        secret: { clientSecret }, data: { clientId, tokenUrl: TOKEN_PATH },
        lookupKey: lookupKeys.oauth(clientId), secretHash: sha256(clientSecret),
      };
    }
    case 'HTTPBasic': {
      const username = String(data.username ?? '');
      if (!username) throw new ProvisionError('The credential has no username.');
      const password = newPassword();
      return { secret: { password }, data: { username }, lookupKey: lookupKeys.basic(username), secretHash: sha256(password) };
    }
    case 'MutualTLS': {
      const cert = certificateFingerprint(String(data.certificate ?? ''));
      if (!cert) throw new ProvisionError('The client certificate could not be read.');
      if (cert.validTo.getTime() <= now.getTime()) throw new ProvisionError(`The client certificate expired on ${cert.validTo.toISOString()}.`);
      const wanted = typeof data.commonName === 'string' ? data.commonName.trim() : '';
      if (wanted && cert.commonName !== wanted) {
        throw new ProvisionError(`The certificate is issued to CN=${cert.commonName ?? '(none)'}, not to the common name asked for, ${wanted}.`);
      }
      return {
        secret: null, data: { certificate: String(data.certificate), fingerprint: cert.fingerprint },
        lookupKey: lookupKeys.mtls(cert.fingerprint), secretHash: null,
      };
    }
    default:
      throw new ProvisionError(`Credentials of type ${crdType} cannot be provisioned.`);
  }
}

/** The columns a provisioned credential gets (job and seed alike). */
export function provisionedColumns(p: Provisioned, box: SecretBox, now: Date, visibilityMs: number) {
  return {
    provisioningStatus: 'success', provisioningState: 'active',
    secretEncrypted: p.secret ? box.seal(p.secret) : null,
    secretHash: p.secretHash, lookupKey: p.lookupKey, provisioningData: p.data,
    provisionedAt: now, visibleUntil: new Date(now.getTime() + visibilityMs), modifiedAt: now,
  };
}

const isUniqueViolation = (e: unknown) => /duplicate key|unique/i.test(String((e as { message?: string })?.message ?? e))
  || (e as { code?: string })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

export async function provision(rt: CredentialsRuntime, db: Db, clock: Clock, credentialId: string, version: number): Promise<void> {
  const [c] = await db.select().from(credentials).where(eq(credentials.id, credentialId));
  // Deleted, rotated again since, or already done: nothing to do (jobs may run twice).
  if (!c || c.state === 'deleting' || c.provisioningStatus !== 'pending' || c.secretVersion !== version) return;
  const [def] = await db.select({ policies: credentialRequestDefinitions.policies }).from(credentialRequestDefinitions)
    .where(eq(credentialRequestDefinitions.id, c.credentialRequestDefinitionId));
  const visibilityMs = Number((def?.policies as { visibilityMs?: number } | undefined)?.visibilityMs) || 0;
  const now = clock.now();
  const mine = and(eq(credentials.id, credentialId), eq(credentials.secretVersion, version), eq(credentials.provisioningStatus, 'pending'));
  const fail = async (reason: string) => {
    await db.update(credentials).set({
      provisioningStatus: 'error', provisioningData: { ...(c.provisioningData as object), error: reason }, lookupKey: null, modifiedAt: now,
    }).where(mine);
  };
  let p: Provisioned;
  try {
    p = generate(c.crdType, c.data as Record<string, unknown>, c.provisioningData as Record<string, unknown>, now);
  } catch (e) {
    if (e instanceof ProvisionError) return fail(e.message);
    throw e;
  }
  try {
    await db.update(credentials).set(provisionedColumns(p, await rt.box(), now, visibilityMs)).where(mine);
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    await fail(c.crdType === 'HTTPBasic' ? 'This username is already used by another credential.' : 'This certificate is already used by another credential.');
  }
  rt.lookup.evict(credentialId);
}

export function registerCredentialJobs(jobs: JobRunner, rt: CredentialsRuntime): void {
  jobs.register(PROVISION_JOB, async (payload, ctx) => {
    await provision(rt, ctx.db, ctx.clock, String(payload.credentialId), Number(payload.secretVersion));
  });
  jobs.register(DELETE_JOB, async (payload, ctx) => {
    const id = String(payload.credentialId);
    await ctx.db.delete(credentials).where(and(eq(credentials.id, id), eq(credentials.state, 'deleting')));
    rt.lookup.evict(id);
  });
}


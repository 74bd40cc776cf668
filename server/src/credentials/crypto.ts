// Secrets of credentials: generated here (crypto.randomBytes), sealed with AES-256-GCM before they
// reach the store, hashed (SHA-256) for the gateway's lookup so the hot path never decrypts.
import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual, X509Certificate } from 'node:crypto';
import type { Db } from '../db/store.ts';
import { getOrCreateSecret } from '../db/secrets.ts';

/** server_secrets row holding the key when SECRETS_KEY is not set. */
export const SECRETS_KEY_NAME = 'credentials.secrets-key';
const VERSION = 'v1';

/** Seals and opens the secret values of one credential ({apiKey} | {clientSecret} | {password}). */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url: a fresh 96-bit IV per seal. */
  seal(values: Record<string, string>): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** Throws when the text was not sealed with this key (or was altered). */
  open(sealed: string): Record<string, string> {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    return JSON.parse(text) as Record<string, string>;
  }
}

/** The box with the configured key (SECRETS_KEY), else the one kept in the store (made once). */
export async function secretBoxFor(db: Db, configured?: Buffer): Promise<SecretBox> {
  return new SecretBox(configured ?? Buffer.from(await getOrCreateSecret(db, SECRETS_KEY_NAME), 'base64url'));
}

export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export const newApiKey = () => `agk_${randomBytes(32).toString('base64url')}`;
export const newClientId = () => `agc_${randomBytes(16).toString('hex')}`;
export const newClientSecret = () => randomBytes(32).toString('base64url');
export const newPassword = () => randomBytes(24).toString('base64url');

/** SHA-256 fingerprint (lower-case hex) of a PEM certificate's DER, or null when it is not one. */
export function certificateFingerprint(pem: string): { fingerprint: string; validTo: Date; commonName: string | null } | null {
  try {
    const cert = new X509Certificate(pem);
    const cn = /(?:^|\n)CN=([^\n]+)/.exec(cert.subject)?.[1] ?? null;
    return { fingerprint: sha256(cert.raw), validTo: new Date(cert.validTo), commonName: cn };
  } catch {
    return null;
  }
}

/** The lookup key of each kind of credential (credentials.lookup_key, unique). */
export const lookupKeys = {
  apiKey: (key: string) => `apikey:${sha256(key)}`,
  basic: (username: string) => `basic:${username}`,
  oauth: (clientId: string) => `oauth:${clientId}`,
  mtls: (fingerprint: string) => `mtls:${fingerprint.toLowerCase()}`,
};

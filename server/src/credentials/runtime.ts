// What the credential routes, their jobs and the runtime gateway share on one instance: the
// secrets box, the key of the gateway's access tokens and the lookup cache. Kept per store
// (app.db is the jobs' db too), so every route module and job of one app reaches the same one.
import type { Db } from '../db/store.ts';
import { getOrCreateSecret } from '../db/secrets.ts';
import { GATEWAY_MTLS_HEADER_DEFAULT } from '../../../src/rules/constants.ts';
import { secretBoxFor, type SecretBox } from './crypto.ts';
import { CredentialLookup } from './lookup.ts';

export interface CredentialsOptions {
  /** SECRETS_KEY: 32 bytes; else one generated once and kept in server_secrets. */
  secretsKey?: Buffer | undefined;
  /** GATEWAY_MTLS_HEADER: where the TLS-terminating proxy puts the client certificate's hash. */
  mtlsHeader?: string | undefined;
}

/** server_secrets row of the HS256 key signing POST /oauth/token's access tokens (not the portal's). */
export const TOKEN_KEY_NAME = 'gateway.token-key';

export interface CredentialsRuntime {
  box(): Promise<SecretBox>;
  tokenKey(): Promise<Uint8Array>;
  lookup: CredentialLookup;
  mtlsHeader: string;
}

const runtimes = new WeakMap<Db, CredentialsRuntime>();

export function credentialsRuntime(db: Db, options: CredentialsOptions = {}): CredentialsRuntime {
  let rt = runtimes.get(db);
  if (!rt) {
    let box: Promise<SecretBox> | undefined;
    let key: Promise<Uint8Array> | undefined;
    rt = {
      box: () => (box ??= secretBoxFor(db, options.secretsKey)),
      tokenKey: () => (key ??= getOrCreateSecret(db, TOKEN_KEY_NAME).then((s) => new Uint8Array(Buffer.from(s, 'base64url')))),
      lookup: new CredentialLookup(db),
      mtlsHeader: (options.mtlsHeader || GATEWAY_MTLS_HEADER_DEFAULT).toLowerCase(),
    };
    runtimes.set(db, rt);
  }
  return rt;
}

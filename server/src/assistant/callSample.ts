// "How do I call it": the operation meant, as curl and Python, from the one code-sample generator
// the explorer uses (src/rules/codeSamples.ts), sent to the gateway with the caller's credential
// named but never shown: the code reads it from an environment variable (issues 29 and 30).
import { CREDENTIAL_ENV, codeSample, type SampleCredential, type SampleRequest } from '../../../src/rules/codeSamples.ts';
import type { CredentialType } from '../../../src/rules/credentials.ts';
import type { Translate } from '../messages.ts';
import type { OperationHit } from './retrieve.ts';
import { gatewayPath } from '../gateway/paths.ts';

/** What the answer needs beyond the passages: where the caller reaches the API (the portal's
 * origin and the API base), and their credential for the resource, by name (null: none yet). */
export interface CallContext {
  origin: string;
  apiBase: string;
  credential: { title: string; application: string; crdType: CredentialType } | null;
}

/** Questions asking for code: the samples are added to the operation's answer. */
export const CODE_WORDS = /\b(curl|code|samples?|snippets?|python|javascript|node(\.js)?|how (do|can|would) (i|we) call)\b/i;

/** The credential as the gateway takes it (server/src/gateway/runtime.ts); a client certificate
 * (MutualTLS) travels outside the request. No credential yet: an API key, the common case. */
function sampleCredential(type: CredentialType | undefined): SampleCredential | null {
  switch (type) {
    case 'HTTPBasic': return { kind: 'basic' };
    case 'OAuth': return { kind: 'bearer' };
    case 'MutualTLS': return null;
    default: return { kind: 'apiKey', in: 'header', name: 'X-API-Key' };
  }
}

const VARIABLES: Record<SampleCredential['kind'], string> = {
  apiKey: CREDENTIAL_ENV.apiKey,
  basic: `${CREDENTIAL_ENV.username} / ${CREDENTIAL_ENV.password}`,
  bearer: CREDENTIAL_ENV.token,
};

/** The lines of the answer: which credential goes into which variable, then the two samples. */
export function callSampleLines(o: OperationHit, body: string | null, call: CallContext, t: Translate): string[] {
  const credential = sampleCredential(call.credential?.crdType);
  const request: SampleRequest = {
    method: o.method.toUpperCase(),
    server: `${call.origin}${gatewayPath(call.apiBase, o.productId, o.versionId, o.resourceId)}`,
    path: o.path,
    body: body ? { contentType: 'application/json', text: body } : null,
    credential,
  };
  const variable = credential ? VARIABLES[credential.kind] : '';
  const intro = !credential ? t('assistant.answer.callCertificate')
    : call.credential ? t('assistant.answer.callWith', { credential: call.credential.title, application: call.credential.application, variable })
      : t('assistant.answer.callWithout', { variable });
  return [intro, `\`\`\`bash\n${codeSample(request, 'curl')}\n\`\`\``, `\`\`\`python\n${codeSample(request, 'python')}\n\`\`\``];
}

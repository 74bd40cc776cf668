// <agora-credentials credential-id="…" application-id="…" resource-id="…" product-id="…" version-id="…">:
// the signed-in user's credentials (spec 2 §2): every credential, or one application's or one
// resource's with application-id or resource-id; credential-id opens its detail panel.
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-credentials', () => import('../src/screens/credentials/CredentialsScreen.tsx'), {
  credentialId: 'string',
  applicationId: 'string',
  resourceId: 'string',
  productId: 'string',
  versionId: 'string',
}, { sections: ['credentials', 'applications'] });

// <agora-credentials>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The signed-in user's credentials (spec 2 §2): every credential, or one application's or one
 * resource's; credential-id opens its detail panel.
 * Usage: `<agora-credentials credential-id="…" application-id="…" resource-id="…">`
 * @fires agora-credential-created
 */
defineElement('agora-credentials', () => import('../src/screens/credentials/CredentialsScreen.tsx'), {
  /** Opens this credential's detail panel. */
  credentialId: 'string',
  /** Shows only this application's credentials (and creates new ones for it). */
  applicationId: 'string',
  /** Shows only the credentials giving access to this API resource. */
  resourceId: 'string',
  /** The product of resource-id (with version-id, to create a credential for it). */
  productId: 'string',
  /** The product version of resource-id. */
  versionId: 'string',
}, { sections: ['credentials', 'applications'] });

// <agora-access-wizard>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The Request Access wizard of one product (spec 2 §2), optionally with the application and the
 * subscription already chosen.
 * Usage: `<agora-access-wizard product-id="prod-payments" application-id="…" subscription-id="…" resource-id="…">`
 * @fires agora-application-created
 */
defineElement('agora-access-wizard', () => import('../src/screens/wizard/AccessWizard.tsx'), {
  /** The product access is requested for (required). */
  productId: 'string',
  /** The application chosen in advance (its profile step is then filled). */
  applicationId: 'string',
  /** The subscription chosen in advance. */
  subscriptionId: 'string',
  /** A resource of the product selected in advance (the page the user came from). */
  resourceId: 'string',
}, { sections: ['wizard', 'applications'] });

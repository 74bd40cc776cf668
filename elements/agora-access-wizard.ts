// <agora-access-wizard product-id="prod-payments" application-id="…" subscription-id="…">: the
// Request Access wizard of one product (spec 2 §2), optionally with the application and the
// subscription already chosen.
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-access-wizard', () => import('../src/screens/wizard/AccessWizard.tsx'), {
  productId: 'string',
  applicationId: 'string',
  subscriptionId: 'string',
}, { sections: ['wizard', 'applications'] });

// <agora-access-requests registration-id="…" resource-id="…">: the access requests the signed-in
// user sees (spec 2 §2), or one resource's with resource-id; registration-id opens its detail panel.
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-access-requests', () => import('../src/screens/registrations/RegistrationsScreen.tsx'), {
  registrationId: 'string',
  resourceId: 'string',
}, { sections: ['registrations', 'applications'] });

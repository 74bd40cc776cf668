// <agora-access-requests>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The access requests the signed-in user sees (spec 2 §2), or one resource's; opens one request's
 * detail panel with registration-id.
 * Usage: `<agora-access-requests registration-id="…" resource-id="…">`
 */
defineElement('agora-access-requests', () => import('../src/screens/registrations/RegistrationsScreen.tsx'), {
  /** Opens this access request's detail panel. */
  registrationId: 'string',
  /** Shows only the access requests of this API resource. */
  resourceId: 'string',
}, { sections: ['registrations', 'applications'] });

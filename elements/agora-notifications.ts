// <agora-notifications>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The signed-in user's notification settings: per kind (a request waits, a decision, an invoice, a
 * credential about to expire…), whether the marketplace sends an e-mail.
 * Usage: `<agora-notifications>`
 */
defineElement('agora-notifications', () => import('../src/screens/notifications/Notifications.tsx'), {}, { sections: ['notifications'] });

// <agora-insights>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The consumer insights of spec 3 §2.5 for the signed-in user, computed from the gateway's calls:
 * API health, usage by application or by subscription, API traffic with a transaction's detail
 * panel, subscription compliance.
 * Usage: `<agora-insights view="traffic" transaction-id="…">`
 */
defineElement('agora-insights', () => import('../src/screens/insights/Insights.tsx'), {
  /** Which view: health, application, subscription, traffic or compliance. @default health */
  view: 'string',
  /** With view="traffic": the transaction whose detail panel is open. */
  transactionId: 'string',
  /** With view="traffic": the application whose calls are shown (its id). */
  applicationId: 'string',
  /** With view="traffic": that application's title, shown in the application filter. */
  application: 'string',
  /** With view="traffic": only refused calls, 'any' or one refusal reason. */
  refusal: 'string',
  /** With view="traffic": the start of a custom range (an ISO date-time; with `to`). */
  from: 'string',
  /** With view="traffic": the end of that custom range (an ISO date-time). */
  to: 'string',
}, { sections: ['insights'] });

// <agora-insights view="health|application|subscription|traffic|compliance" transaction-id="…">:
// the consumer insights of spec 3 §2.5 (API health, usage by application or subscription, API
// traffic with a transaction's detail panel, subscription compliance) for the signed-in user.
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-insights', () => import('../src/screens/insights/Insights.tsx'), {
  view: 'string',
  transactionId: 'string',
}, { sections: ['insights'] });

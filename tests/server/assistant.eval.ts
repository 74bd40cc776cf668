// The assistant's evaluation set over the demo catalogue (server/seed/): questions with the
// references a correct answer must cite (any one of them among the first 3 counts), and questions
// about things the catalogue does not have (the answer must say it found nothing). Read by
// assistant.eval.test.ts (≥ 90 % top-3, all 5 nothing-found) and bench/assistant.ts.

export interface EvalQuestion { q: string; cite: string[] }

/** Ids of the product, resource or document a correct answer cites. */
export const COVERED: EvalQuestion[] = [
  { q: 'How do I refund a payment?', cite: ['res-payments', 'res-payments-compat', 'res-payments-sandbox'] },
  { q: 'How can I capture an authorised payment?', cite: ['res-payments', 'res-payments-compat', 'res-payments-sandbox'] },
  { q: 'Cancel a payment before it is captured', cite: ['res-payments', 'res-payments-compat', 'res-payments-sandbox'] },
  { q: 'Which API accepts card and wallet payments?', cite: ['prod-payments', 'res-payments'] },
  { q: 'How do I freeze a card?', cite: ['res-card-issuing'] },
  { q: 'List the cardholders of my program', cite: ['res-card-issuing'] },
  { q: 'How do I send an SMS?', cite: ['prod-sms', 'res-sms'] },
  { q: 'How do I send a transactional email with a template?', cite: ['res-email', 'prod-email', 'res-email-templates-legacy'] },
  { q: 'Create an email template', cite: ['res-email', 'res-email-templates-legacy'] },
  { q: 'How do I get the weather forecast for a city?', cite: ['prod-weather', 'res-weather'] },
  { q: 'Severe weather alerts', cite: ['prod-weather', 'res-weather'] },
  { q: 'Turn an address into coordinates', cite: ['prod-geocoding', 'res-geocoding'] },
  { q: 'Validate a postal address', cite: ['res-geocoding', 'prod-geocoding'] },
  { q: 'How do I book an appointment with a practitioner?', cite: ['res-appointments', 'prod-appointments'] },
  { q: 'Cancel an appointment', cite: ['res-appointments'] },
  { q: 'How do I toggle a feature flag?', cite: ['res-feature-flags', 'prod-feature-flags'] },
  { q: 'Gradual rollouts and kill switches', cite: ['prod-feature-flags', 'res-feature-flags'] },
  { q: 'Register a vehicle in my delivery fleet', cite: ['res-fleet', 'prod-fleet'] },
  { q: 'List the drivers of the fleet', cite: ['res-fleet'] },
  { q: 'Score a sign-up for fraud risk', cite: ['prod-fraud-signals', 'res-fraud-signals'] },
  { q: 'Create a fraud rule', cite: ['res-fraud-signals'] },
  { q: 'Historical foreign exchange rates', cite: ['prod-fx-rates', 'res-fx-rates'] },
  { q: 'Suspend a user in single sign-on', cite: ['res-identity', 'prod-identity'] },
  { q: 'Stock levels across warehouses', cite: ['prod-inventory', 'res-inventory'] },
  { q: 'Receive telemetry measurements from a device', cite: ['res-iot-telemetry', 'prod-iot-telemetry'] },
  { q: 'Send a command to a device over MQTT', cite: ['res-iot-telemetry', 'prod-iot-telemetry'] },
  { q: 'Verify an identity document with liveness checks', cite: ['prod-kyc', 'res-kyc'] },
  { q: 'Reward customers with loyalty points', cite: ['prod-loyalty', 'res-loyalty'] },
  { q: 'Read account balances with customer consent', cite: ['prod-open-banking', 'res-open-banking'] },
  { q: 'Revoke a consent', cite: ['res-open-banking'] },
  { q: 'Order events on Kafka', cite: ['prod-order-events', 'res-order-events'] },
  { q: 'Read patient encounters in FHIR', cite: ['res-patient-records', 'prod-patient-records'] },
  { q: 'Find pets by status', cite: ['res-petstore'] },
  { q: 'Send a prescription to a pharmacy', cite: ['res-pharmacy', 'prod-pharmacy'] },
  { q: 'Create a product variant', cite: ['res-product-catalog'] },
  { q: 'Send a push notification to iOS users', cite: ['prod-push', 'res-push'] },
  { q: 'Approve a return request', cite: ['res-returns'] },
  { q: 'Distance matrix for trucks', cite: ['res-routing', 'prod-routing'] },
  { q: 'Track a parcel', cite: ['res-shipping', 'prod-shipping'] },
  { q: 'Compare carrier rates and buy a label', cite: ['res-shipping', 'prod-shipping'] },
  { q: 'Headless commerce carts and checkout over GraphQL', cite: ['prod-storefront', 'res-storefront'] },
  { q: 'Trigger a CI build and download artifacts', cite: ['prod-ci-pipelines', 'res-ci-pipelines'] },
  { q: 'Schedule analytics exports to BigQuery', cite: ['prod-analytics-export', 'res-analytics-export'] },
  { q: 'What plans does the Payments API have?', cite: ['prod-payments', 'res-payments', 'res-payments-compat', 'res-payments-sandbox'] },
  { q: 'How do I get credentials for the Weather Forecast API?', cite: ['doc-weather-3-guide-s0-a0', 'doc-weather-3-guide', 'prod-weather', 'res-weather'] },
];

/** Things the demo catalogue does not have. */
export const UNCOVERED: string[] = [
  'How do I book a flight with an airline?',
  'Translate speech into subtitles',
  'Cryptocurrency mining pool statistics',
  'Recipe nutrition calories lookup',
  'Satellite imagery of volcanoes',
];

export const CATALOGUE_KINDS = new Set(['product', 'resource', 'article', 'documents']);

export interface Scored { hits: number; total: number; misses: Array<{ q: string; got: string[] }> }

/** Top-3 score: the first three references of each answer against the ids it must cite. */
export function scoreTop3(answers: Array<{ q: string; cite: string[]; refs: Array<{ id: string }> }>): Scored {
  const misses: Scored['misses'] = [];
  let hits = 0;
  for (const a of answers) {
    const top = a.refs.slice(0, 3).map((r) => r.id);
    if (top.some((id) => a.cite.includes(id))) hits++;
    else misses.push({ q: a.q, got: top });
  }
  return { hits, total: answers.length, misses };
}

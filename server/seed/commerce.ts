// Plans of every pricing model, and what consumers did with them: subscriptions in every
// approval state and lifecycle state, invoices, applications, profiles, credentials, access
// requests and reviews (with products.rating_* computed from the approved ones).
import type * as schema from '../src/db/schema.ts';
import { freePlanRows, TRANSACTIONS_UNIT, type NewPlan, type NewQuota } from '../src/publish/rows.ts';
import { UNLIMITED_LIMIT, UNLIMITED_THRESHOLD } from '../../src/rules/constants.ts';
import { ORG, TEAM, USER, SPECIAL_TAG } from './accounts.ts';
import { at } from './clock.ts';
import { historyOf } from '../src/subscriptions/history.ts';
import type { SeededProduct } from './catalogue.ts';
import { iconSvg } from './media.ts';
import { choices } from './definitions.ts';
import { SEED_CLIENT_CERTIFICATE } from './secrets.ts';
import { checkoutLink } from '../src/billing/billing.ts';
import { toMinor } from '../../src/rules/billing.ts';
import { accessRequestTitle } from '../../src/rules/wizard.ts';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export const UNITS = [
  TRANSACTIONS_UNIT,
  { name: 'megabytes', title: 'Megabytes' },
  { name: 'messages', title: 'Messages' },
  { name: 'emails', title: 'E-mails' },
];

export const subscriptionRequestDefinitions: Array<Row<typeof schema.subscriptionRequestDefinitions>> = [
  {
    id: 'srd-usage', title: 'About your project',
    schema: {
      type: 'object', required: ['useCase'],
      properties: {
        useCase: { type: 'string', title: 'Use case', ...choices([['research', 'Research'], ['education', 'Education'], ['non_profit', 'Non-profit work'], ['commercial', 'Commercial product']]), 'x-agora-widget': 'select' },
        expectedMonthlyCalls: { type: 'integer', title: 'Expected calls per month', minimum: 0, maximum: 10_000_000 },
        website: { type: 'string', format: 'uri', title: 'Project website', 'x-agora-placeholder': 'https://example.org' },
      },
    },
  },
  {
    id: 'srd-enterprise', title: 'Enterprise agreement',
    schema: {
      type: 'object', required: ['companyName', 'vatNumber', 'acceptsDpa'],
      properties: {
        // x-agora-order: a jsonb object keeps its keys shortest first, not in the order written here.
        companyName: { type: 'string', title: 'Legal company name', maxLength: 200, 'x-agora-order': 1 },
        vatNumber: { type: 'string', title: 'VAT number', pattern: '^[A-Z]{2}[A-Z0-9]{2,13}$', 'x-agora-placeholder': 'FR40303265045', 'x-agora-order': 2 },
        expectedVolume: { type: 'string', title: 'Expected monthly volume', ...choices([['< 1M', 'Under 1 million calls'], ['1M – 10M', '1 to 10 million calls'], ['> 10M', 'Over 10 million calls']]), 'x-agora-order': 3 },
        contactPhone: { type: 'string', title: 'Contact phone', 'x-agora-order': 4 },
        acceptsDpa: { type: 'boolean', title: 'I accept the data processing agreement', const: true, 'x-agora-order': 5 },
      },
    },
  },
];

const paid = (price: number, interval: string, setupPrice = 0, currency = 'USD') => ({ price, currency, interval, setupPrice });
const fixed = (value: number, type: 'strict' | 'loose' | 'tiered' | 'perunit', interval: string, overages = 0) =>
  ({ type: 'fixed', interval, limit: { value, type, overages } });
const tiers = (type: 'volume' | 'graduated', interval: string, list: Array<[from: number, to: number | null, cost: number, flatFee: number]>) =>
  ({ type, interval, limit: { tiers: list.map(([from, to, cost, flatFee]) => ({ from, to, cost, flatFee })) } });

interface PlanDef {
  plan: Omit<NewPlan, 'productId' | 'id'> & { id: string };
  quotas: Array<Omit<NewQuota, 'planId' | 'id' | 'sortOrder'>>;
}

/** Extra plans by product key; every product also has the default free plan of publishing. */
function extraPlans(resources: (key: string) => string): Record<string, PlanDef[]> {
  return {
    payments: [
      {
        plan: { id: 'plan-payments-starter', title: 'Starter', description: '50,000 calls a month; overages billed at $0.002 a call.', type: 'paid', billing: paid(49, 'monthly'), subscription: { intervalType: 'monthly', cycles: 12 }, sortOrder: 1 },
        quotas: [
          { title: 'API calls', unitName: 'transactions', pricing: fixed(50_000, 'loose', 'monthly', 0.002) },
          { title: 'Sandbox calls', unitName: 'transactions', pricing: fixed(10_000, 'strict', 'daily'), assetResourceIds: [resources('payments-sandbox')] },
          { title: 'Report downloads', unitName: 'megabytes', pricing: fixed(1024, 'strict', 'monthly') },
        ],
      },
      {
        plan: { id: 'plan-payments-growth', title: 'Growth', description: 'Volume pricing: the more you process, the less every call costs.', type: 'paid', billing: paid(199, 'monthly', 99), subscription: { intervalType: 'monthly', cycles: 0 }, sortOrder: 2 },
        quotas: [
          { title: 'API calls', unitName: 'transactions', pricing: tiers('volume', 'monthly', [[1, 100_000, 0.002, 0], [100_001, 1_000_000, 0.0015, 25], [1_000_001, null, 0.001, 100]]) },
          { title: 'Webhook deliveries', unitName: 'messages', pricing: fixed(500_000, 'tiered', 'monthly', 0.0004) },
        ],
      },
      {
        plan: { id: 'plan-payments-scale', title: 'Scale (annual)', description: 'Graduated pricing billed yearly, for high-volume platforms.', type: 'paid', billing: paid(4990, 'annually', 0), subscription: { intervalType: 'annually', cycles: 1 }, sortOrder: 3 },
        quotas: [
          { title: 'API calls', unitName: 'transactions', pricing: tiers('graduated', 'annually', [[1, 1_000_000, 0.0012, 0], [1_000_001, 10_000_000, 0.0009, 0], [10_000_001, null, 0.0006, 500]]) },
          { title: 'Burst rate', unitName: 'transactions', pricing: fixed(1_200, 'strict', 'minute') },
        ],
      },
      {
        plan: { id: 'plan-payments-payg', title: 'Pay as you go', description: 'No monthly fee: $0.004 a call, billed monthly.', type: 'paid', billing: paid(0, 'monthly'), subscription: { intervalType: 'monthly', cycles: 0 }, sortOrder: 4 },
        quotas: [
          { title: 'API calls', unitName: 'transactions', pricing: { type: 'perunit', interval: 'monthly', limit: { cost: 0.004 } } },
          { title: 'Dispute evidence uploads', unitName: 'megabytes', pricing: fixed(200, 'perunit', 'monthly', 0.05) },
        ],
      },
      {
        plan: {
          id: 'plan-payments-enterprise', title: 'Enterprise', description: 'Unlimited calls, a dedicated account manager and a 99.99% service level. Needs approval.',
          type: 'paid', billing: paid(2500, 'monthly', 1000), subscription: { intervalType: 'monthly', cycles: 24 }, approval: 'manual',
          subscriptionRequestDefinitionId: 'srd-enterprise', specialTag: SPECIAL_TAG, sortOrder: 5,
        },
        quotas: [
          { title: 'API calls', unitName: 'transactions', pricing: { type: 'unlimited', interval: 'monthly', limit: { value: UNLIMITED_LIMIT } } },
          { title: 'Report downloads', unitName: 'megabytes', pricing: fixed(UNLIMITED_THRESHOLD, 'strict', 'monthly') },
        ],
      },
      {
        plan: { id: 'plan-payments-legacy', title: 'Legacy 2023', description: 'No longer offered; existing subscriptions continue.', type: 'paid', state: 'archived', billing: paid(29, 'monthly'), sortOrder: 6 },
        quotas: [{ title: 'API calls', unitName: 'transactions', pricing: fixed(20_000, 'strict', 'monthly') }],
      },
      {
        plan: { id: 'plan-payments-draft', title: 'Marketplace (draft)', description: 'Being prepared for marketplaces with split payments.', type: 'paid', state: 'draft', billing: paid(349, 'monthly'), sortOrder: 7 },
        quotas: [{ title: 'API calls', unitName: 'transactions', pricing: fixed(250_000, 'loose', 'monthly', 0.0015) }],
      },
    ],
    weather: [
      {
        plan: { id: 'plan-weather-pro', title: 'Pro', description: '50,000 calls a day, overages at $0.0005.', type: 'paid', billing: paid(19, 'monthly'), subscription: { intervalType: 'monthly', cycles: 0 }, sortOrder: 1 },
        quotas: [{ title: 'Forecast calls', unitName: 'transactions', pricing: fixed(50_000, 'loose', 'daily', 0.0005) }],
      },
      {
        plan: { id: 'plan-weather-research', title: 'Research', description: 'Free for universities and non-profits, after review.', type: 'free', approval: 'manual', subscriptionRequestDefinitionId: 'srd-usage', sortOrder: 2 },
        quotas: [{ title: 'Forecast calls', unitName: 'transactions', pricing: fixed(20_000, 'strict', 'daily') }],
      },
    ],
    sms: [
      {
        plan: { id: 'plan-sms-payg', title: 'Pay per message', description: '$0.0075 per message segment; at most 3,600 an hour.', type: 'paid', billing: paid(0, 'monthly'), subscription: { intervalType: 'monthly', cycles: 0 }, sortOrder: 1 },
        quotas: [
          { title: 'Messages', unitName: 'messages', pricing: { type: 'perunit', interval: 'monthly', limit: { cost: 0.0075 } } },
          { title: 'Throughput', unitName: 'messages', pricing: fixed(3_600, 'strict', 'hourly') },
        ],
      },
    ],
    'iot-telemetry': [
      {
        plan: { id: 'plan-iot-telemetry-fleet', title: 'Fleet', description: 'Volume pricing on device messages.', type: 'paid', billing: paid(99, 'monthly', 0, 'EUR'), subscription: { intervalType: 'monthly', cycles: 0 }, sortOrder: 1 },
        quotas: [{ title: 'Device messages', unitName: 'messages', pricing: tiers('volume', 'monthly', [[1, 1_000_000, 0.0001, 0], [1_000_001, 50_000_000, 0.00005, 0], [50_000_001, null, 0.00002, 0]]) }],
      },
    ],
    storefront: [
      {
        plan: { id: 'plan-storefront-plus', title: 'Plus (weekly)', description: 'Graduated pricing, billed weekly.', type: 'paid', billing: paid(25, 'weekly'), subscription: { intervalType: 'weekly', cycles: 0 }, sortOrder: 1 },
        quotas: [{ title: 'Queries', unitName: 'transactions', pricing: tiers('graduated', 'weekly', [[1, 50_000, 0, 0], [50_001, 500_000, 0.0004, 0], [500_001, null, 0.0002, 20]]) }],
      },
    ],
    email: [
      {
        plan: { id: 'plan-email-annual', title: 'Annual bulk', description: '1.2 million e-mails a year, tiered overages.', type: 'paid', billing: paid(990, 'annually', 0, 'EUR'), subscription: { intervalType: 'annually', cycles: 1 }, sortOrder: 1 },
        quotas: [{ title: 'E-mails', unitName: 'emails', pricing: fixed(1_200_000, 'tiered', 'annually', 0.0008) }],
      },
    ],
    'analytics-export': [
      {
        plan: { id: 'plan-analytics-export-pro', title: 'Pro', description: 'Pay for what you export: $0.02 a megabyte.', type: 'paid', billing: paid(15, 'monthly'), subscription: { intervalType: 'monthly', cycles: 0 }, sortOrder: 1 },
        quotas: [{ title: 'Exported data', unitName: 'megabytes', pricing: { type: 'perunit', interval: 'monthly', limit: { cost: 0.02 } } }],
      },
    ],
    'partner-pricing': [
      {
        plan: { id: 'plan-partner-pricing-partner', title: 'Partner', description: 'For teams tagged partner.', type: 'paid', billing: paid(0, 'monthly'), specialTag: SPECIAL_TAG, sortOrder: 1 },
        quotas: [{ title: 'API calls', unitName: 'transactions', pricing: fixed(100_000, 'strict', 'monthly') }],
      },
    ],
  };
}

/** Overrides of the default free quota, to show every interval. */
const FREE_QUOTA: Record<string, Record<string, unknown>> = {
  weather: fixed(5_000, 'strict', 'daily'),
  geocoding: fixed(10_000, 'strict', 'weekly'),
  sms: fixed(50, 'strict', 'hourly'),
  'github-rest': { type: 'unlimited', interval: 'monthly', limit: { value: UNLIMITED_LIMIT } },
  'iot-telemetry': fixed(100, 'strict', 'minute'),
};

export function planRows(products: SeededProduct[]) {
  const plans: NewPlan[] = [];
  const quotas: NewQuota[] = [];
  const byKey = new Map(products.map((p) => [p.key, p]));
  const extras = extraPlans((key) => `res-${key}`);
  for (const p of products) {
    const free = freePlanRows(p.id);
    free.plan.createdAt = at(-300);
    const override = FREE_QUOTA[p.key];
    if (override) free.quota.pricing = override;
    plans.push(free.plan);
    quotas.push(free.quota);
    for (const def of extras[p.key] ?? []) {
      plans.push({ state: 'active', approval: 'automatic', createdAt: at(-250 + plans.length), ...def.plan, productId: p.id });
      def.quotas.forEach((q, i) => quotas.push({ ...q, id: `${def.plan.id}-q${i + 1}`, planId: def.plan.id, sortOrder: i }));
    }
  }
  if (!byKey.has('payments')) throw new Error('the demo catalogue must contain the payments product');
  return { plans, quotas };
}

// ------------------------------------------------------------------ consumer activity

interface SubDef {
  id: string; org: string; product: string; plan: string; owner: [type: 'team' | 'user', id: string, context?: string];
  by: string; age: number; approval: 'approved' | 'pending' | 'rejected'; state?: string; reason?: string;
  data?: Record<string, unknown>; paid?: boolean; archival?: [scheduledIn: number, reason: string]; archivedAge?: number;
  migrationIn?: number; migratedAge?: number;
}

const SUBSCRIPTIONS: SubDef[] = [
  { id: 'sub-acme-payments-free', org: ORG.acme, product: 'payments', plan: 'plan-payments-free', owner: ['team', TEAM.acmePlatform], by: USER.orgadmin!, age: 120, approval: 'approved' },
  { id: 'sub-acme-payments-starter', org: ORG.acme, product: 'payments', plan: 'plan-payments-starter', owner: ['team', TEAM.acmePlatform], by: USER.orgadmin!, age: 95, approval: 'approved', paid: true },
  { id: 'sub-acme-payments-growth', org: ORG.acme, product: 'payments', plan: 'plan-payments-growth', owner: ['team', TEAM.acmeMobile], by: USER.orgadmin!, age: 70, approval: 'approved', paid: true },
  {
    id: 'sub-acme-payments-enterprise', org: ORG.acme, product: 'payments', plan: 'plan-payments-enterprise', owner: ['team', TEAM.acmePartners], by: USER.teamadmin!, age: 3, approval: 'pending', paid: true,
    data: { companyName: 'Acme Corporation', vatNumber: 'FR40303265045', expectedVolume: '1M – 10M', contactPhone: '+33 1 70 36 39 50', acceptsDpa: true },
  },
  {
    id: 'sub-acme-weather-research', org: ORG.acme, product: 'weather', plan: 'plan-weather-research', owner: ['team', TEAM.acmePlatform], by: USER.consumer!, age: 40, approval: 'rejected',
    reason: 'The research plan is for universities and non-profits; please choose the Free or Pro plan.', data: { useCase: 'commercial', expectedMonthlyCalls: 200000 },
  },
  { id: 'sub-acme-weather-free', org: ORG.acme, product: 'weather', plan: 'plan-weather-free', owner: ['team', TEAM.acmePlatform], by: USER.consumer!, age: 38, approval: 'approved' },
  {
    id: 'sub-acme-sms-payg', org: ORG.acme, product: 'sms', plan: 'plan-sms-payg', owner: ['team', TEAM.acmeMobile], by: USER.teamadmin!, age: 150, approval: 'approved', paid: true,
    state: 'archiving', archival: [12, 'Moving notifications to push.'],
  },
  { id: 'sub-acme-geocoding-free', org: ORG.acme, product: 'geocoding', plan: 'plan-geocoding-free', owner: ['team', TEAM.acmePlatform], by: USER.orgadmin!, age: 200, approval: 'approved', state: 'archived', archivedAge: 30, archival: [-30, 'Replaced by the Route Planner.'] },
  { id: 'sub-acme-petstore-free', org: ORG.acme, product: 'petstore', plan: 'plan-petstore-free', owner: ['team', TEAM.acmeMobile], by: USER.developer!, age: 60, approval: 'approved', state: 'migrating', migrationIn: 5 },
  { id: 'sub-acme-shipping-free', org: ORG.acme, product: 'shipping', plan: 'plan-shipping-free', owner: ['team', TEAM.acmePlatform], by: USER.orgadmin!, age: 180, approval: 'approved', state: 'migrated', migratedAge: 20 },
  { id: 'sub-acme-storefront-free', org: ORG.acme, product: 'storefront', plan: 'plan-storefront-free', owner: ['team', TEAM.acmePartners], by: USER.teamadmin!, age: 45, approval: 'approved', state: 'deleting' },
  { id: 'sub-acme-storefront-plus', org: ORG.acme, product: 'storefront', plan: 'plan-storefront-plus', owner: ['team', TEAM.acmePartners], by: USER.teamadmin!, age: 44, approval: 'approved', paid: true },
  { id: 'sub-acme-order-events-free', org: ORG.acme, product: 'order-events', plan: 'plan-order-events-free', owner: ['team', TEAM.acmePartners], by: USER.teamadmin!, age: 25, approval: 'approved' },
  { id: 'sub-acme-iot-free', org: ORG.acme, product: 'iot-telemetry', plan: 'plan-iot-telemetry-free', owner: ['user', USER.consumer!, TEAM.caseyPrivate], by: USER.consumer!, age: 14, approval: 'approved' },
  { id: 'sub-acme-partner-pricing', org: ORG.acme, product: 'partner-pricing', plan: 'plan-partner-pricing-partner', owner: ['team', TEAM.acmePartners], by: USER.teamadmin!, age: 10, approval: 'approved' },
  { id: 'sub-globex-payments-scale', org: ORG.globex, product: 'payments', plan: 'plan-payments-scale', owner: ['team', TEAM.globexDev], by: USER.globex!, age: 160, approval: 'approved', paid: true },
  { id: 'sub-globex-weather-free', org: ORG.globex, product: 'weather', plan: 'plan-weather-free', owner: ['team', TEAM.globexDev], by: USER['globex-dev']!, age: 90, approval: 'approved' },
  { id: 'sub-globex-petstore-free', org: ORG.globex, product: 'petstore', plan: 'plan-petstore-free', owner: ['team', TEAM.globexDev], by: USER['globex-dev']!, age: 80, approval: 'approved' },
  { id: 'sub-globex-email-annual', org: ORG.globex, product: 'email', plan: 'plan-email-annual', owner: ['team', TEAM.globexFinance], by: USER.globex!, age: 5, approval: 'pending', paid: true },
];

/** Invoices: [subscription, status, age in days, amount]. */
const INVOICES: Array<[string, string, number, number]> = [
  ['sub-acme-payments-starter', 'paid', 95, 49],
  ['sub-acme-payments-starter', 'paid', 65, 61.42],
  ['sub-acme-payments-starter', 'paid', 35, 58.1],
  ['sub-acme-payments-starter', 'open', 5, 49],
  ['sub-acme-payments-growth', 'paid', 70, 298],
  ['sub-acme-payments-growth', 'pastDue', 40, 412.55],
  ['sub-acme-payments-growth', 'incomplete', 10, 377.2],
  ['sub-acme-payments-growth', 'draft', 0, 199],
  ['sub-acme-sms-payg', 'paid', 60, 83.21],
  ['sub-acme-sms-payg', 'void', 30, 12],
  ['sub-acme-storefront-plus', 'open', 2, 25],
  ['sub-globex-payments-scale', 'paid', 160, 4990],
  ['sub-globex-payments-scale', 'void', 150, 120],
];

export function subscriptionRows(products: SeededProduct[], plans: NewPlan[]) {
  const productOf = new Map(products.map((p) => [p.key, p]));
  const planOf = new Map(plans.map((p) => [p.id, p]));
  const subscriptions: Array<Row<typeof schema.subscriptions>> = SUBSCRIPTIONS.map((s) => {
    const product = productOf.get(s.product);
    const plan = planOf.get(s.plan);
    if (!product || !plan) throw new Error(`seed subscription ${s.id}: unknown product or plan`);
    const decided = s.approval === 'pending' ? null : at(-s.age, 2);
    const row = {
      id: s.id, orgId: s.org, title: `${product.title} - ${plan.title}`, productId: product.id, planId: plan.id,
      ownerType: s.owner[0], ownerId: s.owner[1], ownerContextId: s.owner[2] ?? null,
      state: s.state ?? 'active', approvalState: s.approval,
      approvalReason: s.reason ?? null, approvedAt: s.approval === 'approved' ? decided : null,
      data: s.data ?? {},
      billing: s.paid ? { link: `https://billing.agora.test/subscriptions/${s.id}`, currency: (plan.billing as { currency?: string }).currency ?? 'USD' } : {},
      archivalScheduledAt: s.archival ? at(s.archival[0]) : null, archivalReason: s.archival?.[1] ?? null,
      archivedAt: s.archivedAge !== undefined ? at(-s.archivedAge) : null,
      migrationScheduledAt: s.migrationIn !== undefined ? at(s.migrationIn) : s.migratedAge !== undefined ? at(-s.migratedAge - 7) : null,
      migratedAt: s.migratedAge !== undefined ? at(-s.migratedAge) : null,
      createdBy: s.by, createdAt: at(-s.age), modifiedAt: at(-Math.min(s.age, s.archivedAge ?? s.migratedAge ?? s.age)),
    };
    return { ...row, history: historyOf({ ...row, approvedAt: decided }) };
  });
  const subOf = new Map(subscriptions.map((s) => [s.id, s]));
  const invoices: Array<Row<typeof schema.invoices>> = INVOICES.map(([subId, status, age, total], i) => {
    const s = subOf.get(subId)!;
    const plan = planOf.get(s.planId)!;
    const number = `INV-2025-${String(i + 1).padStart(4, '0')}`;
    const id = `inv-${String(i + 1).padStart(3, '0')}`;
    const currency = (plan.billing as { currency?: string }).currency ?? 'USD';
    return {
      id, orgId: s.orgId, subscriptionId: s.id, productId: s.productId, planId: s.planId, ownerId: s.ownerId,
      status, state: status === 'pastDue' || status === 'incomplete' ? 'error' : 'ok',
      invoiceDate: at(-age), dueDate: at(-age + 30), createdAt: at(-age),
      // Amounts in minor units, paid through the built-in checkout (server/src/billing).
      billing: { number, link: checkoutLink(id), amount: { total: toMinor(total, currency), currency }, lines: seedLines(plan, total, currency) },
    };
  });
  return { subscriptions, invoices };
}

/** Lines of a seeded invoice adding up to its total (the invoice detail and PDF show them): the
 * plan's fee for the cycle, then what is above it as metered calls at $0.001 (0.1 minor unit, so the
 * quantity is exact). A void or partial invoice under the fee is one line of its own amount. */
function seedLines(plan: { title: string; billing?: unknown }, total: number, currency: string) {
  const fee = Number((plan.billing as { price?: number }).price ?? 0);
  const totalMinor = toMinor(total, currency);
  const feeMinor = Math.min(toMinor(fee, currency), totalMinor);
  const lines = [];
  if (feeMinor > 0) {
    lines.push({ kind: 'interval', title: `${plan.title} plan fee`, quotaId: null, unitName: null, tier: null, quantity: 1,
      unitPrice: (feeMinor / 100).toFixed(2), flatFee: 0, amount: feeMinor });
  }
  const rest = totalMinor - feeMinor;
  if (rest > 0) {
    lines.push({ kind: feeMinor > 0 ? 'overage' : 'usage', title: feeMinor > 0 ? 'Calls over the included quota' : 'Metered calls',
      quotaId: null, unitName: 'transactions', tier: null, quantity: rest * 10, unitPrice: '0.001', flatFee: 0, amount: rest });
  }
  return lines;
}

export function applicationRows(products: SeededProduct[], resources: ReadonlyArray<{ id: string; title: string }>) {
  const res = (key: string) => {
    const p = products.find((x) => x.key === key);
    if (!p) throw new Error(`seed: no product ${key}`);
    return p;
  };
  // Application images are rows of `images` owned by the application's organisation.
  const images: Array<Row<typeof schema.images>> = [];
  const icon = (m: string, a: string, b: string) => {
    const id = `img-app-${m.toLowerCase()}`;
    images.push({ id, contentType: 'image/svg+xml', data: iconSvg(m, a, b), orgId: m === 'GX' ? ORG.globex : ORG.acme, createdAt: at(-200) });
    return id;
  };
  const applications: Array<Row<typeof schema.applications>> = [
    { id: 'app-acme-checkout', orgId: ORG.acme, title: 'Checkout Service', description: 'Takes payments for the Acme web shop.', imageId: icon('CO', '#3b3fd8', '#8b5cf6'), ownerType: 'team', ownerId: TEAM.acmePlatform, createdBy: USER.orgadmin!, createdAt: at(-90) },
    { id: 'app-acme-mobile', orgId: ORG.acme, title: 'Acme Mobile App', description: 'iOS and Android shopping app.', imageId: icon('MA', '#0ca678', '#38d9a9'), ownerType: 'team', ownerId: TEAM.acmeMobile, createdBy: USER.teamadmin!, createdAt: at(-65) },
    { id: 'app-acme-warehouse', orgId: ORG.acme, title: 'Warehouse Sync', description: 'Consumes order events to pick and pack.', ownerType: 'team', ownerId: TEAM.acmePartners, createdBy: USER.teamadmin!, createdAt: at(-24) },
    { id: 'app-acme-reporting', orgId: ORG.acme, title: 'Legacy Reporting', description: 'Nightly reconciliation reports (retired).', ownerType: 'team', ownerId: TEAM.acmePlatform, state: 'archived', createdBy: USER.orgadmin!, createdAt: at(-190) },
    { id: 'app-acme-casey', orgId: ORG.acme, title: 'Casey’s Sandbox', description: 'Personal experiments with IoT telemetry.', ownerType: 'user', ownerId: USER.consumer!, ownerContextId: TEAM.caseyPrivate, createdBy: USER.consumer!, createdAt: at(-13) },
    { id: 'app-globex-portal', orgId: ORG.globex, title: 'Globex Customer Portal', description: 'Self-service billing for Globex customers.', imageId: icon('GX', '#e64980', '#f783ac'), ownerType: 'team', ownerId: TEAM.globexDev, createdBy: USER.globex!, createdAt: at(-150) },
  ];
  for (const a of applications) a.modifiedAt = a.createdAt;

  const applicationProfiles: Array<Row<typeof schema.applicationProfiles>> = [
    { id: 'prof-acme-checkout-company', orgId: ORG.acme, applicationId: 'app-acme-checkout', definitionId: 'apd-company', title: 'Company profile', data: { companyName: 'Acme Corporation', website: 'https://acme.test', supportEmail: 'payments@acme.test', industry: 'retail' }, createdAt: at(-89), modifiedAt: at(-89) },
    { id: 'prof-acme-mobile-company', orgId: ORG.acme, applicationId: 'app-acme-mobile', definitionId: 'apd-company', title: 'Company profile', data: { companyName: 'Acme Corporation', supportEmail: 'mobile@acme.test' }, provisioningStatus: 'pending', createdAt: at(-60), modifiedAt: at(-60) },
    { id: 'prof-globex-portal-company', orgId: ORG.globex, applicationId: 'app-globex-portal', definitionId: 'apd-company', title: 'Company profile', data: { companyName: 'Globex Industries', supportEmail: 'it@globex.test', industry: 'finance' }, createdAt: at(-149), modifiedAt: at(-149) },
  ];

  const payments = res('payments');
  const resourceTitle = (id: string) => {
    const r = resources.find((x) => x.id === id);
    if (!r) throw new Error(`seed: no resource ${id}`);
    return r.title;
  };
  const ar = (id: string, org: string, app: string, sub: string, product: SeededProduct, resourceId: string, approval: 'approved' | 'pending' | 'rejected', age: number, by: string, data: Record<string, unknown> = {}, reason?: string): Row<typeof schema.accessRequests> => ({
    id, orgId: org, title: accessRequestTitle(resourceTitle(resourceId), product.title), applicationId: app, subscriptionId: sub, productId: product.id,
    productVersionId: product.latestVersionId, assetResourceId: resourceId, approvalState: approval, approvalReason: reason ?? null,
    decidedAt: approval === 'pending' ? null : at(-age + 1), data, provisioningStatus: approval === 'approved' ? 'success' : 'pending',
    createdBy: by, createdAt: at(-age), modifiedAt: at(-age + (approval === 'pending' ? 0 : 1)),
    // Spec 2 §2: requested first, then the decision (a provider Administrator's, with its reason).
    history: [
      { type: 'requested', at: at(-age).toISOString(), userId: by, reason: null },
      ...(approval === 'pending' ? [] : [{ type: approval, at: at(-age + 1).toISOString(), userId: USER.admin!, reason: reason ?? null }]),
    ],
  });
  const regulated = { purpose: 'ecommerce', description: 'Checkout of the Acme web shop.', expectedMonthlyVolume: 60000, environment: 'production', acceptsTerms: true, referral: 'marketplace' };
  const accessRequests = [
    ar('acc-checkout-payments', ORG.acme, 'app-acme-checkout', 'sub-acme-payments-starter', payments, 'res-payments', 'approved', 88, USER.orgadmin!, regulated),
    ar('acc-checkout-payments-sandbox', ORG.acme, 'app-acme-checkout', 'sub-acme-payments-starter', payments, 'res-payments-sandbox', 'approved', 88, USER.orgadmin!),
    ar('acc-mobile-payments', ORG.acme, 'app-acme-mobile', 'sub-acme-payments-growth', payments, 'res-payments', 'pending', 4, USER.teamadmin!, { ...regulated, purpose: 'in_person', environment: 'sandbox' }),
    ar('acc-mobile-payments-sandbox', ORG.acme, 'app-acme-mobile', 'sub-acme-payments-growth', payments, 'res-payments-sandbox', 'rejected', 50, USER.teamadmin!, {}, 'Use the production resource: the sandbox is included in your Growth plan already.'),
    ar('acc-warehouse-orders', ORG.acme, 'app-acme-warehouse', 'sub-acme-order-events-free', res('order-events'), 'res-order-events', 'approved', 23, USER.teamadmin!),
    ar('acc-casey-iot', ORG.acme, 'app-acme-casey', 'sub-acme-iot-free', res('iot-telemetry'), 'res-iot-telemetry', 'approved', 12, USER.consumer!),
    ar('acc-globex-payments', ORG.globex, 'app-globex-portal', 'sub-globex-payments-scale', payments, 'res-payments', 'approved', 148, USER.globex!, { ...regulated, description: 'Customer self-service billing.' }),
  ];

  const cred = (c: Partial<Row<typeof schema.credentials>> & Pick<Row<typeof schema.credentials>, 'id' | 'orgId' | 'applicationId' | 'title' | 'credentialRequestDefinitionId' | 'crdType' | 'ownerId' | 'createdBy'>, age: number): Row<typeof schema.credentials> =>
    ({ ownerType: 'team', state: 'active', provisioningState: 'active', provisioningStatus: 'success', createdAt: at(-age), modifiedAt: at(-age), ...c });
  const credentials: Array<Row<typeof schema.credentials>> = [
    cred({
      id: 'cred-checkout-oauth', orgId: ORG.acme, applicationId: 'app-acme-checkout', title: 'Checkout production client', credentialRequestDefinitionId: 'crd-oauth', crdType: 'OAuth',
      data: { grantTypes: ['client_credentials'], scopes: 'payments.read payments.write' },
      provisionedAt: at(-87), expiresAt: at(278), ownerId: TEAM.acmePlatform, createdBy: USER.orgadmin!,
    }, 87),
    cred({
      id: 'cred-checkout-apikey', orgId: ORG.acme, applicationId: 'app-acme-checkout', title: 'Sandbox key', credentialRequestDefinitionId: 'crd-apikey', crdType: 'APIKey',
      data: { environment: 'sandbox' }, provisioningStatus: 'pending', ownerId: TEAM.acmePlatform, createdBy: USER.consumer!,
    }, 1),
    cred({
      id: 'cred-checkout-apikey-old', orgId: ORG.acme, applicationId: 'app-acme-checkout', title: 'Old sandbox key', credentialRequestDefinitionId: 'crd-apikey', crdType: 'APIKey',
      data: { environment: 'sandbox' }, state: 'inactive', provisioningState: 'inactive', provisionedAt: at(-86), expiresAt: at(-6), ownerId: TEAM.acmePlatform, createdBy: USER.orgadmin!,
    }, 86),
    cred({
      id: 'cred-warehouse-basic', orgId: ORG.acme, applicationId: 'app-acme-warehouse', title: 'Kafka consumer', credentialRequestDefinitionId: 'crd-basic', crdType: 'HTTPBasic',
      data: { username: 'acme-warehouse' }, provisioningData: { username: 'acme-warehouse' }, provisionedAt: at(-22), ownerId: TEAM.acmePartners, createdBy: USER.teamadmin!,
    }, 22),
    cred({
      id: 'cred-casey-mtls', orgId: ORG.acme, applicationId: 'app-acme-casey', title: 'Thermostat certificate', credentialRequestDefinitionId: 'crd-mtls', crdType: 'MutualTLS',
      // The certificate is issued to thermo-0042: provisioning refuses it (status error, with the reason; seed/secrets.ts).
      data: { commonName: 'thermo-0043.acme.test', certificate: SEED_CLIENT_CERTIFICATE },
      state: 'inactive', provisioningState: 'inactive', ownerType: 'user', ownerId: USER.consumer!, createdBy: USER.consumer!,
    }, 11),
    cred({
      id: 'cred-globex-apikey', orgId: ORG.globex, applicationId: 'app-globex-portal', title: 'Portal key', credentialRequestDefinitionId: 'crd-apikey', crdType: 'APIKey',
      data: { environment: 'production' }, provisionedAt: at(-147), expiresAt: at(9), ownerId: TEAM.globexDev, createdBy: USER.globex!,
    }, 147),
  ];
  const credentialResources: Array<Row<typeof schema.credentialResources>> = [
    { credentialId: 'cred-checkout-oauth', assetResourceId: 'res-payments' },
    { credentialId: 'cred-checkout-apikey', assetResourceId: 'res-payments-sandbox' },
    { credentialId: 'cred-checkout-apikey-old', assetResourceId: 'res-payments-sandbox' },
    { credentialId: 'cred-warehouse-basic', assetResourceId: 'res-order-events' },
    { credentialId: 'cred-casey-mtls', assetResourceId: 'res-iot-telemetry' },
    { credentialId: 'cred-globex-apikey', assetResourceId: 'res-payments' },
  ];
  return { images, applications, applicationProfiles, accessRequests, credentials, credentialResources };
}

/** [product key, user key, rating, approval, title, comment, reason code?] */
const REVIEWS: Array<[string, string, number, 'approved' | 'pending' | 'rejected', string, string, string?]> = [
  ['payments', 'consumer', 5, 'approved', 'Extremely satisfied', 'Clear docs, a sandbox that behaves like production and idempotency keys that just work. Live in two days.'],
  ['payments', 'orgadmin', 4, 'approved', 'Very satisfied', 'Great API. The Growth plan pricing took a while to understand, the quota table helped.'],
  ['payments', 'globex', 4, 'approved', 'Solid and fast', 'p95 under 200 ms from Frankfurt. Would love webhooks for payouts.'],
  ['payments', 'globex-dev', 5, 'approved', 'Best payments API we used', 'Error messages name the exact parameter. Migration from 2.x was painless.'],
  ['payments', 'teamadmin', 2, 'approved', 'Somewhat satisfied', 'Disputes evidence upload is clunky and the PDF reference card is out of date.'],
  ['payments', 'developer', 3, 'pending', 'Satisfied', 'Works well; 3-D Secure redirects need better examples.'],
  ['payments', 'subscriber', 1, 'rejected', 'Not satisfied', 'Call me at +1 555 0100 to discuss my refund!!!', 'personal_data'],
  ['weather', 'consumer', 4, 'approved', 'Accurate forecasts', 'Hourly data is accurate for Paris and Lyon. The daily quota is generous.'],
  ['weather', 'globex', 5, 'approved', 'Extremely satisfied', 'Alerts endpoint saved our logistics team twice this winter.'],
  ['weather', 'developer', 2, 'pending', 'Missing history', 'No historical observations beyond 30 days.'],
  ['petstore', 'orgadmin', 5, 'approved', 'Perfect for onboarding', 'We use it to train new developers on OpenAPI.'],
  ['petstore', 'globex-dev', 3, 'approved', 'Satisfied', 'Fine for demos; findByTags is deprecated but still listed first.'],
  ['storefront', 'teamadmin', 4, 'approved', 'Very satisfied', 'One query for the whole product page. Cart mutations are well designed.'],
  ['storefront', 'approver', 5, 'rejected', 'Buy cheap watches', 'Visit my shop for deals', 'spam'],
  ['sms', 'teamadmin', 3, 'approved', 'Satisfied', 'Delivery receipts arrive late for some carriers.'],
  ['shipping', 'consumer', 4, 'pending', 'Webhooks are great', 'Tracking webhooks replaced our polling jobs.'],
];

const ORG_OF_USER: Record<string, string> = {
  consumer: ORG.acme, orgadmin: ORG.acme, developer: ORG.acme, subscriber: ORG.acme, teamadmin: ORG.acme, approver: ORG.acme, catalog: ORG.acme,
  globex: ORG.globex, 'globex-dev': ORG.globex,
};

export function reviewRows() {
  const reviews: Array<Row<typeof schema.reviews>> = REVIEWS.map(([product, user, rating, approval, title, comment, code], i) => ({
    id: `rev-${product}-${user}`, productId: `prod-${product}`, orgId: ORG_OF_USER[user]!, userId: USER[user]!, rating, title, comment,
    approvalState: approval, reason: approval === 'rejected' ? (code === 'spam' ? 'Advertising is not allowed in reviews.' : 'Reviews must not contain personal data.') : null,
    reasonCode: approval === 'rejected' ? code ?? null : null, createdAt: at(-60 + i * 3), modifiedAt: at(-60 + i * 3),
  }));
  // The product's rating summary counts approved reviews only, like the ratings tab shows them.
  const ratings = new Map<string, { sum: number; total: number }>();
  for (const r of reviews) {
    if (r.approvalState !== 'approved') continue;
    const entry = ratings.get(r.productId) ?? { sum: 0, total: 0 };
    entry.sum += r.rating;
    entry.total += 1;
    ratings.set(r.productId, entry);
  }
  return { reviews, ratings };
}

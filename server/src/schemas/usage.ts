// The usage of a subscription's quotas in their current windows (GET /subscriptions/{id}/usage):
// what the subscription details' usage bars show (spec 3 §2.3, §4 quota usage states).
import { Type, type Static } from '@sinclair/typebox';
import { IdParams } from './common.ts';
import { DateTime, Literals, Nullable, Strict } from './catalogue.ts';
import { QUOTA_INTERVALS } from '../../../src/rules/constants.ts';
import { USAGE_STATES } from '../../../src/rules/quota.ts';

export const UsageParams = IdParams;

export const QuotaUsage = Type.Object({
  quota: Type.Object({ id: Type.String(), title: Type.String(), unit: Type.Object({ name: Type.String(), title: Type.String() }) }),
  /** the resources the quota covers; empty: every resource of the plan */
  assetResourceIds: Type.Array(Type.String()),
  interval: Literals(QUOTA_INTERVALS),
  /** strict: calls past the limit are refused; loose: counted as overage; unlimited: only counted */
  mode: Literals(['strict', 'loose', 'unlimited'] as const),
  /** null when unlimited (or a model without a count limit) */
  limit: Nullable(Type.Integer()),
  unlimited: Type.Boolean(),
  /** whether the gateway counts this quota (its unit is calls: 'transactions'); others stay at 0 */
  metered: Type.Boolean(),
  used: Type.Integer({ minimum: 0 }),
  state: Literals(USAGE_STATES),
  window: Type.Object({ start: DateTime, end: DateTime }),
}, Strict);

export const SubscriptionUsage = Type.Object({
  subscriptionId: Type.String(),
  /** the time the windows were taken at */
  at: DateTime,
  items: Type.Array(QuotaUsage),
}, Strict);
export type SubscriptionUsage = Static<typeof SubscriptionUsage>;

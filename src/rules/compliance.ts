// Subscription compliance (issue 14's design over spec 3 §4 quota usage states): each active
// subscription with its quotas' usage against their limits, ordered so the subscriptions over or
// near their limits come first. Pure: the screen and its tests share it.
import type { UsageState } from './quota.ts';

/** Worst first: exceeded, reached, approaching, then within limits. */
export const STATE_RANK: Record<UsageState, number> = { exceeded: 0, reached: 1, approaching: 2, none: 3 };

export interface ComplianceQuota {
  state: UsageState;
  used: number;
  limit: number | null;
  unlimited: boolean;
}

export interface ComplianceInput<S, Q extends ComplianceQuota> {
  subscription: S;
  quotas: Q[];
}

export interface ComplianceRow<S, Q extends ComplianceQuota> {
  subscription: S;
  /** worst first */
  quotas: Q[];
  /** the worst state of its quotas ('none' without quotas) */
  state: UsageState;
  /** the highest used / limit of its limited quotas; null when none is limited */
  ratio: number | null;
}

const ratioOf = (q: ComplianceQuota) => (q.unlimited || q.limit === null || q.limit <= 0 ? (q.limit === 0 && q.used > 0 ? Infinity : null) : q.used / q.limit);

function worse(a: ComplianceQuota, b: ComplianceQuota): number {
  return STATE_RANK[a.state] - STATE_RANK[b.state] || (ratioOf(b) ?? -1) - (ratioOf(a) ?? -1);
}

/** Rows ordered by their worst quota state, then by how close their fullest quota is to its limit. */
export function byCompliance<S extends { title: string }, Q extends ComplianceQuota>(inputs: ComplianceInput<S, Q>[]): ComplianceRow<S, Q>[] {
  const rows = inputs.map(({ subscription, quotas }) => {
    const sorted = [...quotas].sort(worse);
    const ratios = sorted.map(ratioOf).filter((r): r is number => r !== null);
    return {
      subscription, quotas: sorted,
      state: sorted[0]?.state ?? 'none',
      ratio: ratios.length ? Math.max(...ratios) : null,
    };
  });
  return rows.sort((a, b) => STATE_RANK[a.state] - STATE_RANK[b.state] || (b.ratio ?? -1) - (a.ratio ?? -1)
    || a.subscription.title.localeCompare(b.subscription.title));
}

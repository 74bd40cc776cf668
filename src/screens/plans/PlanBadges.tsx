// The badges of a plan: free or paid and its state when not active; and whether the caller's
// organisation already holds a subscription to it.
import type { Plan } from '../../api/products.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { Status } from '../../ui/Status.tsx';

const STATE: Record<string, MessageKey> = {
  draft: 'product.plan.state.draft',
  archived: 'product.plan.state.archived',
};

export function PlanBadges({ plan }: { plan: Plan }) {
  const { t } = useMessages('product');
  const paid = plan.type === 'paid';
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Status tone={paid ? 'primary' : 'success'}>
        <span data-plan-type={paid ? 'paid' : 'free'}>{t(paid ? 'product.plan.type.paid' : 'product.plan.type.free')}</span>
      </Status>
      {plan.state !== 'active' && <Status tone="warning">{STATE[plan.state] ? t(STATE[plan.state]!) : plan.state}</Status>}
    </span>
  );
}

/** Shown when the caller's organisation holds subscriptions to the plan. */
export function PlanSubscribed({ plan }: { plan: Plan }) {
  const { t } = useMessages('product');
  if (plan.subscriptions.totalCount === 0) return null;
  return (
    <Status tone="success" variant="dot">
      <span data-plan-subscribed={plan.subscriptions.totalCount}>{t('product.plan.subscribed', { count: plan.subscriptions.totalCount })}</span>
    </Status>
  );
}

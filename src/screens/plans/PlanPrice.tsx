// A plan's price: 'Free', or the price with its currency (default USD, at most 2 fraction
// digits) per billing interval, and the setup fee when there is one.
import type { Plan } from '../../api/products.ts';
import { readBilling } from '../../rules/quota.ts';
import { cx } from '../../ui/tone.ts';
import { useQuotaText } from './useQuotaText.ts';

export function PlanPrice({ plan, large }: { plan: Plan; large?: boolean }) {
  const q = useQuotaText();
  const billing = readBilling(plan.billing);
  const interval = billing.interval ?? (plan.subscription.intervalType as Parameters<typeof q.per>[0] | undefined) ?? null;
  const free = plan.type !== 'paid';
  return (
    <div data-part="price" className="flex flex-col">
      <span className="flex flex-wrap items-baseline gap-x-1.5">
        <span className={cx('font-bold tracking-tight text-gray-900', large ? 'text-4xl' : 'text-3xl')} data-price={free ? 'free' : billing.price}>
          {free ? q.t('product.plan.free') : q.price(billing.price, billing.currency)}
        </span>
        {!free && interval && <span className="text-sm text-gray-500">{q.per(interval)}</span>}
      </span>
      {!free && billing.setupPrice > 0 && (
        <span className="mt-1 text-sm text-gray-600" data-setup={billing.setupPrice}>
          {q.t('product.plan.setupFee', { price: q.price(billing.setupPrice, billing.currency) })}
        </span>
      )}
    </div>
  );
}

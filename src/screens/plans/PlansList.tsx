// The plans tab: one card per plan with its type, price, description and quota summary, each
// linking to the plan page, with its subscribe action (disabled with the reason when blocked).
import { usePlans, type Plan } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { readBilling, readPricing } from '../../rules/quota.ts';
import { IconCheck, IconChevronRight } from '../../ui/moreIcons.tsx';
import { AsyncState, EmptyPlaceholder, ErrorPlaceholder } from '../../ui/Placeholders.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { productHref, useProductPage } from '../product/context.ts';
import { PlanSubscribeAction } from '../product/SubscribeButton.tsx';
import { PlanBadges, PlanSubscribed } from './PlanBadges.tsx';
import { PlanPrice } from './PlanPrice.tsx';
import { useQuotaText } from './useQuotaText.ts';

export function PlanCard({ plan, to }: { plan: Plan; to: string }) {
  const q = useQuotaText();
  const { product } = useProductPage();
  const currency = readBilling(plan.billing).currency;
  return (
    <article className="flex h-full flex-col rounded-xl border border-gray-200 bg-white shadow-sm transition hover:border-primary/40 hover:shadow-md" data-plan={plan.id}>
      <div className="flex flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 className="m-0 text-lg font-semibold text-gray-900">{plan.title}</h3>
          <PlanBadges plan={plan} />
        </div>
        <PlanPrice plan={plan} />
        {plan.description && <p className="m-0 text-sm text-gray-600">{plan.description}</p>}
      </div>
      <div className="flex-1 border-t border-gray-100 px-5 py-4">
        <h4 className="m-0 mb-2 text-xs font-semibold uppercase tracking-wide text-gray-500">{q.t('product.plan.quotas')}</h4>
        {plan.quotas.length === 0 ? (
          <p className="m-0 text-sm text-gray-500">{q.t('product.plan.noQuotas')}</p>
        ) : (
          <ul className="m-0 flex list-none flex-col gap-2 p-0" data-part="quota-summary">
            {plan.quotas.map((quota) => (
              <li key={quota.id} className="flex items-start gap-2 text-sm text-gray-700">
                <IconCheck size={16} className="mt-0.5 shrink-0 text-success" />
                <span>
                  <span className="font-medium text-gray-900">{quota.title}</span>
                  {' · '}
                  {q.summary(readPricing(quota.pricing), quota.unit.title || quota.unit.name, currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 px-5 py-3">
        <Link to={to} className={cx('inline-flex items-center gap-1 rounded text-sm font-semibold text-primary no-underline hover:underline', FOCUS_RING)} data-plan-link="">
          {q.t('product.plan.details')}
          <span className="sr-only">: {plan.title}</span>
          <IconChevronRight size={16} />
        </Link>
        <span className="inline-flex flex-wrap items-center gap-2">
          <PlanSubscribed plan={plan} />
          <PlanSubscribeAction product={product} plan={plan} size="sm" />
        </span>
      </div>
    </article>
  );
}

export function PlansList() {
  const { t } = useMessages('product');
  const { product, versionId } = useProductPage();
  const plans = usePlans(product.id);
  return (
    <section aria-labelledby="agora-product-plans" data-part="plans">
      <h2 id="agora-product-plans" className="m-0 mb-4 text-lg font-semibold text-gray-900">{t('product.tab.plans')}</h2>
      <AsyncState
        loading={!plans.data && !plans.error}
        error={plans.error}
        empty={plans.data?.items.length === 0}
        errorView={<ErrorPlaceholder title={t('product.error.plans')} error={plans.error} onRetry={() => void plans.mutate()} />}
        emptyView={<EmptyPlaceholder title={t('product.plans.empty')} message={t('product.plans.emptyMessage')} />}
      >
        <ul className="m-0 grid list-none gap-4 p-0 md:grid-cols-2 2xl:grid-cols-3">
          {(plans.data?.items ?? []).map((plan) => (
            <li key={plan.id}><PlanCard plan={plan} to={productHref.plan(product.id, versionId, plan.id)} /></li>
          ))}
        </ul>
      </AsyncState>
    </section>
  );
}

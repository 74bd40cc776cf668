// The plan page (spec 1 §2, spec 3 §2.1): back to the plans list, the plan's type and price,
// its subscribe action (the side panel; disabled with the reason when it cannot be subscribed
// to), its quota tables and the resources it covers.
import { usePlan, usePlanResources } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { readBilling } from '../../rules/quota.ts';
import { planSubscribeBlock, type PlanBlock } from '../../rules/subscribe.ts';
import { AsyncState, EmptyPlaceholder, ErrorPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { productHref, useProductPage } from '../product/context.ts';
import { IconArrowLeft } from '../product/icons.tsx';
import { ResourceList } from '../product/ResourceList.tsx';
import { PlanSubscribeAction } from '../product/SubscribeButton.tsx';
import { PlanBadges, PlanSubscribed } from './PlanBadges.tsx';
import { PlanPrice } from './PlanPrice.tsx';
import { QuotaTable } from './QuotaTable.tsx';

function BackLink() {
  const { t } = useMessages('product');
  const { product, versionId } = useProductPage();
  return (
    <Link
      to={productHref.tab(product.id, versionId, 'plans')}
      className={cx('inline-flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-700 no-underline shadow-sm hover:bg-gray-50', FOCUS_RING)}
      data-back=""
    >
      <IconArrowLeft size={16} />
      {t('product.plan.back')}
    </Link>
  );
}

function useBlockText(): (block: PlanBlock) => string {
  const { t } = useMessages('product');
  return (block) =>
    block.reason === 'state'
      ? t('product.plan.block.state', { state: block.state })
      : block.reason === 'billing'
        ? t('product.plan.block.billing')
        : t('product.plan.block.notAllowed');
}

export function PlanPage({ planId }: { planId: string }) {
  const { t } = useMessages('product');
  const { product, settings } = useProductPage();
  const plan = usePlan(product.id, planId);
  const resources = usePlanResources(product.id, planId);
  const blockText = useBlockText();

  if (plan.error) {
    const notFound = errorStatus(plan.error) === 404;
    return (
      <div className="flex flex-col gap-4" data-part="plan-error">
        <div><BackLink /></div>
        <AsyncState error={plan.error} errorView={
          <ErrorPlaceholder
            title={t(notFound ? 'product.plan.notFound' : 'product.error.plan')}
            message={notFound ? t('product.plan.notFoundMessage') : undefined}
            error={notFound ? undefined : plan.error}
            onRetry={notFound ? undefined : () => void plan.mutate()}
          />
        }>{null}</AsyncState>
      </div>
    );
  }
  const data = plan.data;
  const block = data ? planSubscribeBlock(data, { billingEnabled: settings.billing?.enabled !== false }) : null;
  const currency = data ? readBilling(data.billing).currency : 'USD';
  return (
    <div className="flex flex-col gap-5" data-part="plan">
      <div><BackLink /></div>
      <AsyncState loading={!data}>
        {data && (
          <>
            <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6" data-plan-page={data.id}>
              <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h2 className="m-0 text-2xl font-semibold text-gray-900">{data.title}</h2>
                  <div className="mt-2 flex flex-wrap items-center gap-3"><PlanBadges plan={data} /><PlanSubscribed plan={data} /></div>
                  {data.description && <p className="m-0 mt-3 max-w-2xl text-gray-600">{data.description}</p>}
                </div>
                <div className="flex shrink-0 flex-col items-start gap-3 sm:items-end">
                  <PlanPrice plan={data} large />
                  <PlanSubscribeAction product={product} plan={data} />
                </div>
              </div>
              <dl className="m-0 mt-5 grid gap-x-6 gap-y-3 border-t border-gray-100 pt-4 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-gray-500">{t('product.plan.typeLabel')}</dt>
                  <dd className="m-0 font-medium text-gray-900" data-plan-type-text="">{t(data.type === 'paid' ? 'product.plan.type.paid' : 'product.plan.type.free')}</dd>
                </div>
                <div>
                  <dt className="text-gray-500">{t('product.plan.approval')}</dt>
                  <dd className="m-0 font-medium text-gray-900">{t(data.approval === 'manual' ? 'product.plan.approval.manual' : 'product.plan.approval.automatic')}</dd>
                </div>
                {block && (
                  <div>
                    <dt className="text-gray-500">{t('product.plan.availability')}</dt>
                    <dd className="m-0 font-medium text-gray-900">{blockText(block)}</dd>
                  </div>
                )}
              </dl>
            </section>

            <section aria-labelledby="agora-plan-quotas" data-part="quotas">
              <h3 id="agora-plan-quotas" className="m-0 mb-3 text-base font-semibold text-gray-900">{t('product.plan.quotas')}</h3>
              {data.quotas.length === 0 ? (
                <EmptyPlaceholder title={t('product.plan.noQuotas')} message={null} />
              ) : (
                <div className="flex flex-col gap-4">
                  {data.quotas.map((quota) => <QuotaTable key={quota.id} quota={quota} currency={currency} />)}
                </div>
              )}
            </section>

            <section aria-labelledby="agora-plan-resources" data-part="plan-resources">
              <h3 id="agora-plan-resources" className="m-0 mb-3 text-base font-semibold text-gray-900">{t('product.plan.resources')}</h3>
              <AsyncState
                loading={!resources.data && !resources.error}
                error={resources.error}
                empty={resources.data?.items.length === 0}
                errorView={<ErrorPlaceholder title={t('product.error.resources')} error={resources.error} onRetry={() => void resources.mutate()} />}
                emptyView={<EmptyPlaceholder title={t('product.plan.noResources')} message={null} />}
              >
                <ResourceList resources={resources.data?.items ?? []} productId={product.id} grouped={false} />
              </AsyncState>
            </section>
          </>
        )}
      </AsyncState>
    </div>
  );
}

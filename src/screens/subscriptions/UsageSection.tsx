// Quota usage of the subscription in the current windows (spec 3 §2.3, §4): per quota the
// resources it covers, its interval, a bar coloured by the usage state (none, approaching from
// 0.75, reached, exceeded) and used / limit, ∞ for an unlimited quota. Counts come from the
// gateway (GET /subscriptions/{id}/usage).
import { usePlanResources } from '../../api/products.ts';
import { useSubscriptionUsage, type QuotaUsage } from '../../api/subscriptions.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { usageRatio, type UsageState } from '../../rules/quota.ts';
import { AsyncState, ErrorPlaceholder } from '../../ui/Placeholders.tsx';
import { Status } from '../../ui/Status.tsx';
import { cx, TONE_DOT, type Tone } from '../../ui/tone.ts';

const USAGE_TONE: Record<UsageState, Tone> = { none: 'success', approaching: 'warning', reached: 'danger', exceeded: 'danger' };

export function UsageSection({ subscriptionId, productId, planId }: { subscriptionId: string; productId: string; planId: string }) {
  const { t } = useMessages('subscriptions');
  const usage = useSubscriptionUsage(subscriptionId);
  const resources = usePlanResources(productId, planId);
  const titleOf = new Map((resources.data?.items ?? []).map((r) => [r.id, r.title]));
  const items = usage.data?.items ?? [];
  return (
    <AsyncState loading={!usage.data && !usage.error} error={usage.error}
      errorView={usage.error && <ErrorPlaceholder title={t('subscriptions.usage.error')} error={usage.error} onRetry={() => void usage.mutate()} />}>
      {items.length === 0 ? <p className="m-0 text-gray-500">{t('subscriptions.usage.empty')}</p> : (
        <ul className="m-0 flex list-none flex-col gap-4 p-0">
          {items.map((q) => (
            <UsageRow key={q.quota.id} usage={q}
              resources={q.assetResourceIds.length ? q.assetResourceIds.map((id) => titleOf.get(id) ?? id).join(', ') : t('subscriptions.usage.allResources')} />
          ))}
        </ul>
      )}
    </AsyncState>
  );
}

function UsageRow({ usage: q, resources }: { usage: QuotaUsage; resources: string }) {
  const { t, fmt } = useMessages('subscriptions');
  const ratio = q.unlimited ? null : usageRatio(q.used, q.limit);
  const width = ratio === null ? 0 : Math.min(1, ratio) * 100;
  const limit = q.unlimited || q.limit === null ? '∞' : fmt.count(q.limit);
  const tone = USAGE_TONE[q.state];
  const label = t('subscriptions.usage.of', { used: fmt.count(q.used), limit, unit: q.quota.unit.title });
  return (
    <li className="rounded-md border border-gray-200 p-3" data-quota={q.quota.id} data-usage-state={q.state}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="m-0 font-medium text-gray-900">{q.quota.title}</p>
        <p className="m-0 text-sm tabular-nums text-gray-800" data-part="usage-text">{label}</p>
      </div>
      <p className="m-0 mt-0.5 text-xs text-gray-600">
        {t(`subscriptions.interval.${q.interval}` as MessageKey)} · {t(`subscriptions.mode.${q.mode}` as MessageKey)} · {resources}
      </p>
      <div className="mt-2 flex items-center gap-3">
        {ratio === null ? (
          <div className="h-2 flex-1 rounded-full bg-gray-100" aria-hidden="true" data-part="usage-bar" data-unlimited="" />
        ) : (
          <div role="meter" aria-label={`${q.quota.title}: ${label}`} aria-valuemin={0} aria-valuemax={q.limit ?? 0} aria-valuenow={q.used}
            className="h-2 flex-1 overflow-hidden rounded-full bg-gray-100" data-part="usage-bar">
            <div className={cx('h-full rounded-full', TONE_DOT[tone])} style={{ width: `${width}%` }} data-part="usage-fill" />
          </div>
        )}
        {q.state !== 'none' && <Status tone={tone}>{t(`subscriptions.usage.state.${q.state}` as MessageKey)}</Status>}
      </div>
      {!q.metered && <p className="m-0 mt-1 text-xs text-gray-500">{t('subscriptions.usage.notMetered')}</p>}
    </li>
  );
}

// Subscription compliance (issue 14's design over spec 3 §4): every active, approved subscription
// with each quota's use in its current window against its limit, coloured by the usage state
// (approaching from 75 %, reached, exceeded); subscriptions over or near their limits first, and a
// count of each state above the list. Counts are the gateway's own (GET /subscriptions/{id}/usage).
import { useCompliance, type ComplianceRow } from '../../api/analytics.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { USAGE_STATES, usageRatio, type UsageState } from '../../rules/quota.ts';
import { href } from '../../rules/routes.ts';
import { Link } from '../../router/context.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { Status } from '../../ui/Status.tsx';
import { cx, TONE_DOT, type Tone } from '../../ui/tone.ts';
import { RefreshBar } from './parts.tsx';

const TONE: Record<UsageState, Tone> = { none: 'success', approaching: 'warning', reached: 'danger', exceeded: 'danger' };

export function Compliance() {
  const { t, fmt } = useMessages('insights');
  const data = useCompliance();
  if (data.error) return <ErrorPlaceholder error={data.error} onRetry={() => void data.mutate()} />;
  if (!data.data) return <LoadingPlaceholder />;
  const rows = data.data.items;
  const counts = Object.fromEntries(USAGE_STATES.map((s) => [s, rows.filter((r) => r.state === s).length]));
  return (
    <div className="flex flex-col gap-5" data-view="compliance">
      <section className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4">
        <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 md:grid-cols-4" data-part="state-counts">
          {[...USAGE_STATES].reverse().map((s) => (
            <li key={s} className="rounded-md border border-gray-200 p-3" data-state-count={s}>
              <p className="m-0 flex items-center gap-2 text-sm text-gray-600">
                <span aria-hidden="true" className={cx('inline-block h-2.5 w-2.5 rounded-full', TONE_DOT[TONE[s]])} />
                {t(`insights.compliance.state.${s}` as MessageKey)}
              </p>
              <p className="m-0 mt-1 text-2xl font-semibold tabular-nums text-gray-900">{fmt.count(counts[s] ?? 0)}</p>
            </li>
          ))}
        </ul>
        <RefreshBar at={data.data.at} onRefresh={() => void data.mutate()} busy={data.isValidating}
          count={t('insights.compliance.count', { count: data.data.totalCount, shown: fmt.count(data.data.totalCount) })} />
      </section>
      {rows.length === 0 ? <EmptyPlaceholder title={t('insights.compliance.empty')} /> : (
        <ul className="m-0 flex list-none flex-col gap-3 p-0" aria-label={t('insights.compliance.list')}>
          {rows.map((row) => <SubscriptionCompliance key={row.subscription.id} row={row} />)}
        </ul>
      )}
    </div>
  );
}

function SubscriptionCompliance({ row }: { row: ComplianceRow }) {
  const { t, fmt } = useMessages('insights');
  const sub = row.subscription;
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4" data-subscription={sub.id} data-compliance-state={row.state}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <Link to={href('subscription', { subscriptionId: sub.id })} className="font-medium text-gray-900 hover:underline">{sub.title}</Link>
          <p className="m-0 text-sm text-gray-600">{sub.product.title} · {sub.plan.title}</p>
        </div>
        <Status tone={TONE[row.state]}>{t(`insights.compliance.state.${row.state}` as MessageKey)}</Status>
      </div>
      {row.quotas.length === 0 ? <p className="m-0 mt-2 text-sm text-gray-500">{t('insights.compliance.noQuotas')}</p> : (
        <ul className="m-0 mt-3 flex list-none flex-col gap-2 p-0">
          {row.quotas.map((q) => {
            const ratio = q.unlimited ? null : usageRatio(q.used, q.limit);
            const limit = q.unlimited || q.limit === null ? '∞' : fmt.count(q.limit);
            const text = t('insights.compliance.usage', { used: fmt.count(q.used), limit, unit: q.quota.unit.title, interval: t(`insights.interval.${q.interval}` as MessageKey), period: q.interval });
            return (
              <li key={q.quota.id} className="grid grid-cols-1 gap-1 sm:grid-cols-[12rem_1fr_auto] sm:items-center sm:gap-3" data-quota={q.quota.id} data-usage-state={q.state}>
                <span className="truncate text-sm text-gray-800">{q.quota.title}</span>
                {ratio === null ? <div className="h-2 rounded-full bg-gray-100" aria-hidden="true" /> : (
                  <div role="meter" aria-label={`${q.quota.title}: ${text}`} aria-valuemin={0} aria-valuemax={q.limit ?? 0} aria-valuenow={q.used}
                    className="h-2 overflow-hidden rounded-full bg-gray-100">
                    <div className={cx('h-full rounded-full', TONE_DOT[TONE[q.state]])} style={{ width: `${Math.min(1, ratio) * 100}%` }} />
                  </div>
                )}
                <span className="text-sm tabular-nums text-gray-700">{text}</span>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

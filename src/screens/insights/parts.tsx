// Pieces every insights view shares: the range picker (presets, custom range with the
// end-after-start message), the outcome series of a chart, bucket labels in the locale, the
// remembered filters hook, the refresh bar and the small table of an expanded row.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useSession } from '../../api/auth.ts';
import type { Chart } from '../../api/analytics.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { FINE_BUCKETS, type ChartBucket, type StatusDetail } from '../../rules/analytics.ts';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';
import { cx, FOCUS_RING, type Tone } from '../../ui/tone.ts';
import type { ChartSeries } from './LazyChart.tsx';
import { customRangeInvalid, localInput, readRemembered, remember, TRAFFIC_PRESETS, type RangeChoice } from './range.ts';
import { statusWithName } from '../../rules/httpStatus.ts';

export const OUTCOMES = [
  { key: 'successCount', tone: 'success', label: 'insights.outcome.success' },
  { key: 'failureCount', tone: 'warning', label: 'insights.outcome.failure' },
  { key: 'exceptionCount', tone: 'danger', label: 'insights.outcome.exception' },
] as const satisfies ReadonlyArray<{ key: string; tone: Tone; label: MessageKey }>;

export const DETAIL_TONE: Record<StatusDetail, Tone> = { success: 'success', failure: 'warning', exception: 'danger' };

/** "201 Created" in the screen's language (src/rules/httpStatus.ts TRANSLATED_STATUSES). */
export const statusLabel = (t: (key: MessageKey) => string, status: number | null | undefined) =>
  statusWithName(status, (code) => t(`insights.http.${code}` as MessageKey));

/** A bucket's start in the locale: the time for minute buckets (a range of at most 6 hours),
 * date and hour for hourly buckets, the date otherwise. */
export function bucketLabel(locale: string, interval: ChartBucket, timestamp: string): string {
  const options: Intl.DateTimeFormatOptions = FINE_BUCKETS.includes(interval) ? { hour: '2-digit', minute: '2-digit' }
    : interval === '1h' ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
    : { month: 'short', day: 'numeric', year: 'numeric' };
  return new Intl.DateTimeFormat(locale, options).format(new Date(timestamp));
}

/** The three outcome series of a chart answer. */
export function outcomeSeries(t: (key: MessageKey) => string, chart: Chart): ChartSeries[] {
  return OUTCOMES.map((o) => ({ label: t(o.label), tone: o.tone, values: chart.items.map((p) => p[o.key]) }));
}

/** State remembered in session storage per organisation and user (spec 3 §2.5). */
export function useRemembered<T extends object>(screen: string, initial: T): [T, (next: T) => void] {
  const session = useSession().data;
  const org = session?.org_id ?? '';
  const user = session?.user.id ?? '';
  const [value, setValue] = useState<T>(() => ({ ...initial, ...(org ? readRemembered<T>(screen, org, user) : null) }));
  const [loadedFor, setLoadedFor] = useState(org ? `${org}/${user}` : '');
  // The session may arrive after the first render: read what this user left once it is known.
  useEffect(() => {
    if (!org || loadedFor === `${org}/${user}`) return;
    setLoadedFor(`${org}/${user}`);
    setValue({ ...initial, ...readRemembered<T>(screen, org, user) });
  }, [org, user]); // eslint-disable-line react-hooks/exhaustive-deps
  const set = (next: T) => {
    setValue(next);
    if (org) remember(screen, org, user, next);
  };
  return [value, set];
}

export function RangePicker({ value, onChange }: { value: RangeChoice; onChange: (next: RangeChoice) => void }) {
  const { t } = useMessages('insights');
  const id = useId();
  const invalid = customRangeInvalid(value);
  const pick = (preset: RangeChoice['preset']) => {
    if (preset !== 'custom') return onChange({ preset });
    const now = Date.now();
    onChange({ preset, from: value.from ?? localInput(now - 86_400_000), to: value.to ?? localInput(now) });
  };
  return (
    <div className="flex flex-col gap-2" data-part="range-picker">
      <div role="group" aria-label={t('insights.range.label')} className="flex flex-wrap gap-1">
        {TRAFFIC_PRESETS.map((p) => (
          <button key={p} type="button" aria-pressed={value.preset === p} data-preset={p} onClick={() => pick(p)}
            className={cx('rounded-md border px-3 py-1.5 text-sm', FOCUS_RING,
              value.preset === p ? 'border-primary bg-primary text-white' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50')}>
            {t(`insights.range.${p}` as MessageKey)}
          </button>
        ))}
      </div>
      {value.preset === 'custom' && (
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col text-sm text-gray-700" htmlFor={`${id}-from`}>
            {t('insights.range.from')}
            <input id={`${id}-from`} type="datetime-local" value={value.from ?? ''} data-part="range-from"
              onChange={(e) => onChange({ ...value, from: e.target.value })} aria-invalid={invalid}
              className={cx('mt-1 rounded-md border border-gray-300 px-2 py-1.5', FOCUS_RING)} />
          </label>
          <label className="flex flex-col text-sm text-gray-700" htmlFor={`${id}-to`}>
            {t('insights.range.to')}
            <input id={`${id}-to`} type="datetime-local" value={value.to ?? ''} data-part="range-to"
              onChange={(e) => onChange({ ...value, to: e.target.value })} aria-invalid={invalid} aria-describedby={invalid ? `${id}-error` : undefined}
              className={cx('mt-1 rounded-md border px-2 py-1.5', invalid ? 'border-danger' : 'border-gray-300', FOCUS_RING)} />
          </label>
        </div>
      )}
      {invalid && <p id={`${id}-error`} role="alert" className="m-0 text-sm text-danger" data-part="range-error">{t('insights.range.endAfterStart')}</p>}
    </div>
  );
}

/** "Last updated" time and the refresh button. */
export function RefreshBar({ at, onRefresh, busy, count }: { at: string | undefined; onRefresh: () => void; busy: boolean; count?: string }) {
  const { t, fmt } = useMessages('insights');
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-600" data-part="refresh-bar">
      {count && <span data-part="count">{count}</span>}
      {at && <span data-part="last-updated">{t('insights.lastUpdated', { time: fmt.dateTime(at) })}</span>}
      <button type="button" onClick={onRefresh} disabled={busy} data-part="refresh"
        className={cx('rounded-md border border-gray-300 bg-white px-3 py-1 text-gray-800 hover:bg-gray-50 disabled:opacity-60', FOCUS_RING)}>
        {t('insights.refresh')}
      </button>
    </div>
  );
}

/** Cells of a RowTable: header (of a number column), text, number. */
export const ROW_TH = 'py-1 pr-3 font-medium';
export const ROW_TH_NUM = 'py-1 pr-3 text-right font-medium';
export const ROW_TD = 'py-1 pr-3';
export const ROW_NUM = 'py-1 pr-3 text-right tabular-nums';

/** The small table of an expanded row (an application's resources, a subscription's), scrolling
 * on its own. `head`: the header cells. */
export function RowTable({ label, part, head, children }: { label: string; part: string; head: ReactNode; children: ReactNode }) {
  return (
    // w-0 min-w-full: the table cell takes the row's width instead of this table's, which scrolls here.
    <ScrollRegion label={label} part={part} className="w-0 min-w-full">
      <table className="w-full text-sm">
        <thead className="text-left text-gray-600"><tr>{head}</tr></thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

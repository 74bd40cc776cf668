// Time ranges and remembered filters of the insights screens (spec 3 §2.5): presets counted back
// from now, a custom range that must end after it starts, and filters kept in session storage per
// organisation and user (a tab keeps them; another user on the same browser does not see them).
import { INTERVAL_MS, intervalForRange, PRESET_MS, rangeEndsAfterStart, TRAFFIC_PRESETS, type TrafficPreset } from '../../rules/analytics.ts';

export { TRAFFIC_PRESETS, type TrafficPreset };

export interface RangeChoice {
  preset: TrafficPreset;
  /** custom only: datetime-local values (the viewer's time zone) */
  from?: string;
  to?: string;
}

export interface Range {
  from: string;
  to: string;
}

const HOUR = 3_600_000;

/** The range a choice means at `now`; null for a custom range that is incomplete or ends before it
 * starts (the picker says why). Presets end at the end of the current bucket of their chart (the
 * next whole minute for 1h, 5 minutes for 6h, hour for longer ones): the current bucket is
 * included, the chart's last point is now rather than up to an hour ahead, and a refresh within
 * the bucket asks the same range (cached). */
export function resolveRange(choice: RangeChoice, now = Date.now()): Range | null {
  if (choice.preset === 'custom') {
    const from = choice.from ? new Date(choice.from).getTime() : NaN;
    const to = choice.to ? new Date(choice.to).getTime() : NaN;
    if (!Number.isFinite(from) || !Number.isFinite(to) || !rangeEndsAfterStart(from, to)) return null;
    return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  }
  const length = PRESET_MS[choice.preset];
  const step = Math.min(HOUR, INTERVAL_MS[intervalForRange(0, length)]);
  const to = Math.ceil((now + 1) / step) * step;
  return { from: new Date(to - length).toISOString(), to: new Date(to).toISOString() };
}

/** The range of equal length just before (API health's comparison). */
export function previousRange(range: Range): Range {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  return { from: new Date(from - (to - from)).toISOString(), to: range.from };
}

/** Whether a custom range is filled in but ends at or before its start (the picker's message). */
export function customRangeInvalid(choice: RangeChoice): boolean {
  if (choice.preset !== 'custom' || !choice.from || !choice.to) return false;
  const from = new Date(choice.from).getTime();
  const to = new Date(choice.to).getTime();
  return Number.isFinite(from) && Number.isFinite(to) && !rangeEndsAfterStart(from, to);
}

/** A datetime-local value ('YYYY-MM-DDTHH:mm') of a time, in the viewer's time zone. */
export function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const storageKey = (screen: string, orgId: string, userId: string) => `agora.insights.${screen}.${orgId}.${userId}`;

/** Filters remembered for this organisation and user in this tab (null when none or unreadable). */
export function readRemembered<T extends object>(screen: string, orgId: string, userId: string): Partial<T> | null {
  try {
    const raw = sessionStorage.getItem(storageKey(screen, orgId, userId));
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Partial<T>) : null;
  } catch {
    return null; // storage refused (privacy mode) or a value another version wrote
  }
}

export function remember(screen: string, orgId: string, userId: string, value: object): void {
  try {
    sessionStorage.setItem(storageKey(screen, orgId, userId), JSON.stringify(value));
  } catch {
    // storage full or refused: the filters simply are not remembered
  }
}

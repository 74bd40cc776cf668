// Star ratings: a read-only display in half steps (max 5). The input of whole values is
// StarRatingInput.tsx, apart: product tiles on the landing route show ratings, only the review form asks for one.
import { useId } from 'react';
import { RATING_MAX, RATING_STEP } from '../rules/constants.ts';
import { useMessages } from './i18n.ts';
import { cx } from './tone.ts';

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Rounds to the widget's half steps and keeps it within 0..max. */
export function toStarValue(value: number, max: number = RATING_MAX): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(max, Math.max(0, Math.round(value / RATING_STEP) * RATING_STEP));
}

export function Star({ fill, size, clipId }: { fill: 0 | 0.5 | 1; size: number; clipId: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="shrink-0">
      <defs>
        <clipPath id={clipId}>
          <rect x="0" y="0" width="12" height="24" />
        </clipPath>
      </defs>
      <path d={STAR_PATH} className="fill-gray-200" />
      {fill > 0 && <path d={STAR_PATH} className="fill-amber-400" clipPath={fill === 0.5 ? `url(#${clipId})` : undefined} />}
    </svg>
  );
}

export interface StarRatingProps {
  /** Average or score; rounded to half steps. Null or undefined shows the empty stars as "not rated". */
  value: number | null | undefined;
  max?: number;
  size?: number;
  /** Shows the average with one decimal after the stars. */
  showValue?: boolean;
  /** e.g. the number of ratings, shown after the value. */
  count?: number;
  className?: string;
}

export function StarRating({ value, max = RATING_MAX, size = 16, showValue, count, className }: StarRatingProps) {
  const { t, fmt } = useMessages();
  const id = useId();
  const shown = toStarValue(value ?? 0, max);
  const label = value === null || value === undefined ? t('ui.rating.none') : t('ui.rating.label', { value: fmt.rating(value), max });
  return (
    <span className={cx('inline-flex items-center gap-1.5', className)}>
      <span role="img" aria-label={label} className="inline-flex items-center gap-0.5">
        {Array.from({ length: max }, (_, i) => (
          <Star key={i} size={size} clipId={`${id}-${i}`} fill={shown >= i + 1 ? 1 : shown >= i + 0.5 ? 0.5 : 0} />
        ))}
      </span>
      {showValue && value !== null && value !== undefined && (
        <span className="text-sm font-medium text-gray-800" aria-hidden="true">
          {fmt.rating(value)}
        </span>
      )}
      {count !== undefined && (
        <span className="text-sm text-gray-500" aria-hidden={showValue ? undefined : true}>
          ({fmt.count(count)})
        </span>
      )}
    </span>
  );
}

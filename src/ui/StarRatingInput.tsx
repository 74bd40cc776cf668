// A star rating input: a radio group of whole values 1..max (the review form).
import { useId, useRef, useState } from 'react';
import { RATING_MAX } from '../rules/constants.ts';
import { useMessages } from './i18n.ts';
import { Star } from './StarRating.tsx';
import { cx, FOCUS_RING } from './tone.ts';

export interface StarRatingInputProps {
  value: number | null;
  onChange: (value: number) => void;
  /** Accessible name of the group; defaults to 'Rating'. */
  label?: string;
  max?: number;
  size?: number;
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  className?: string;
}

/** A radio group of whole stars: click, or arrows/Home/End with the keyboard. */
export function StarRatingInput({ value, onChange, label, max = RATING_MAX, size = 28, disabled, readOnly, required, className }: StarRatingInputProps) {
  const { t } = useMessages();
  const id = useId();
  const [hover, setHover] = useState<number | null>(null);
  const refs = useRef<Array<HTMLSpanElement | null>>([]);
  const inert = disabled || readOnly;
  const shown = hover ?? value ?? 0;
  const focusIndex = value ? value - 1 : 0;

  const choose = (next: number) => {
    if (inert) return;
    const clamped = Math.min(max, Math.max(1, next));
    onChange(clamped);
    refs.current[clamped - 1]?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label={label ?? t('ui.rating.input')}
      aria-required={required || undefined}
      aria-disabled={disabled || undefined}
      aria-readonly={readOnly || undefined}
      className={cx('inline-flex items-center gap-0.5', className)}
      onMouseLeave={() => setHover(null)}
    >
      {Array.from({ length: max }, (_, i) => {
        const star = i + 1;
        return (
          <span
            key={star}
            ref={(el) => {
              refs.current[i] = el;
            }}
            role="radio"
            aria-checked={value === star}
            aria-label={t('ui.rating.star', { value: star, max })}
            tabIndex={inert ? (value === star ? 0 : -1) : i === focusIndex ? 0 : -1}
            onClick={() => choose(star)}
            onMouseEnter={() => !inert && setHover(star)}
            onKeyDown={(event) => {
              if (inert) return;
              const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[event.key];
              if (step) {
                event.preventDefault();
                choose((value ?? 0) + step);
              } else if (event.key === 'Home') {
                event.preventDefault();
                choose(1);
              } else if (event.key === 'End') {
                event.preventDefault();
                choose(max);
              } else if (event.key === ' ' || event.key === 'Enter') {
                event.preventDefault();
                choose(star);
              }
            }}
            className={cx('rounded p-0.5', inert ? 'cursor-default' : 'cursor-pointer', disabled && 'opacity-50', FOCUS_RING)}
          >
            <Star size={size} clipId={`${id}-${i}`} fill={shown >= star ? 1 : 0} />
          </span>
        );
      })}
    </div>
  );
}

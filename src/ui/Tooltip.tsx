// Tooltip shown after TOOLTIP_DELAY_MS (1000 ms) of hover or keyboard focus; Escape hides it.
// It also describes the trigger (aria-describedby), so the text is read without waiting.
import { cloneElement, isValidElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { TOOLTIP_DELAY_MS } from '../rules/constants.ts';
import { cx } from './tone.ts';

export interface TooltipProps {
  content: ReactNode;
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom';
  delay?: number;
  /**
   * For a disabled trigger: the wrapper becomes focusable so keyboard users can still reach the
   * explanation (disabled buttons take no focus and, in some browsers, no mouse events).
   */
  focusableWrapper?: boolean;
  className?: string;
}

export function Tooltip({ content, children, placement = 'top', delay = TOOLTIP_DELAY_MS, focusableWrapper, className }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (content === null || content === undefined || content === '') return children;

  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };

  const trigger = isValidElement(children)
    ? cloneElement(children, {
        'aria-describedby': cx(children.props['aria-describedby'], `${id}-tip`) || undefined,
      })
    : children;

  return (
    <span
      className={cx('relative inline-flex', focusableWrapper && 'rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary', className)}
      tabIndex={focusableWrapper ? 0 : undefined}
      aria-describedby={focusableWrapper ? `${id}-tip` : undefined}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          hide();
        }
      }}
    >
      {trigger}
      <span
        id={`${id}-tip`}
        role="tooltip"
        hidden={!open}
        className={cx(
          'pointer-events-none absolute left-1/2 z-[10000] w-max max-w-xs -translate-x-1/2 rounded-md bg-gray-900 px-2.5 py-1.5',
          'text-left text-xs font-normal leading-5 text-white shadow-lg',
          placement === 'top' ? 'bottom-full mb-2' : 'top-full mt-2',
        )}
      >
        {content}
      </span>
    </span>
  );
}

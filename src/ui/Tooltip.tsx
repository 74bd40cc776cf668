// Tooltip shown after TOOLTIP_DELAY_MS (1000 ms) of hover or keyboard focus; Escape hides it.
// It also describes the trigger (aria-describedby), so the text is read without waiting.
import { cloneElement, isValidElement, useEffect, useId, useRef, useState, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { SELECT_MENU_Z_INDEX, TOOLTIP_DELAY_MS } from '../rules/constants.ts';
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
  const [position, setPosition] = useState<CSSProperties>({});
  const wrapperRef = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A fixed tooltip would drift away from its trigger on scroll: hide it instead.
  useEffect(() => {
    if (!open) return;
    const onScroll = () => setOpen(false);
    window.addEventListener('scroll', onScroll, true);
    return () => window.removeEventListener('scroll', onScroll, true);
  }, [open]);
  if (content === null || content === undefined || content === '') return children;

  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // Fixed to the viewport so a scrolling or clipping ancestor (a table, a panel) cannot cut it.
      const rect = wrapperRef.current?.getBoundingClientRect();
      if (rect) {
        const x = Math.min(Math.max(rect.left + rect.width / 2, 8), Math.max(8, window.innerWidth - 8));
        setPosition(
          placement === 'top'
            ? { position: 'fixed', left: x, top: rect.top - 8, transform: 'translate(-50%, -100%)' }
            : { position: 'fixed', left: x, top: rect.bottom + 8, transform: 'translateX(-50%)' },
        );
      }
      setOpen(true);
    }, delay);
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
      ref={wrapperRef}
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
        style={{ ...position, zIndex: SELECT_MENU_Z_INDEX + 1 }}
        className={cx(
          'pointer-events-none w-max max-w-xs rounded-md bg-gray-900 px-2.5 py-1.5',
          'text-left text-xs font-normal normal-case leading-5 tracking-normal text-white shadow-lg',
          !position.position && 'absolute',
        )}
      >
        {content}
      </span>
    </span>
  );
}

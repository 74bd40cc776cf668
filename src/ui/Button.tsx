// Buttons in the provider's format: solid or outline, pill, rounded or square corners.
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { IconSpinner } from './icons.tsx';
import { useUiTheme, type ButtonFormat, type ButtonRadius } from './theme.ts';
import { cx, FOCUS_RING } from './tone.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';
export type ButtonSize = 'sm' | 'md';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Defaults to the provider's format for primary buttons; others are outline. */
  format?: ButtonFormat;
  radius?: ButtonRadius;
  size?: ButtonSize;
  /** Shows a spinner and disables the button. */
  busy?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

const RADIUS: Record<ButtonRadius, string> = { pill: 'rounded-full', rounded: 'rounded-md', square: 'rounded-none' };
/** The provider's radius arrives as a CSS variable (src/styles/theme.ts). */
const PROVIDER_RADIUS = 'rounded-[var(--agora-button-radius,6px)]';

const SOLID: Record<'primary' | 'secondary' | 'danger', string> = {
  primary: 'bg-primary border-primary text-white hover:brightness-110',
  secondary: 'bg-secondary border-secondary text-white hover:brightness-110',
  danger: 'bg-danger border-danger text-white hover:brightness-110',
};
const OUTLINE: Record<'primary' | 'secondary' | 'danger', string> = {
  primary: 'bg-white border-primary text-primary hover:bg-primary/5',
  secondary: 'bg-white border-gray-300 text-gray-800 hover:bg-gray-50',
  danger: 'bg-white border-danger text-danger hover:bg-danger/5',
};

export function buttonClasses({
  variant = 'primary',
  format,
  radius,
  size = 'md',
  theme,
}: {
  variant?: ButtonVariant;
  format?: ButtonFormat;
  radius?: ButtonRadius;
  size?: ButtonSize;
  theme: { buttonFormat: ButtonFormat };
}): string {
  const base = cx(
    'inline-flex items-center justify-center gap-1.5 font-medium whitespace-nowrap select-none',
    'transition-colors disabled:cursor-not-allowed disabled:opacity-50',
    FOCUS_RING,
  );
  if (variant === 'link') return cx(base, 'text-primary underline-offset-2 hover:underline p-0', size === 'sm' ? 'text-sm' : 'text-base');
  const sizing = size === 'sm' ? 'h-8 px-3 text-sm' : 'h-10 px-4 text-sm';
  const corners = radius ? RADIUS[radius] : PROVIDER_RADIUS;
  if (variant === 'ghost') return cx(base, sizing, corners, 'border border-transparent bg-transparent text-gray-700 hover:bg-gray-100');
  const look = format ?? (variant === 'primary' ? theme.buttonFormat : variant === 'danger' ? 'solid' : 'outline');
  return cx(base, sizing, corners, 'border', look === 'solid' ? SOLID[variant] : OUTLINE[variant]);
}

export function Button({ variant, format, radius, size, busy, icon, className, children, disabled, type, ref, ...rest }: ButtonProps) {
  const theme = useUiTheme();
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cx(buttonClasses({ variant, format, radius, size, theme }), className)}
      {...rest}
    >
      {busy ? <IconSpinner /> : icon}
      {children}
    </button>
  );
}

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Accessible name; also shown as the native tooltip. */
  label: string;
  children: ReactNode;
  size?: ButtonSize;
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({ label, children, size = 'md', className, type, ref, ...rest }: IconButtonProps) {
  return (
    <button
      ref={ref}
      type={type ?? 'button'}
      aria-label={label}
      title={label}
      className={cx(
        'inline-flex shrink-0 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900',
        'disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent',
        size === 'sm' ? 'h-7 w-7' : 'h-9 w-9',
        FOCUS_RING,
        className,
      )}
      {...rest}
    >
      {children}
    </button>
  );
}

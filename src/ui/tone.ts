// Colour classes per tone, in one place. Theme colours are CSS custom properties (src/styles/twind.config.ts
// maps bg-primary, text-danger… to var(--agora-*), opacity modifiers included). Class names are
// written out whole: the build finds them in the source (scripts/styles.mjs).
export type Tone = 'primary' | 'secondary' | 'tertiary' | 'info' | 'success' | 'warning' | 'danger' | 'neutral';

/** A light tint of the tone, its border, and text in the tone darkened to stay readable on it. */
export const TONE_SOFT: Record<Tone, string> = {
  primary: 'bg-primary/10 border-primary/30 text-primary-ink',
  secondary: 'bg-secondary/10 border-secondary/30 text-secondary-ink',
  tertiary: 'bg-tertiary/10 border-tertiary/30 text-tertiary-ink',
  info: 'bg-info/10 border-info/30 text-info-ink',
  success: 'bg-success/10 border-success/30 text-success-ink',
  warning: 'bg-warning/20 border-warning/40 text-warning-ink',
  danger: 'bg-danger/10 border-danger/30 text-danger-ink',
  neutral: 'bg-gray-100 border-gray-300 text-gray-700',
};

export const TONE_DOT: Record<Tone, string> = {
  primary: 'bg-primary',
  secondary: 'bg-secondary',
  tertiary: 'bg-tertiary',
  info: 'bg-info',
  success: 'bg-success',
  warning: 'bg-warning',
  danger: 'bg-danger',
  neutral: 'bg-gray-400',
};

/** Shared focus ring so every control shows keyboard focus the same way. */
export const FOCUS_RING =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-1';

export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

// Colour classes per tone, in one place. Theme colours are CSS custom properties (src/styles/twind.ts
// maps bg-primary, text-danger… to var(--agora-*), opacity modifiers included).
export type Tone = 'primary' | 'secondary' | 'tertiary' | 'info' | 'success' | 'warning' | 'danger' | 'neutral';

/** Text in the tone, darkened so it stays readable on the light tint of the same tone. */
const ink = (tone: string) => `text-[color:color-mix(in_srgb,var(--agora-${tone})_72%,black)]`;

export const TONE_SOFT: Record<Tone, string> = {
  primary: `bg-primary/10 border-primary/30 ${ink('primary')}`,
  secondary: `bg-secondary/10 border-secondary/30 ${ink('secondary')}`,
  tertiary: `bg-tertiary/10 border-tertiary/30 ${ink('tertiary')}`,
  info: `bg-info/10 border-info/30 ${ink('info')}`,
  success: `bg-success/10 border-success/30 ${ink('success')}`,
  warning: `bg-warning/20 border-warning/40 ${ink('warning')}`,
  danger: `bg-danger/10 border-danger/30 ${ink('danger')}`,
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

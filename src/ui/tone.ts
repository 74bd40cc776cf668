// Colour classes per tone, in one place. The theme colours are CSS custom properties set by the
// element helper (var(--agora-<tone>)); tints are mixed with white so they work whatever format
// the provider's colour was given in.
export type Tone = 'primary' | 'secondary' | 'tertiary' | 'info' | 'success' | 'warning' | 'danger' | 'neutral';

const tint = (tone: string, pct: number) => `bg-[color-mix(in_srgb,var(--agora-${tone})_${pct}%,white)]`;
const border = (tone: string, pct: number) => `border-[color-mix(in_srgb,var(--agora-${tone})_${pct}%,white)]`;
/** Text in the tone, darkened so it stays readable on a light tint. */
const ink = (tone: string) => `text-[color-mix(in_srgb,var(--agora-${tone})_70%,black)]`;

export const TONE_SOFT: Record<Tone, string> = {
  primary: `${tint('primary', 10)} ${ink('primary')} ${border('primary', 35)}`,
  secondary: `${tint('secondary', 12)} ${ink('secondary')} ${border('secondary', 35)}`,
  tertiary: `${tint('tertiary', 12)} ${ink('tertiary')} ${border('tertiary', 35)}`,
  info: `${tint('info', 10)} ${ink('info')} ${border('info', 35)}`,
  success: `${tint('success', 10)} ${ink('success')} ${border('success', 35)}`,
  warning: `${tint('warning', 14)} ${ink('warning')} ${border('warning', 45)}`,
  danger: `${tint('danger', 10)} ${ink('danger')} ${border('danger', 35)}`,
  neutral: 'bg-gray-100 text-gray-700 border-gray-300',
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

// The provider theme (spec 1 §1, spec 3 §3 runtime configuration) as CSS custom properties. A page
// may override any of them from outside, on the element or on any ancestor
// (agora-portal { --agora-primary: … }, body { --agora-primary: … }): the site's colours are only
// fallbacks. Declaring --agora-primary on :host would hide an ancestor's value (a declared value
// beats an inherited one), and `--agora-primary: var(--agora-primary, …)` on one element is a
// cycle; so :host declares --agora-theme-primary from what reaches it, and the top-level nodes of
// the shadow tree declare --agora-primary from that, for everything inside to use.
import type { SiteSettings } from '../../server/src/schemas/config.ts';

type ColorName = keyof SiteSettings['appearance']['colors'];

/** [twind colour name, CSS variable suffix, settings key] */
export const THEME_COLORS: ReadonlyArray<readonly [string, string, ColorName]> = [
  ['primary', 'primary', 'primary'],
  ['secondary', 'secondary', 'secondary'],
  ['tertiary', 'tertiary', 'tertiary'],
  ['info', 'info', 'info'],
  ['success', 'success', 'success'],
  ['warning', 'warning', 'warning'],
  ['danger', 'danger', 'danger'],
  ['button', 'button', 'button'],
  ['surface', 'bg', 'bg'],
  ['container', 'container-bg', 'container_bg'],
  ['heading', 'heading-bg', 'heading_bg'],
];

/** Used before the site settings arrive and for any colour the provider left out. */
export const DEFAULT_COLORS: Record<ColorName, string> = {
  primary: '#0a5bd3',
  secondary: '#5b6470',
  tertiary: '#6f42c1',
  info: '#0b7285',
  success: '#2b8a3e',
  warning: '#e67700',
  danger: '#c92a2a',
  button: '#0a5bd3',
  bg: '#ffffff',
  container_bg: '#f5f7fa',
  heading_bg: '#0b1f3a',
};

/** A colour value is only used when it cannot break out of its declaration. */
export function safeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (!v || v.length > 64 || /[;{}<>\\"'`]/.test(v) || /url\s*\(/i.test(v)) return null;
  return v;
}

export type Appearance = Partial<Pick<SiteSettings['appearance'], 'button_format' | 'button_radius'>> & {
  colors?: Partial<Record<ColorName, string>>;
};

/** Relative luminance of a #rgb/#rrggbb or rgb() colour, or null when it cannot be read. */
export function luminance(color: string): number | null {
  let r: number, g: number, b: number;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(color.trim());
  if (hex) {
    const h = hex[1]!.length === 3 ? hex[1]!.replace(/./g, (c) => c + c) : hex[1]!;
    [r, g, b] = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  } else if (rgb) {
    [r, g, b] = [rgb[1], rgb[2], rgb[3]].map(Number) as [number, number, number];
  } else {
    return null;
  }
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Text colour that stays readable on a background the provider chose (white on dark, ink on light). */
export function readableOn(background: string): string {
  const l = luminance(background);
  return l !== null && l > 0.45 ? '#111827' : '#ffffff';
}

/** The theme's stylesheet: the site's values as fallbacks of what the page sets (see above). */
export function themeCss(appearance: Appearance | null | undefined): string {
  const colors = appearance?.colors ?? {};
  const vars: Array<[string, string]> = THEME_COLORS.map(([, cssVar, key]) => [cssVar, safeColor(colors[key]) ?? DEFAULT_COLORS[key]]);
  const radius = appearance?.button_radius === 'pill' ? '9999px' : appearance?.button_radius === 'square' ? '0px' : '6px';
  vars.push(['button-radius', radius]);
  // Foregrounds for text on the provider's own backgrounds (header, buttons).
  for (const key of ['primary', 'button', 'heading_bg'] as const) {
    const value = safeColor(colors[key]) ?? DEFAULT_COLORS[key];
    vars.push([`on-${key.replace('_bg', '').replace('_', '-')}`, readableOn(value)]);
  }
  const host = vars.map(([name, value]) => `--agora-theme-${name}:var(--agora-${name},${value});`).join('');
  const inside = vars.map(([name]) => `--agora-${name}:var(--agora-theme-${name});`).join('');
  return `:host{${host}}:host>*{${inside}}`;
}

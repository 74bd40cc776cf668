// Twind for shadow roots: one shared constructable stylesheet adopted by every Agora element,
// the Tailwind preset, the provider theme colours as CSS custom properties, and px instead of rem
// (rem follows the host page's root font size, which a page may change; the element must not).
import { defineConfig, type TwindRule } from '@twind/core';
import presetTailwind from '@twind/preset-tailwind';
import install from '@twind/with-web-components';
import { THEME_COLORS } from './theme.ts';

/** A theme colour that follows its CSS custom property and still takes opacity modifiers (bg-primary/10). */
const themeColor = (name: string) => `color-mix(in srgb, var(--agora-${name}) calc(<alpha-value> * 100%), transparent)`;

export const FONT_STACK =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

const ROOT_FONT_PX = 16;

/** '1.5rem' -> '24px' in a declaration block. */
export function remToPx(declarations: string): string {
  return declarations.replace(/(-?\d*\.?\d+)rem\b/g, (_, n: string) => `${+(Number(n) * ROOT_FONT_PX).toFixed(3)}px`);
}

export const twindConfig = defineConfig({
  presets: [presetTailwind({ disablePreflight: false })],
  // Readable class names: elements are inspected in pages we do not own.
  hash: false,
  // Semantic hooks (agora-*) are not utilities.
  ignorelist: [/^agora-/],
  theme: {
    extend: {
      colors: {
        ...Object.fromEntries(THEME_COLORS.map(([token, cssVar]) => [token, themeColor(cssVar)])),
        // Readable text on the provider's backgrounds: text-on-heading, text-on-primary, text-on-button.
        'on-primary': themeColor('on-primary'),
        'on-button': themeColor('on-button'),
        'on-heading': themeColor('on-heading'),
        // Text in a tone, darkened to stay readable on its own light tint: text-warning-ink.
        ...Object.fromEntries(['primary', 'secondary', 'tertiary', 'info', 'success', 'warning', 'danger'].map((tone) => [
          `${tone}-ink`,
          `color-mix(in srgb, color-mix(in srgb, var(--agora-${tone}) 70%, black) calc(<alpha-value> * 100%), transparent)`,
        ])),
      },
      fontFamily: { sans: 'var(--agora-font-family, ' + FONT_STACK + ')' },
      screens: { nav: '992px' },
      // Finer steps than Tailwind's scale, for tints of the provider colours (bg-warning/15).
      opacity: Object.fromEntries([8, 12, 15, 35, 45, 55, 65, 85].map((n) => [String(n), String(n / 100)])),
    },
  },
  rules: [
    // Tailwind would read text-[color-mix(…)] as a font size; it is a colour.
    ['text-\\[(color-mix\\(.+\\))\\]', ({ 1: value }) => ({ color: value!.replace(/_/g, ' ') })],
  ],
  finalize: (rule: TwindRule) => (rule.d && rule.d.includes('rem') ? { ...rule, d: remToPx(rule.d) } : rule),
});

type Installer = ReturnType<typeof install>;
let installer: Installer | null = null;

/** The class mixin that adopts the shared sheet into an element's shadow root (created on first use,
 * so importing this module outside a browser does nothing). */
export function withTwind(): Installer {
  installer ??= install(twindConfig, false);
  return installer;
}

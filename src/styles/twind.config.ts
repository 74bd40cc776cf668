// The twind configuration of our utility classes: the Tailwind preset, the provider theme colours
// as CSS custom properties, and px instead of rem. It runs at BUILD time only (scripts/styles.mjs
// turns the classes each chunk uses into CSS rules that src/styles/sheet.ts adopts into every
// shadow root), so twind and its preset never reach the browser.
import { defineConfig, type TwindRule } from '@twind/core';
import presetTailwind from '@twind/preset-tailwind';
import { THEME_COLORS } from './theme.ts';
import { FONT_STACK, remToPx } from './units.ts';

/** A theme colour that follows its CSS custom property and still takes opacity modifiers (bg-primary/10). */
const themeColor = (name: string) => `color-mix(in srgb, var(--agora-${name}) calc(<alpha-value> * 100%), transparent)`;

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

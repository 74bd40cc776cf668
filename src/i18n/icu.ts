// Formats ICU message syntax trees (the @formatjs/icu-messageformat-parser shape) with the
// browser's own Intl: literals, {arguments}, {n, number}, plural (with # and =n), selectordinal
// and select. That covers the portal's texts, so the full @formatjs formatter is only fetched
// for the rare rest (number skeletons, dates, rich-text tags); see src/i18n/intl.ts.

/** Element types of @formatjs/icu-messageformat-parser. */
export const TYPE = { literal: 0, argument: 1, number: 2, date: 3, time: 4, select: 5, plural: 6, pound: 7, tag: 8 } as const;

export interface IcuElement {
  type: number;
  value?: string;
  style?: unknown;
  options?: Record<string, { value: IcuElement[] }>;
  offset?: number;
  pluralType?: 'cardinal' | 'ordinal';
  children?: IcuElement[];
}

export type IcuValues = Record<string, unknown>;

const NUMBER_STYLES: Record<string, Intl.NumberFormatOptions> = {
  integer: { maximumFractionDigits: 0 },
  percent: { style: 'percent' },
};

/** Whether formatIcu can format this tree (otherwise the full formatter is needed). */
export function isNative(elements: readonly IcuElement[]): boolean {
  return elements.every((el) => {
    switch (el.type) {
      case TYPE.literal:
      case TYPE.argument:
      case TYPE.pound:
        return true;
      case TYPE.number:
        return el.style === null || el.style === undefined || (typeof el.style === 'string' && el.style in NUMBER_STYLES);
      case TYPE.select:
      case TYPE.plural:
        return Object.values(el.options ?? {}).every((option) => isNative(option.value));
      default:
        return false;
    }
  });
}

function show(value: unknown, locale: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return new Intl.NumberFormat(locale).format(value);
  return String(value);
}

/** Formats a tree that isNative() accepted. `pound` is the number a # stands for. */
export function formatIcu(elements: readonly IcuElement[], values: IcuValues | undefined, locale: string, pound?: number): string {
  let out = '';
  for (const el of elements) {
    switch (el.type) {
      case TYPE.literal:
        out += el.value ?? '';
        break;
      case TYPE.argument:
        out += show(values?.[el.value!], locale);
        break;
      case TYPE.pound:
        out += pound === undefined ? '#' : new Intl.NumberFormat(locale).format(pound);
        break;
      case TYPE.number: {
        const n = Number(values?.[el.value!]);
        out += new Intl.NumberFormat(locale, typeof el.style === 'string' ? NUMBER_STYLES[el.style] : undefined).format(n);
        break;
      }
      case TYPE.select: {
        const key = String(values?.[el.value!]);
        const option = el.options![key] ?? el.options!.other;
        out += option ? formatIcu(option.value, values, locale, pound) : '';
        break;
      }
      case TYPE.plural: {
        const n = Number(values?.[el.value!]);
        const offset = el.offset ?? 0;
        const exact = el.options![`=${n}`];
        const rule = new Intl.PluralRules(locale, { type: el.pluralType ?? 'cardinal' }).select(n - offset);
        const option = exact ?? el.options![rule] ?? el.options!.other;
        out += option ? formatIcu(option.value, values, locale, n - offset) : '';
        break;
      }
      default:
        throw new Error(`ICU element type ${el.type} needs the full formatter`);
    }
  }
  return out;
}

/** A source text with no ICU syntax beyond plain {arguments} (no parser needed to format it). */
export function isPlainText(text: string): boolean {
  // Without braces an apostrophe quotes nothing: the build keeps such texts as they are.
  if (!/[{}]/.test(text)) return true;
  return !text.includes("'") && !/[{}]/.test(text.replace(/\{\s*[\w]+\s*\}/g, ''));
}

export function formatPlainText(text: string, values: IcuValues | undefined, locale: string): string {
  return text.replace(/\{\s*(\w+)\s*\}/g, (_, name: string) => show(values?.[name], locale));
}

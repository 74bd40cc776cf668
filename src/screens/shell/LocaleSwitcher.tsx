// Language choice: kept in the locale cookie for 365 days; the page reloads in the new locale.
// A native select (keyboard and screen readers for free) laid over a compact globe + code badge.
import { changeLocale, isLocale, useMessages } from '../../i18n/intl.ts';
import { LOCALES } from '../../rules/constants.ts';
import { cx } from '../../ui/tone.ts';
import { IconChevron, IconGlobe } from './icons.tsx';

export function LocaleSwitcher({ className }: { className?: string }) {
  const { t, locale } = useMessages();
  return (
    <label
      title={t('shell.locale.label')}
      className={cx(
        'relative flex h-9 items-center gap-1.5 rounded-md border border-on-heading/20 px-2.5 text-sm font-medium text-on-heading',
        'hover:bg-on-heading/10 focus-within:ring-2 focus-within:ring-on-heading/70',
        className,
      )}
    >
      <IconGlobe size={16} className="opacity-80" />
      <span aria-hidden="true">{locale.slice(0, 2).toUpperCase()}</span>
      <IconChevron size={12} className="opacity-70" />
      <span className="sr-only">{t('shell.locale.label')}</span>
      <select
        name="locale"
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) changeLocale(event.target.value);
        }}
        className="absolute inset-0 h-full w-full cursor-pointer appearance-none opacity-0 focus:outline-none"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`shell.locale.${l}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

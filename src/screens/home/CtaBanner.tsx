// The home page's call-to-action banner (spec 1 §3 "Call-to-action config"): title, message and a
// button on the provider's colour pair (background, button_bg), placed left, centre or right, the
// button solid or outline with rounded, pill or square corners. Its url is a page (of the portal
// or elsewhere) or the value 'signin'; a signed-in visitor is not asked to sign in again.
import type { CSSProperties } from 'react';
import type { SiteSettings } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link, useRoute } from '../../router/context.tsx';
import { signInPath } from '../../rules/routes.ts';
import { readableOn, safeColor } from '../../styles/theme.ts';
import { cx, FOCUS_RING } from '../../ui/tone.ts';

type CtaSettings = SiteSettings['homepage']['cta'];

export const SIGN_IN_URL = 'signin';

export function showsCta(cta: CtaSettings, signedIn: boolean): boolean {
  if (!cta.enabled) return false;
  return !(signedIn && cta.url.trim().toLowerCase() === SIGN_IN_URL);
}

const LAYOUT = {
  left: 'sm:flex-row sm:items-center sm:justify-between text-left',
  center: 'items-center text-center',
  right: 'sm:flex-row-reverse sm:items-center sm:justify-between text-right',
} as const;

const RADIUS = { pill: 'rounded-full', rounded: 'rounded-md', square: 'rounded-none' } as const;

const DEFAULT_BACKGROUND = '#0b1f3a';
const DEFAULT_BUTTON = '#0a5bd3';

export function CtaBanner({ cta }: { cta: CtaSettings }) {
  const { t } = useMessages('home');
  const route = useRoute();
  const background = safeColor(cta.background) ?? DEFAULT_BACKGROUND;
  const buttonBg = safeColor(cta.button_bg) ?? DEFAULT_BUTTON;
  const ink = readableOn(background);
  const solid = cta.button_format !== 'outline';
  const buttonStyle: CSSProperties = solid
    ? { backgroundColor: buttonBg, borderColor: buttonBg, color: readableOn(buttonBg) }
    : { backgroundColor: 'transparent', borderColor: buttonBg, color: buttonBg };
  const label = cta.label.trim() || t('home.cta.defaultLabel');
  const buttonClass = cx(
    'inline-flex h-11 shrink-0 items-center justify-center border-2 px-6 text-sm font-semibold no-underline transition hover:brightness-110 hover:shadow-md',
    RADIUS[cta.button_radius] ?? RADIUS.rounded,
    FOCUS_RING,
  );

  const url = cta.url.trim();
  let button;
  if (url.toLowerCase() === SIGN_IN_URL) {
    // Back here after signing in.
    const here = route.match ? route.match.path + (route.match.search ? `?${route.match.search}` : '') : '/';
    button = <Link to={signInPath(here)} className={buttonClass} style={buttonStyle} data-cta-button="">{label}</Link>;
  } else if (url.startsWith('/') && !url.startsWith('//')) {
    button = <Link to={url} target={cta.target} className={buttonClass} style={buttonStyle} data-cta-button="">{label}</Link>;
  } else if (/^https?:\/\//i.test(url)) {
    button = (
      <a href={url} target={cta.target} rel={cta.target === '_blank' ? 'noopener noreferrer' : undefined} className={buttonClass} style={buttonStyle} data-cta-button="">
        {label}
      </a>
    );
  }

  return (
    <section
      data-cta=""
      data-position={cta.position}
      aria-label={cta.title.trim() || label}
      className={cx('flex flex-col gap-5 rounded-2xl px-6 py-8 shadow-sm sm:px-10', LAYOUT[cta.position] ?? LAYOUT.left)}
      style={{ backgroundColor: background, color: ink }}
    >
      <div className={cx('min-w-0', cta.position === 'center' ? 'max-w-2xl' : 'max-w-3xl')}>
        {cta.title.trim() && <h2 className="m-0 text-xl font-semibold sm:text-2xl">{cta.title}</h2>}
        {cta.message.trim() && <p className="m-0 mt-2 text-base opacity-90">{cta.message}</p>}
      </div>
      {button}
    </section>
  );
}

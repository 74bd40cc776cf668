// The home page's call-to-action banner (spec 1 §3 "Call-to-action config"): title, message and a
// button on the provider's colour pair (background, button_bg), placed left, centre or right, the
// button solid or outline with rounded, pill or square corners. Its url is a page (of the portal
// or elsewhere) or the value 'signin'; a signed-in visitor is not asked to sign in again.
// A 'signin' banner is about accounts, so it follows the signup setting: with signup on it also
// links to the register page; with signup off the provider's texts (which may promise an account
// nobody can create here) give way to ours, which only offer to sign in.
import type { CSSProperties } from 'react';
import type { SiteSettings } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link, useRoute } from '../../router/context.tsx';
import { registerPath, signInPath } from '../../rules/routes.ts';
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

export function CtaBanner({ cta, signup }: { cta: CtaSettings; signup: boolean }) {
  const { t } = useMessages('home');
  const route = useRoute();
  const background = safeColor(cta.background) ?? DEFAULT_BACKGROUND;
  const buttonBg = safeColor(cta.button_bg) ?? DEFAULT_BUTTON;
  const ink = readableOn(background);
  const solid = cta.button_format !== 'outline';
  const buttonStyle: CSSProperties = solid
    ? { backgroundColor: buttonBg, borderColor: buttonBg, color: readableOn(buttonBg) }
    : { backgroundColor: 'transparent', borderColor: buttonBg, color: buttonBg };
  const url = cta.url.trim();
  const accounts = url.toLowerCase() === SIGN_IN_URL;
  // Signup off: nothing here may promise an account (see the top of this file).
  const closed = accounts && !signup;
  const title = closed ? t('home.cta.closedTitle') : cta.title.trim();
  const message = closed ? t('home.cta.closedMessage') : cta.message.trim();
  const label = closed ? t('shell.signIn') : cta.label.trim() || t('home.cta.defaultLabel');
  const buttonClass = cx(
    'inline-flex h-11 shrink-0 items-center justify-center border-2 px-6 text-sm font-semibold no-underline transition hover:brightness-110 hover:shadow-md',
    RADIUS[cta.button_radius] ?? RADIUS.rounded,
    FOCUS_RING,
  );

  let button;
  if (accounts) {
    // Back here after signing in (or registering).
    const here = route.match ? route.match.path + (route.match.search ? `?${route.match.search}` : '') : '/';
    button = (
      <div className="flex shrink-0 flex-col items-center gap-2">
        <Link to={signInPath(here)} className={buttonClass} style={buttonStyle} data-cta-button="">{label}</Link>
        {signup && (
          <Link to={registerPath(here)} className={cx('rounded text-sm font-semibold underline underline-offset-2', FOCUS_RING)} style={{ color: ink }} data-cta-register="">
            {t('home.cta.create')}
          </Link>
        )}
      </div>
    );
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
      data-signup={accounts ? (signup ? 'open' : 'closed') : undefined}
      aria-label={title || label}
      className={cx('flex flex-col gap-5 rounded-2xl px-6 py-8 shadow-sm sm:px-10', LAYOUT[cta.position] ?? LAYOUT.left)}
      style={{ backgroundColor: background, color: ink }}
    >
      <div className={cx('min-w-0', cta.position === 'center' ? 'max-w-2xl' : 'max-w-3xl')}>
        {title && <h2 className="m-0 text-xl font-semibold sm:text-2xl">{title}</h2>}
        {message && <p className="m-0 mt-2 text-base opacity-90">{message}</p>}
      </div>
      {button}
    </section>
  );
}

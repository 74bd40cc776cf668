// The home page's hero: title and message from the settings, aligned left, centre or right, on the
// provider's heading colour; with the 'search' format, a search box that opens the search results.
import type { SiteSettings } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import { useNavigate } from '../../router/context.tsx';
import { href } from '../../rules/routes.ts';
import { SearchInput } from '../../ui/SearchInput.tsx';
import { cx } from '../../ui/tone.ts';

type HeroSettings = SiteSettings['homepage']['hero'];

const ALIGN = {
  left: { text: 'text-left', box: 'mr-auto', items: 'items-start' },
  center: { text: 'text-center', box: 'mx-auto', items: 'items-center' },
  right: { text: 'text-right', box: 'ml-auto', items: 'items-end' },
} as const;

export function Hero({ hero }: { hero: HeroSettings }) {
  const { t } = useMessages('home');
  const navigate = useNavigate();
  const align = ALIGN[hero.position] ?? ALIGN.left;
  const title = hero.title.trim() || t('home.hero.title');
  const search = (text: string) => {
    const value = text.trim();
    if (value) navigate(href('search', { tab: 'all' }, { search: value.trim() }));
  };
  return (
    <section
      data-hero=""
      data-position={hero.position}
      aria-labelledby="agora-home-hero-title"
      className="relative isolate overflow-hidden bg-heading text-on-heading"
    >
      {/* Soft light from the provider's primary colour; decoration only. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 opacity-60 [background:radial-gradient(60%_120%_at_15%_0%,color-mix(in_srgb,var(--agora-primary)_55%,transparent),transparent_70%),radial-gradient(50%_90%_at_90%_100%,color-mix(in_srgb,var(--agora-tertiary)_40%,transparent),transparent_70%)]" />
      <div className={cx('mx-auto flex w-full max-w-[1360px] flex-col px-4 py-14 sm:px-6 sm:py-20', align.items)}>
        <div className={cx('w-full max-w-3xl', align.box, align.text)}>
          <h1 id="agora-home-hero-title" className="m-0 text-3xl font-bold leading-tight tracking-tight sm:text-5xl">{title}</h1>
          {hero.message.trim() && <p className="m-0 mt-4 text-base leading-relaxed opacity-85 sm:text-lg">{hero.message}</p>}
        </div>
        {hero.format === 'search' && (
          <form
            role="search"
            data-hero-search=""
            className={cx('mt-8 w-full max-w-2xl text-left', align.box)}
            onSubmit={(event) => event.preventDefault()}
          >
            <SearchInput
              onSubmit={search}
              size="lg"
              label={t('home.hero.searchLabel')}
              placeholder={t('home.hero.searchPlaceholder')}
              className="[&_input]:border-transparent [&_input]:shadow-lg"
            />
          </form>
        )}
      </div>
    </section>
  );
}

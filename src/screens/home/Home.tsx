// The home page (/ and <agora-home>, spec 1 §2 "Home page", spec 3 §3 homepage settings): the
// hero (title, message, search box when its format is 'search'), the call-to-action banner when
// enabled, the featured categories when the featured content is categories, and the most recently
// published products. Everything follows the marketplace's settings.
import { useMarketplace, type SiteSettings } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import { useSignedIn } from '../../state/store.ts';
import { ErrorPlaceholder, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { CtaBanner, showsCta } from './CtaBanner.tsx';
import { FeaturedCategories } from './FeaturedCategories.tsx';
import { Hero } from './Hero.tsx';
import { RecentProducts } from './RecentProducts.tsx';

export default function Home() {
  const { t } = useMessages('home');
  const marketplace = useMarketplace();
  const settings = marketplace.data?.settings;
  if (!settings) {
    if (marketplace.error) return <ErrorPlaceholder error={marketplace.error} onRetry={() => void marketplace.mutate()} />;
    return <LoadingPlaceholder className="py-24" label={t('home.loading')} />;
  }
  return <HomeContent settings={settings} />;
}

function HomeContent({ settings }: { settings: SiteSettings }) {
  const signedIn = useSignedIn();
  const { hero, cta, featured } = settings.homepage;
  const featuredCategories = featured.content === 'categories' && settings.categories.enabled;
  return (
    <div data-screen="home" className="agora-home pb-12">
      <Hero hero={hero} />
      <div className="mx-auto flex w-full max-w-[1360px] flex-col gap-12 px-4 pt-10 sm:px-6 lg:pt-12">
        {showsCta(cta, signedIn) && <CtaBanner cta={cta} signup={settings.signup} />}
        {featuredCategories && <FeaturedCategories title={featured.title} />}
        <RecentProducts sort={featured.sort} ratingsEnabled={settings.reviews.enabled} />
      </div>
    </div>
  );
}

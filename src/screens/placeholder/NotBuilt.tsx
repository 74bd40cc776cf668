// The page of a route whose screen a later release builds: names the screen, says so plainly,
// and shows what the route carries (so the route and its parameters can be checked today).
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import type { NotBuiltProps } from '../../router/screens.ts';
import { IconConstruction } from '../shell/pageIcons.tsx';

export default function NotBuilt({ title, route, params }: NotBuiltProps) {
  const { t } = useMessages();
  const entries = Object.entries(params);
  return (
    <section data-route={route} className="mx-auto max-w-3xl px-4 py-12 nav:px-8 nav:py-16">
      <div className="rounded-2xl border border-gray-200 bg-white p-8 shadow-sm nav:p-10">
        <div className="flex items-start gap-4">
          <div className="grid h-12 w-12 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary">
            <IconConstruction size={24} />
          </div>
          <div className="min-w-0">
            <span className="inline-flex items-center rounded-full bg-warning/20 px-2.5 py-0.5 text-xs font-semibold text-warning-ink">
              {t('shell.notBuilt.badge')}
            </span>
            <h1 className="m-0 mt-2 text-2xl font-semibold tracking-tight text-gray-900">{t(title)}</h1>
            <p className="m-0 mt-2 text-gray-600">{t('shell.notBuilt.message')}</p>
          </div>
        </div>
        {entries.length > 0 && (
          <dl className="m-0 mt-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5 rounded-lg bg-container px-5 py-4 text-sm">
            {entries.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-mono text-gray-500">{key}</dt>
                <dd data-param={key} className="m-0 break-all font-mono text-gray-900">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <div className="mt-8">
          <Link to="/browseProducts" className="text-sm font-semibold text-primary no-underline hover:underline">
            {t('shell.notBuilt.home')} →
          </Link>
        </div>
      </div>
    </section>
  );
}

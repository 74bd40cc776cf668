// The right pane of the product page (spec 1 §2, spec 3 §2.1): ratings summary, support contact,
// categories (links to their page), tags and the product's history.
import type { ReactNode } from 'react';
import { useVersions, type Product } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { versionsLimit, versionStateTone } from '../../rules/version.ts';
import { Status } from '../../ui/Status.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { IconExternal } from '../../ui/icons.tsx';
import { productHref, useProductPage } from './context.ts';
import { IconClock, IconHistory, IconLink, IconMail, IconPhone, IconSlack, IconTeams } from './icons.tsx';
import { RatingsSummary } from './RatingsSummary.tsx';
import { useVersionStateLabel } from './VersionSelector.tsx';

export function Card({ title, children, className, part }: { title: ReactNode; children: ReactNode; className?: string; part?: string }) {
  return (
    <section className={cx('rounded-xl border border-gray-200 bg-white p-5 shadow-sm', className)} data-part={part}>
      <h2 className="m-0 mb-3 text-sm font-semibold uppercase tracking-wide text-gray-500">{title}</h2>
      {children}
    </section>
  );
}

export function RightPane() {
  const { t } = useMessages('product');
  const { product, versionId, ratingsEnabled } = useProductPage();
  return (
    <aside className="flex min-w-0 flex-col gap-4" aria-label={t('product.pane.label')}>
      {ratingsEnabled && (
        <Card title={t('product.pane.ratings')} part="pane-ratings">
          <RatingsSummary info={product.ratingInfo} />
          {(product.ratingInfo?.total ?? 0) > 0 && (
            <Link to={productHref.tab(product.id, versionId, 'ratings')} className={cx('mt-3 inline-block rounded text-sm font-medium text-primary hover:underline', FOCUS_RING)}>
              {t('product.pane.allRatings')}
            </Link>
          )}
        </Card>
      )}
      <SupportCard contact={product.contact} />
      {(product.categories?.length ?? 0) > 0 && (
        <Card title={t('product.pane.categories')} part="pane-categories">
          <ul className="m-0 flex list-none flex-wrap gap-2 p-0">
            {product.categories!.map((c) => (
              <li key={c.id}>
                <Link
                  to={productHref.category(c.id)}
                  className={cx('inline-flex items-center rounded-full border border-primary/30 bg-primary/5 px-3 py-1 text-sm font-medium text-primary no-underline hover:bg-primary/10', FOCUS_RING)}
                >
                  {c.title}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
      {(product.tags?.length ?? 0) > 0 && (
        <Card title={t('product.pane.tags')} part="pane-tags">
          <Tags tags={product.tags!} />
        </Card>
      )}
      <HistoryCard product={product} />
    </aside>
  );
}

export function Tags({ tags }: { tags: readonly string[] }) {
  return (
    <ul className="m-0 flex list-none flex-wrap gap-1.5 p-0">
      {tags.map((tag) => (
        <li key={tag} className="rounded-md bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">{tag}</li>
      ))}
    </ul>
  );
}

type Contact = NonNullable<Product['contact']>;

/** Office hours arrive as text, or as periods ({ day(s), from/start, to/end }). */
export function officeHoursText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  const list = Array.isArray(value)
    ? value
    : value && typeof value === 'object' && Array.isArray((value as { officeHoursPeriods?: unknown }).officeHoursPeriods)
      ? (value as { officeHoursPeriods: unknown[] }).officeHoursPeriods
      : [];
  return list
    .map((item) => {
      if (typeof item === 'string') return item;
      if (!item || typeof item !== 'object') return '';
      const p = item as Record<string, unknown>;
      const days = [p.days, p.day].find((d) => d !== undefined);
      const dayText = Array.isArray(days) ? days.join(', ') : typeof days === 'string' ? days : '';
      const from = p.from ?? p.start ?? p.open;
      const to = p.to ?? p.end ?? p.close;
      const hours = from && to ? `${String(from)}–${String(to)}` : '';
      return [dayText, hours].filter(Boolean).join(' ');
    })
    .filter(Boolean)
    .join('; ');
}

function ChannelIcon({ type }: { type?: string }) {
  if (type === 'slack') return <IconSlack size={16} className="text-[#4A154B]" />;
  if (type === 'msteams') return <IconTeams size={16} className="text-[#5059C9]" />;
  return <IconLink size={16} className="text-gray-500" />;
}

const safeUrl = (value: string | undefined) => (value && /^(https?:|mailto:)/i.test(value.trim()) ? value.trim() : null);

function SupportCard({ contact }: { contact: Contact | undefined }) {
  const { t } = useMessages('product');
  const hours = officeHoursText(contact?.officeHours);
  const alternatives = (contact?.alternativeContacts ?? []).filter((c) => safeUrl(c.value));
  const empty = !contact?.email && !contact?.phoneNo && !hours && alternatives.length === 0;
  const row = 'flex items-start gap-2.5 text-sm text-gray-700';
  const link = cx('break-all rounded text-primary hover:underline', FOCUS_RING);
  return (
    <Card title={t('product.pane.support')} part="pane-support">
      {contact?.title && <p className="m-0 mb-3 font-medium text-gray-900">{contact.title}</p>}
      {empty ? (
        <p className="m-0 text-sm text-gray-500">{t('product.pane.noContact')}</p>
      ) : (
        <ul className="m-0 flex list-none flex-col gap-2.5 p-0">
          {contact?.email && (
            <li className={row}>
              <IconMail size={16} className="mt-0.5 shrink-0 text-gray-500" />
              <span className="sr-only">{t('product.pane.email')}</span>
              <a href={`mailto:${contact.email}`} className={link}>{contact.email}</a>
            </li>
          )}
          {contact?.phoneNo && (
            <li className={row}>
              <IconPhone size={16} className="mt-0.5 shrink-0 text-gray-500" />
              <span className="sr-only">{t('product.pane.phone')}</span>
              <a href={`tel:${contact.phoneNo.replace(/[^\d+]/g, '')}`} className={link}>{contact.phoneNo}</a>
            </li>
          )}
          {hours && (
            <li className={row} data-part="office-hours">
              <IconClock size={16} className="mt-0.5 shrink-0 text-gray-500" />
              <span>
                <span className="block text-xs font-medium uppercase tracking-wide text-gray-500">{t('product.pane.officeHours')}</span>
                {hours}
              </span>
            </li>
          )}
          {alternatives.map((c, i) => (
            <li key={i} className={row} data-channel={c.type ?? 'url'}>
              <span className="mt-0.5 shrink-0"><ChannelIcon type={c.type} /></span>
              <a href={safeUrl(c.value)!} target="_blank" rel="noopener noreferrer" className={cx('inline-flex items-center gap-1', link)}>
                {c.title || c.value}
                <IconExternal size={12} className="shrink-0 opacity-60" />
                <span className="sr-only">{t('product.pane.newTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function HistoryCard({ product }: { product: Product }) {
  const { t, fmt } = useMessages('product');
  const { settings, versionId } = useProductPage();
  const versions = useVersions(product.id, versionsLimit(settings.versions?.display));
  const stateLabel = useVersionStateLabel();
  return (
    <Card title={t('product.pane.history')} part="pane-history">
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {product.metadata?.createdAt && (
          <>
            <dt className="text-gray-500">{t('product.pane.created')}</dt>
            <dd className="m-0 text-gray-900 tabular-nums" data-history="created">{fmt.date(product.metadata.createdAt)}</dd>
          </>
        )}
        {product.metadata?.modifiedAt && (
          <>
            <dt className="text-gray-500">{t('product.pane.modified')}</dt>
            <dd className="m-0 text-gray-900 tabular-nums" data-history="modified">{fmt.date(product.metadata.modifiedAt)}</dd>
          </>
        )}
        {product.owner?.name && (
          <>
            <dt className="text-gray-500">{t('product.pane.owner')}</dt>
            <dd className="m-0 text-gray-900">{product.owner.name}</dd>
          </>
        )}
      </dl>
      {versions.data && versions.data.items.length > 0 && (
        <>
          <h3 className="m-0 mb-2 mt-4 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-gray-500">
            <IconHistory size={14} /> {t('product.pane.versions')}
          </h3>
          <ol className="m-0 flex list-none flex-col gap-2 border-l-2 border-gray-100 p-0 pl-3" data-part="history-versions">
            {versions.data.items.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <Link
                  to={productHref.tab(product.id, v.id, 'overview')}
                  aria-current={v.id === versionId ? 'page' : undefined}
                  className={cx('rounded font-medium hover:underline', v.id === versionId ? 'text-gray-900' : 'text-primary', FOCUS_RING)}
                >
                  {v.label}
                </Link>
                <Status tone={versionStateTone(v.state)}>{stateLabel(v.state)}</Status>
                <span className="ml-auto text-xs tabular-nums text-gray-500">{fmt.date(v.metadata.createdAt)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </Card>
  );
}

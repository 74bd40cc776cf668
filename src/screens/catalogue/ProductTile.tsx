// A product of the browse list (spec 1 §2): icon, title, latest version and its state, rating,
// description, the contact alert for a product in warning or error, and the five links: details,
// the product's subscriptions, and the resources, plans and documents of the latest version.
import { useState, type ReactNode } from 'react';
import type { Product } from '../../api/catalogue.ts';
import { imageUrl } from '../../api/catalogue.ts';
import { useElementConfig } from '../../api/context.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { href } from '../../rules/routes.ts';
import { versionNumber } from '../../rules/version.ts';
import { Alert } from '../../ui/Alert.tsx';
import { StarRating } from '../../ui/StarRating.tsx';
import { Status, toneOf, VERSION_STATE_TONE } from '../../ui/Status.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { ContactLine } from '../product/ContactLine.tsx';
import { IconBook, IconBox, IconLayers, IconReceipt } from './icons.tsx';

/** The five destinations of a tile. Without a published version the product's own tabs are used. */
export function tileLinks(product: Pick<Product, 'id' | 'latestVersion'>) {
  const productId = product.id;
  const versionId = product.latestVersion?.id ?? '';
  return {
    details: href('product.overview', { productId }),
    subscriptions: href('subscriptions', {}, { product: productId }),
    resources: href('product.resources', { productId, versionId }),
    plans: href('product.plans', { productId, versionId }),
    documents: href('product.docs', { productId, versionId }),
  };
}

function initials(title: string): string {
  const words = title.replace(/[^\p{L}\p{N}]+/gu, ' ').split(' ').filter(Boolean);
  if (!words.length) return '?';
  return (words.length > 1 ? words[0]![0]! + words[1]![0]! : words[0]!.slice(0, 2)).toUpperCase();
}

export function ProductIcon({ title, icon, size = 48 }: { title: string; icon?: string | null; size?: number }) {
  const { apiBase } = useElementConfig();
  const [failed, setFailed] = useState(false);
  const src = imageUrl(apiBase, icon);
  const box = { width: size, height: size };
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        style={box}
        loading="lazy"
        onError={() => setFailed(true)}
        className="shrink-0 rounded-lg border border-gray-100 bg-white object-contain p-1"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={box}
      className="flex shrink-0 items-center justify-center rounded-lg bg-primary/10 text-base font-semibold tracking-wide text-primary"
    >
      {initials(title || '?')}
    </span>
  );
}

function TileLink({ to, icon, label, count }: { to: string; icon: ReactNode; label: string; count?: string }) {
  return (
    <Link
      to={to}
      className={cx(
        'flex items-center gap-1.5 whitespace-nowrap rounded-md px-2 py-1 text-xs font-medium text-gray-600 no-underline hover:bg-gray-100 hover:text-primary',
        FOCUS_RING,
      )}
    >
      <span className="shrink-0 text-gray-400">{icon}</span>
      <span>{label}</span>
      {count !== undefined && <span className="rounded-full bg-gray-100 px-1.5 text-[11px] font-semibold leading-4 text-gray-700">{count}</span>}
    </Link>
  );
}

export interface ProductTileProps {
  product: Product;
  ratingsEnabled: boolean;
}

export function ProductTile({ product, ratingsEnabled }: ProductTileProps) {
  const { t, fmt } = useMessages('tiles');
  const title = product.title ?? product.name ?? product.id;
  const links = tileLinks(product);
  const version = product.latestVersion;
  const status = product.status;
  const rating = product.ratingInfo;
  const stateKey = version?.state && ['active', 'deprecated', 'archived'].includes(version.state) ? version.state : null;
  return (
    <article
      data-product-id={product.id}
      className="group flex min-w-0 flex-col rounded-xl border border-gray-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-5">
        <div className="flex min-w-0 items-start gap-4">
          <ProductIcon title={title} icon={product.links?.icon} />
          <div className="min-w-0 flex-1">
            <h3 className="m-0 text-base font-semibold leading-6 text-gray-900">
              <Link to={links.details} className={cx('rounded text-gray-900 no-underline hover:text-primary hover:underline', FOCUS_RING)}>
                {title}
              </Link>
            </h3>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-500">
              {version ? (
                <>
                  <span className="font-mono">{t('tiles.product.version', { version: versionNumber(version.label) })}</span>
                  {stateKey && (
                    <Status tone={toneOf(VERSION_STATE_TONE, stateKey)}>
                      {t(`tiles.product.state.${stateKey as 'active' | 'deprecated' | 'archived'}`)}
                    </Status>
                  )}
                </>
              ) : (
                <span>{t('tiles.product.noVersion')}</span>
              )}
            </div>
          </div>
        </div>

        {ratingsEnabled && rating && (
          <div className="flex items-center gap-2 text-sm">
            {rating.total > 0 ? (
              <StarRating value={rating.average} showValue count={rating.total} size={14} />
            ) : (
              <span className="text-xs text-gray-500">{t('tiles.product.noRatings')}</span>
            )}
          </div>
        )}

        <p
          className={cx(
            'm-0 overflow-hidden text-sm leading-6 [display:-webkit-box] [-webkit-box-orient:vertical] [-webkit-line-clamp:3]',
            product.description ? 'text-gray-600' : 'italic text-gray-500',
          )}
        >
          {product.description || t('tiles.product.noDescription')}
        </p>

        {(status === 'warning' || status === 'error') && (
          <Alert tone={status === 'error' ? 'danger' : 'warning'} title={t(`tiles.product.status.${status}`)} className="mt-auto py-2 text-xs">
            <ContactLine email={product.contact?.email} />
          </Alert>
        )}

        {product.categories && product.categories.length > 0 && (
          <ul className="m-0 mt-auto flex list-none flex-wrap gap-1.5 p-0">
            {product.categories.slice(0, 3).map((c) => (
              <li key={c.id} className="rounded-full bg-container px-2 py-0.5 text-[11px] font-medium text-gray-600">
                {c.title}
              </li>
            ))}
          </ul>
        )}
      </div>

      <nav aria-label={t('tiles.product.links', { product: title })} className="border-t border-gray-100 px-3 py-2.5">
        <ul className="m-0 flex list-none flex-wrap items-center gap-1 p-0">
          <li>
            <TileLink to={links.resources} icon={<IconLayers />} label={t('tiles.product.resources')} count={fmt.count(product.resources?.totalCount ?? 0)} />
          </li>
          <li>
            <TileLink to={links.plans} icon={<IconReceipt />} label={t('tiles.product.plans')} count={fmt.count(product.plans?.totalCount ?? 0)} />
          </li>
          <li>
            <TileLink to={links.documents} icon={<IconBook />} label={t('tiles.product.documents')} />
          </li>
          <li>
            <TileLink
              to={links.subscriptions}
              icon={<IconBox />}
              label={t('tiles.product.subscriptions')}
              count={fmt.count(product.subscriptions?.totalCount ?? 0)}
            />
          </li>
          <li className="ml-auto">
            <Link
              to={links.details}
              className={cx('flex items-center whitespace-nowrap rounded-md px-2 py-1 text-sm font-semibold text-primary no-underline hover:bg-primary/5', FOCUS_RING)}
            >
              {t('tiles.product.details')} <span aria-hidden="true" className="ml-1">→</span>
            </Link>
          </li>
        </ul>
      </nav>
    </article>
  );
}

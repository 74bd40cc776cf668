// The resource page's notices (spec 1 §2, §4, §8; spec 2 §8): deleted by the provider (with the
// contact line), not the latest version (with a link to it), mutual TLS, read-only specification,
// the large-file performance warning at LARGE_SPEC_BYTES or more, and what the import tolerated
// in the description (its warnings, as the publishing server wrote them).
import type { AssetResource } from '../../api/explorer.ts';
import { useResourceCounterpart } from '../../api/explorer.ts';
import type { Product } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { LARGE_SPEC_BYTES } from '../../rules/constants.ts';
import { href } from '../../rules/routes.ts';
import { Link } from '../../router/context.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { ContactLine } from '../product/ContactLine.tsx';

/** '13 MB', '154 kB' ('13 Mo' in French…): the reader's locale names the unit. */
export function useByteSize(): (bytes: number) => string {
  const { intl } = useMessages();
  return (bytes) => {
    const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : bytes >= 1_000 ? [bytes / 1_000, 'kilobyte'] : [bytes, 'byte'];
    return intl.formatNumber(value, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: unit === 'megabyte' ? 1 : 0 });
  };
}

export interface WarningsProps {
  product: Product;
  resource: AssetResource;
  versionId: string;
  versionLabel: string | undefined;
}

export function Warnings({ product, resource, versionId, versionLabel }: WarningsProps) {
  const { t } = useMessages('explorer');
  const size = useByteSize();
  const latestId = product.latestVersion?.id ?? null;
  const notLatest = !!latestId && latestId !== versionId;
  const counterpart = useResourceCounterpart(product.id, notLatest ? latestId : null, resource.sourceAssetResourceId);
  // Offered once the counterpart's read has settled: a link whose target changed as the read
  // answered took an early click to the version's resource list instead of the resource.
  const latestHref = notLatest && !counterpart.isLoading
    ? counterpart.data
      ? href('product.resource', { productId: product.id, versionId: latestId!, resourceId: counterpart.data.id, tab: 'methods' })
      : href('product.resources', { productId: product.id, versionId: latestId! })
    : null;
  const large = resource.specificationSize >= LARGE_SPEC_BYTES;
  const deleted = resource.status === 'deleted';
  const imported = resource.importWarnings ?? [];
  if (!deleted && !notLatest && !resource.mutualTls && !resource.readOnly && !large && imported.length === 0) return null;
  return (
    <div className="flex flex-col gap-3" data-part="warnings">
      {deleted && (
        <Alert tone="danger" title={t('explorer.warning.deleted')}>
          <span data-warning="deleted"><ContactLine email={product.contact?.email} /></span>
        </Alert>
      )}
      {notLatest && (
        <Alert
          tone="warning"
          title={t('explorer.warning.notLatest')}
          action={latestHref && (
            <Link to={latestHref} className="whitespace-nowrap font-medium text-primary underline underline-offset-2" data-link="latest">
              {t('explorer.warning.goToLatest', { version: product.latestVersion?.label ?? '' })}
            </Link>
          )}
        >
          <span data-warning="not-latest">{t('explorer.warning.notLatestMessage', { version: versionLabel ?? '', latest: product.latestVersion?.label ?? '' })}</span>
        </Alert>
      )}
      {resource.mutualTls && (
        <Alert tone="info" title={t('explorer.warning.mutualTls')}>
          <span data-warning="mutual-tls">{t('explorer.warning.mutualTlsMessage')}</span>
        </Alert>
      )}
      {resource.readOnly && (
        <Alert tone="info" title={t('explorer.readOnly.title')}>
          <span data-warning="read-only">{t('explorer.readOnly.message')}</span>
        </Alert>
      )}
      {large && (
        <Alert tone="warning" title={t('explorer.warning.large', { size: size(resource.specificationSize) })}>
          <span data-warning="large">{t('explorer.warning.largeMessage')}</span>
        </Alert>
      )}
      {imported.length > 0 && (
        <Alert tone="info" title={t('explorer.warning.imported', { count: imported.length })}>
          <ul className="m-0 list-disc pl-5" data-warning="import">
            {imported.map((w, i) => <li key={i}>{w}</li>)}
          </ul>
        </Alert>
      )}
    </div>
  );
}

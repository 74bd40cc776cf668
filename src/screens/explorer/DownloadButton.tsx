// Download of the whole definition: disabled, with the 'Resource definition not found' tooltip,
// when the resource has an empty definition (spec 1 §2). Failures are only logged (spec 1 §8).
// And of an OpenAPI resource's collection (issue 30): for Postman, or the OpenAPI file re-based on
// the gateway that Insomnia and Bruno import; both call this portal's gateway with the key as a variable.
import { useState } from 'react';
import { downloadCollection, downloadDefinition, type AssetResource, type CollectionFormat } from '../../api/explorer.ts';
import { useApi } from '../../api/context.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Button } from '../../ui/Button.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';

const IconDownload = ({ size = 16 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </svg>
);

export function DownloadButton({ productId, versionId, resource, variant = 'secondary' }: {
  productId: string; versionId: string; resource: AssetResource; variant?: 'primary' | 'secondary';
}) {
  const { t } = useMessages('explorer');
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const empty = resource.hasEmptyDefinition;
  const download = async () => {
    setBusy(true);
    try {
      await downloadDefinition(api, productId, versionId, resource.id, `${resource.title || resource.id}.txt`);
    } catch (error) {
      console.warn('agora: the definition could not be downloaded', error);
    } finally {
      setBusy(false);
    }
  };
  const button = (
    <Button variant={variant} onClick={() => void download()} disabled={empty} busy={busy} icon={<IconDownload />} data-action="download" aria-disabled={empty || undefined}>
      {t('explorer.download')}
    </Button>
  );
  return empty ? <Tooltip content={t('explorer.definitionNotFound')} focusableWrapper>{button}</Tooltip> : button;
}

/** Resource types a collection is made from (the server answers 409 for the others). */
const COLLECTION_TYPES = new Set(['oas2', 'oas3', 'oas3.1']);
const FORMATS: Array<{ format: CollectionFormat; label: 'explorer.collection.postman' | 'explorer.collection.openapi' }> = [
  { format: 'postman', label: 'explorer.collection.postman' },
  { format: 'openapi', label: 'explorer.collection.openapi' },
];

export function CollectionButtons({ productId, versionId, resource }: { productId: string; versionId: string; resource: AssetResource }) {
  const { t } = useMessages('explorer');
  const api = useApi();
  const [busy, setBusy] = useState<CollectionFormat | null>(null);
  if (resource.hasEmptyDefinition || !COLLECTION_TYPES.has(resource.type ?? '')) return null;
  const download = async (format: CollectionFormat) => {
    setBusy(format);
    try {
      await downloadCollection(api, productId, versionId, resource.id, format);
    } catch (error) {
      console.warn('agora: the collection could not be downloaded', error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div role="group" aria-label={t('explorer.collection.download')} className="flex flex-wrap items-center gap-2 sm:justify-end" data-part="collection">
      <span className="text-sm text-gray-600">{t('explorer.collection.download')}</span>
      {FORMATS.map(({ format, label }) => (
        <Button key={format} variant="secondary" size="sm" busy={busy === format} disabled={busy !== null && busy !== format}
          icon={<IconDownload size={14} />} onClick={() => void download(format)} data-action={`collection-${format}`}>
          {t(label)}
        </Button>
      ))}
    </div>
  );
}

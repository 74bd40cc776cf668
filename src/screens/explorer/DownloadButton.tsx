// Download of the whole definition: disabled, with the 'Resource definition not found' tooltip,
// when the resource has an empty definition (spec 1 §2). Failures are only logged (spec 1 §8).
import { useState } from 'react';
import { downloadDefinition, type AssetResource } from '../../api/explorer.ts';
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

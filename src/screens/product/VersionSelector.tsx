// The version selector (1 version in 'latest' display mode, else up to 50) and the version state
// label in its colour (active success, deprecated tertiary, archived danger).
import { useId } from 'react';
import { useVersions } from '../../api/products.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { useNavigate } from '../../router/context.tsx';
import { versionsLimit, versionStateTone } from '../../rules/version.ts';
import { Status } from '../../ui/Status.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { productHref, useProductPage, type ProductTab } from './context.ts';

const STATE_LABEL: Record<string, MessageKey> = {
  active: 'product.version.state.active',
  deprecated: 'product.version.state.deprecated',
  archived: 'product.version.state.archived',
};

export function useVersionStateLabel(): (state: string) => string {
  const { t } = useMessages('product');
  return (state) => (STATE_LABEL[state] ? t(STATE_LABEL[state]!) : state);
}

export function VersionStateLabel({ state }: { state: string }) {
  const label = useVersionStateLabel();
  return <Status tone={versionStateTone(state)}>{label(state)}</Status>;
}

export function VersionSelector({ tab, planId }: { tab: ProductTab; planId?: string }) {
  const { t } = useMessages('product');
  const id = useId();
  const navigate = useNavigate();
  const { product, version, versionId, settings } = useProductPage();
  const versions = useVersions(product.id, versionsLimit(settings.versions?.display));
  const items = versions.data?.items ?? [];
  // The version in the address may be one the list leaves out (latest-only mode, older link).
  const options = version && !items.some((v) => v.id === version.id) ? [...items, version] : items;

  const go = (next: string) => {
    navigate(planId ? productHref.plan(product.id, next, planId) : productHref.tab(product.id, next, tab));
  };

  return (
    <div className="flex flex-wrap items-center gap-2" data-part="version">
      <label htmlFor={id} className="text-sm font-medium text-gray-600">{t('product.version.label')}</label>
      {versions.error && options.length === 0 ? (
        <span role="alert" className="text-sm text-danger-ink" data-error="versions">{t('product.error.versions')}</span>
      ) : (
        <select
          id={id}
          value={versionId ?? ''}
          disabled={options.length === 0}
          onChange={(e) => go(e.target.value)}
          className={cx('h-9 min-w-[8rem] rounded-md border border-gray-300 bg-white pl-3 pr-8 text-sm text-gray-900 shadow-sm disabled:opacity-60', FOCUS_RING)}
        >
          {options.length === 0 && versionId && <option value={versionId}>{version?.label ?? '…'}</option>}
          {options.map((v) => (
            <option key={v.id} value={v.id}>
              {v.latest ? t('product.version.latestOption', { label: v.label }) : v.label}
            </option>
          ))}
        </select>
      )}
      {versions.error && options.length > 0 && (
        <span role="alert" className="text-xs text-danger-ink" data-error="versions">{t('product.error.versions')}</span>
      )}
      {version && <span data-version-state={version.state}><VersionStateLabel state={version.state} /></span>}
    </div>
  );
}

// The credential detail side panel (spec 2 §2): its fields, the provisioned data read-only
// (secrets masked: they only show through View secret), the nested resources table (10 per page,
// by name; the #resources-expanded hash opens it), an OAuth credential's redirect and token URLs,
// and the actions.
import { useState } from 'react';
import { useCredential, useCredentialResources, type Credential } from '../../api/credentials.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { CREDENTIAL_RESOURCES_PAGE_SIZE } from '../../rules/constants.ts';
import { canViewSecret, type CredentialAction } from '../../rules/credentials.ts';
import { href } from '../../rules/routes.ts';
import { Link } from '../../router/context.tsx';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { IconChevronDown, IconChevronRight } from '../../ui/moreIcons.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import { Status } from '../../ui/Status.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { ActionsMenu, CredentialStateBadge, ErrorBanner, ExpiresCell, Fields, ownerName } from './parts.tsx';
import { factsOf, oauthRedirectUrl, secretFields } from './query.ts';
import { hasProperties } from './CredentialCreate.tsx';
import { SchemaForm } from '../../ui/SchemaForm.tsx';

export interface CredentialDetailProps {
  credentialId: string;
  resourcesExpanded?: boolean;
  onClose: () => void;
  onAction: (credential: Credential, action: CredentialAction | 'viewSecret') => void;
}

export function CredentialDetail({ credentialId, resourcesExpanded, onClose, onAction }: CredentialDetailProps) {
  const { t } = useMessages('credentials');
  const credential = useCredential(credentialId);
  const c = credential.data;
  const now = new Date();
  let body;
  if (credential.error) {
    const status = errorStatus(credential.error);
    body = status === 403 ? <UnauthorizedPlaceholder />
      : status === 404 ? <EmptyPlaceholder title={t('credentials.detail.notFound')} message={t('credentials.detail.notFoundMessage')} />
      : <ErrorPlaceholder title={t('credentials.detail.error')} error={credential.error} onRetry={() => void credential.mutate()} />;
  } else if (!c) {
    body = <LoadingPlaceholder />;
  } else {
    body = <DetailBody credential={c} now={now} resourcesExpanded={!!resourcesExpanded} />;
  }
  const viewable = !!c && canViewSecret(factsOf(c), now);
  return (
    <SidePanel
      open
      title={c?.title ?? t('credentials.title')}
      subtitle={c ? t(`credentials.type.${c.crdType}` as MessageKey) : undefined}
      onClose={onClose}
      size="xl"
      footer={c && (
        <div className="flex w-full flex-wrap items-center justify-end gap-2" data-part="detail-actions">
          {viewable && (
            <Button variant="primary" format="solid" onClick={() => onAction(c, 'viewSecret')} data-action="viewSecret">
              {t('credentials.action.viewSecret')}
            </Button>
          )}
          <ActionsMenu credential={c} now={now} up onAction={(a) => a !== 'view' && onAction(c, a)} />
        </div>
      )}
    >
      <div data-part="credential-detail" data-credential={credentialId}>{body}</div>
    </SidePanel>
  );
}

function DetailBody({ credential: c, now, resourcesExpanded }: { credential: Credential; now: Date; resourcesExpanded: boolean }) {
  const { t, fmt } = useMessages('credentials');
  const p = c.provisioning;
  return (
    <div className="flex flex-col gap-5">
      <ErrorBanner credential={c} />
      <Fields items={[
        [t('credentials.field.state'), <CredentialStateBadge credential={c} />],
        [t('credentials.field.status'), <Status tone={p.status === 'success' ? 'success' : p.status === 'error' ? 'danger' : 'warning'}>{t(`credentials.status.${p.status}` as MessageKey)}</Status>],
        [t('credentials.field.type'), t(`credentials.type.${c.crdType}` as MessageKey)],
        [t('credentials.field.definition'), c.credentialRequestDefinition.title],
        [t('credentials.field.application'), <Link to={href('application.credentials', { applicationId: c.application.id })} className="text-primary underline-offset-2 hover:underline">{c.application.title}</Link>],
        [t('credentials.field.owner'), ownerName(t, c.owner)],
        [t('credentials.field.created'), fmt.dateTime(c.metadata.createdAt)],
        !!p.provisionedAt && [t('credentials.field.provisioned'), fmt.dateTime(p.provisionedAt)],
        [t('credentials.field.expires'), <ExpiresCell credential={c} now={now} />],
        [t('credentials.field.id'), <code className="font-mono text-xs">{c.id}</code>],
      ]} />
      <ProvisionedData credential={c} />
      <ResourcesSection credential={c} expanded={resourcesExpanded} />
    </div>
  );
}

/** Read-only provisioned values through the provision schema (x-agora-* extensions; a secret
 * field stays masked: the secret only shows through View secret). Without a schema, a plain list. */
function ProvisionedData({ credential: c }: { credential: Credential }) {
  const { t } = useMessages('credentials');
  const data = c.provisioning.data ?? {};
  // An OAuth credential's token URL shows once, absolute, with the redirect URL below.
  const skip = (k: string) => c.crdType === 'OAuth' && k === 'tokenUrl';
  const schema = c.provisioning.schema as { properties?: Record<string, SchemaProp> } | null;
  const props = Object.fromEntries(Object.entries(schema?.properties ?? {}).filter(([k]) => !skip(k)));
  const shown = Object.fromEntries(Object.entries(data).filter(([k]) => !skip(k)));
  return (
    <section aria-labelledby={`prov-${c.id}`} data-part="provisioned">
      <h3 id={`prov-${c.id}`} className="m-0 mb-2 text-sm font-semibold text-gray-900">{t('credentials.detail.provisionedData')}</h3>
      {hasProperties({ properties: props })
        ? <SchemaForm key={c.id} schema={{ ...schema, properties: props, required: [] }} data={shown} readOnly idPrefix={`prov-${c.id}`} />
        : <PlainData credential={c} data={shown} />}
      {c.crdType === 'OAuth' && <OAuthUrls credential={c} />}
    </section>
  );
}

type SchemaProp = { title?: string; 'x-agora-label'?: string; 'x-agora-encrypted'?: boolean; 'x-agora-hidden'?: boolean };

function PlainData({ credential: c, data }: { credential: Credential; data: Record<string, unknown> }) {
  const { t } = useMessages('credentials');
  const secrets = new Set(secretFields(null, data));
  const keys = Object.keys(data);
  if (keys.length === 0) return <p className="m-0 text-gray-500">{t('credentials.detail.noData')}</p>;
  return (
    <div className="space-y-2">
      {keys.map((key) => {
        const masked = secrets.has(key);
        const value = masked ? '••••••••••••' : String(data[key] ?? '');
        const id = `prov-${c.id}-${key}`;
        return (
          <div key={key}>
            <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">{key}</label>
            <div className="flex items-center gap-2">
              <input id={id} readOnly value={value} title={masked ? t('credentials.detail.masked') : undefined}
                className="block w-full min-w-0 rounded-md border border-gray-200 bg-gray-50 px-3 py-1.5 font-mono text-sm text-gray-800" />
              {!masked && <CopyButton value={value} label={key} />}
            </div>
          </div>
        );
      })}
    </div>
  );
}

function OAuthUrls({ credential: c }: { credential: Credential }) {
  const { t } = useMessages('credentials');
  const first = useCredentialResources(c.id, 1, 1).data?.items[0];
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const redirect = first ? oauthRedirectUrl(origin, first.product.id, first.productVersionId, first.id) : '';
  const token = c.tokenUrl ? new URL(c.tokenUrl, origin || 'http://localhost').href : '';
  const row = (label: string, value: string, part: string) => (
    <div>
      <label htmlFor={`${c.id}-${part}`} className="mb-1 block text-sm font-medium text-gray-800">{label}</label>
      <div className="flex items-center gap-2">
        <input id={`${c.id}-${part}`} readOnly value={value} data-part={part} className="block w-full min-w-0 rounded-md border border-gray-200 bg-gray-50 px-3 py-1.5 font-mono text-sm text-gray-800" />
        {value && <CopyButton value={value} label={label} />}
      </div>
    </div>
  );
  return (
    <div className="mt-4 space-y-4" data-part="oauth">
      {row(t('credentials.detail.redirectUrl'), redirect, 'redirect-url')}
      {token && row(t('credentials.detail.tokenUrl'), token, 'token-url')}
    </div>
  );
}

function ResourcesSection({ credential: c, expanded }: { credential: Credential; expanded: boolean }) {
  const { t } = useMessages('credentials');
  const [open, setOpen] = useState(expanded);
  const [page, setPage] = useState(1);
  const resources = useCredentialResources(open ? c.id : null, page, CREDENTIAL_RESOURCES_PAGE_SIZE);
  const list = resources.data;
  return (
    <section data-part="resources" data-open={open}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className={cx('flex w-full items-center gap-2 rounded-md py-1 text-left text-sm font-semibold text-gray-900', FOCUS_RING)}
      >
        {open ? <IconChevronDown /> : <IconChevronRight />}
        {t('credentials.detail.resources', { count: c.resources.totalCount })}
      </button>
      {open && (
        <div className="mt-2">
          {resources.error ? <ErrorPlaceholder error={resources.error} onRetry={() => void resources.mutate()} /> : !list ? <LoadingPlaceholder /> : (
            <DataTable
              label={t('credentials.detail.resourcesLabel')}
              rows={list.items}
              rowKey={(r) => r.id}
              empty={<EmptyPlaceholder title={t('credentials.detail.noResources')} message={null} />}
              columns={[
                { id: 'name', header: t('credentials.resources.name'), cell: (r) => (
                  <Link to={href('product.resource', { productId: r.product.id, versionId: r.productVersionId, resourceId: r.id, tab: 'methods' })} className="text-primary hover:underline">{r.title}</Link>
                ) },
                { id: 'product', header: t('credentials.resources.product'), cell: (r) => r.product.title },
                { id: 'version', header: t('credentials.resources.version'), cell: (r) => r.version },
                { id: 'stage', header: t('credentials.resources.stage'), cell: (r) => r.stage?.title ?? '' },
              ]}
              footer={list.totalCount > CREDENTIAL_RESOURCES_PAGE_SIZE && (
                <Pagination page={page} pageSize={CREDENTIAL_RESOURCES_PAGE_SIZE} totalCount={list.totalCount} onPageChange={setPage} className="mt-2" />
              )}
            />
          )}
        </div>
      )}
    </section>
  );
}

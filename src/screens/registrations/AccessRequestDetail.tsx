// The access request detail side panel (spec 2 §2): its fields, the submitted data read-only
// against its definition's schema, the history (requested first, then approved or declined with
// the reason), delete, and — for a provider Administrator while pending — approve or decline
// with a reason (POST /accessRequests/{id}/approval).
import { useId, useState } from 'react';
import { decideAccessRequest, deleteAccessRequest, useAccessRequest, type AccessRequest } from '../../api/accessRequests.ts';
import { useApi } from '../../api/context.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { href } from '../../rules/routes.ts';
import { Link } from '../../router/context.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { History } from '../../ui/History.tsx';
import { EmptyPlaceholder, ErrorPanel, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { SchemaForm } from '../../ui/SchemaForm.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { givenInformation } from '../../rules/schemaChoices.ts';
import { Fields } from '../credentials/parts.tsx';
import { ApprovalBadge } from './parts.tsx';

export interface AccessRequestDetailProps {
  accessRequestId: string;
  onClose: () => void;
  /** After a delete (the list refetches after 2 s) or a decision. */
  onChanged: (what: 'deleted' | 'decided') => void;
}

export function AccessRequestDetail({ accessRequestId, onClose, onChanged }: AccessRequestDetailProps) {
  const { t } = useMessages('registrations');
  const request = useAccessRequest(accessRequestId);
  const [confirm, setConfirm] = useState<'delete' | 'approved' | 'rejected' | null>(null);
  const r = request.data;
  let body;
  if (request.error) {
    const status = errorStatus(request.error);
    body = status === 403 ? <UnauthorizedPlaceholder />
      : status === 404 ? <EmptyPlaceholder title={t('registrations.detail.notFound')} message={t('registrations.detail.notFoundMessage')} />
      : <ErrorPlaceholder title={t('registrations.detail.error')} error={request.error} onRetry={() => void request.mutate()} />;
  } else if (!r) body = <LoadingPlaceholder />;
  else body = <Body request={r} />;
  const pending = r?.approval.state === 'pending';
  return (
    <>
      <SidePanel
        open
        title={r?.title ?? t('registrations.title')}
        subtitle={r ? <ApprovalBadge state={r.approval.state} /> : undefined}
        onClose={onClose}
        size="xl"
        footer={r && (
          <>
            {r.approval.state === 'approved' && (
              <Link to={href('application.credentials', { applicationId: r.application.id })} className={cx('mr-auto self-center text-sm text-primary hover:underline', FOCUS_RING)}>
                {t('registrations.createCredential')}
              </Link>
            )}
            {r.rights.delete && <Button variant="danger" onClick={() => setConfirm('delete')} data-action="delete">{t('registrations.delete')}</Button>}
            {r.rights.approve && pending && (
              <>
                <Button variant="danger" onClick={() => setConfirm('rejected')} data-action="reject">{t('registrations.reject')}</Button>
                <Button variant="primary" format="solid" onClick={() => setConfirm('approved')} data-action="approve">{t('registrations.approve')}</Button>
              </>
            )}
          </>
        )}
      >
        <div data-part="access-request-detail" data-access-request={accessRequestId}>{body}</div>
      </SidePanel>
      {r && confirm === 'delete' && <DeleteDialog request={r} onCancel={() => setConfirm(null)} onDone={() => { setConfirm(null); onChanged('deleted'); onClose(); }} />}
      {r && (confirm === 'approved' || confirm === 'rejected') && (
        <DecisionDialog request={r} state={confirm} onCancel={() => setConfirm(null)}
          onDone={() => { setConfirm(null); void request.mutate(); onChanged('decided'); }} />
      )}
    </>
  );
}

function Body({ request: r }: { request: AccessRequest }) {
  const { t, fmt } = useMessages('registrations');
  const hasSchema = !!r.schema && Object.keys((r.schema as { properties?: object }).properties ?? {}).length > 0;
  return (
    <div className="flex flex-col gap-5">
      <Fields items={[
        [t('registrations.field.organisation'), r.organisation.name],
        [t('registrations.field.state'), <ApprovalBadge state={r.approval.state} />],
        !!r.approval.reason && [t('registrations.field.reason'), r.approval.reason],
        [t('registrations.field.application'), <Link to={href('application.credentials', { applicationId: r.application.id })} className="text-primary hover:underline">{r.application.title}</Link>],
        [t('registrations.field.subscription'), r.subscription.title],
        [t('registrations.field.product'), <Link to={href('product.overview', { productId: r.product.id, versionId: r.product.version.id })} className="text-primary hover:underline">{r.product.title}</Link>],
        [t('registrations.field.resource'), <Link to={href('product.resource', { productId: r.product.id, versionId: r.assetResource.productVersionId, resourceId: r.assetResource.id, tab: 'methods' })} className="text-primary hover:underline">{r.assetResource.title}</Link>],
        !!r.assetResource.stage && [t('registrations.field.stage'), r.assetResource.stage.title],
        [t('registrations.field.created'), fmt.dateTime(r.metadata.createdAt)],
        [t('registrations.field.updated'), fmt.dateTime(r.metadata.modifiedAt)],
      ]} />
      <section data-part="submitted">
        <h3 className="m-0 mb-2 text-sm font-semibold text-gray-900">{t('registrations.detail.data')}</h3>
        {hasSchema ? <SchemaForm schema={r.schema} data={r.data ?? {}} readOnly idPrefix={`ar-${r.id}`} />
          : <p className="m-0 text-gray-500">{t('registrations.detail.noData')}</p>}
      </section>
      {r.applicationProfile && <ApplicationAttributes profile={r.applicationProfile} />}
      <section data-part="history">
        <h3 className="m-0 mb-2 text-sm font-semibold text-gray-900">{t('registrations.history.title')}</h3>
        <History empty={t('registrations.history.empty')} items={r.history.map((h) => ({
          type: h.type,
          title: t(`registrations.history.${h.type}` as MessageKey),
          by: h.user?.name ? t('registrations.history.by', { name: h.user.name }) : null,
          at: fmt.dateTime(h.at),
          reason: h.reason ? t('registrations.history.reason', { reason: h.reason }) : null,
          tone: h.type === 'approved' ? 'success' : h.type === 'rejected' ? 'danger' : 'neutral',
        }))} />
      </section>
    </div>
  );
}

/** The application's attributes the definition asked for (entered in the wizard's details step):
 * the provider decides on them as much as on the usage questions. */
function ApplicationAttributes({ profile }: { profile: NonNullable<AccessRequest['applicationProfile']> }) {
  const { t } = useMessages('registrations');
  const given = givenInformation(profile.schema, profile.data);
  return (
    <section data-part="application-attributes">
      <h3 className="m-0 mb-2 text-sm font-semibold text-gray-900">{t('registrations.detail.attributes', { title: profile.title })}</h3>
      {given.length ? <Fields items={given.map((g) => [g.label, typeof g.value === 'boolean' ? t(g.value ? 'registrations.yes' : 'registrations.no') : g.value])} />
        : <p className="m-0 text-gray-500">{t('registrations.detail.noData')}</p>}
    </section>
  );
}

function DeleteDialog({ request, onCancel, onDone }: { request: AccessRequest; onCancel: () => void; onDone: () => void }) {
  const { t } = useMessages('registrations');
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <ConfirmDialog open title={t('registrations.delete.title')} message={t('registrations.delete.message', { name: request.title })}
      confirmLabel={t('registrations.delete')} tone="danger" busy={busy} onCancel={onCancel}
      onConfirm={() => {
        setBusy(true);
        deleteAccessRequest(api, request.id).then(onDone, (e: unknown) => { setError(e); setBusy(false); });
      }}
    >
      {!!error && <div role="alert" className="mt-2 text-danger">{t('registrations.deleteError')}<ErrorPanel error={error} /></div>}
    </ConfirmDialog>
  );
}

function DecisionDialog({ request, state, onCancel, onDone }: { request: AccessRequest; state: 'approved' | 'rejected'; onCancel: () => void; onDone: () => void }) {
  const { t } = useMessages('registrations');
  const api = useApi();
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const missing = state === 'rejected' && !reason.trim();
  return (
    <ConfirmDialog open title={t(`registrations.decision.${state}.title`)} message={t(`registrations.decision.${state}.message`, { name: request.title })}
      confirmLabel={t(state === 'approved' ? 'registrations.approve' : 'registrations.reject')} tone={state === 'rejected' ? 'danger' : 'primary'}
      busy={busy} onCancel={onCancel}
      onConfirm={() => {
        if (missing) { setError(new Error(t('registrations.decision.reasonRequired'))); return; }
        setBusy(true);
        decideAccessRequest(api, request.id, state, reason.trim()).then(onDone, (e: unknown) => { setError(e); setBusy(false); });
      }}
    >
      <div className="mt-3">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">{t('registrations.decision.reason')}{state === 'rejected' ? ' *' : ''}</label>
        <textarea id={id} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={2000} data-part="reason"
          className={cx('block w-full rounded-md border border-gray-300 px-3 py-2 text-sm', FOCUS_RING)} />
      </div>
      {!!error && <div role="alert" className="mt-2 text-sm text-danger">{t('registrations.decision.error')}<ErrorPanel error={error} /></div>}
    </ConfirmDialog>
  );
}

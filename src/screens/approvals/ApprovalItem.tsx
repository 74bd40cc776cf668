// One pending item of the approvals queue: its kind, title, product, who asked and when; its
// details on demand (a subscription's plan, owner and additional information against the plan's
// schema; an access request's application, resource, subscription and data; a review's rating and
// comment); approve or decline with a reason (required to decline, as for access requests).
import { useId, useState } from 'react';
import { useApi } from '../../api/context.ts';
import { decideApproval, type ApprovalItem, type Decision } from '../../api/approvals.ts';
import { useMessages } from '../../i18n/intl.ts';
import { href } from '../../rules/routes.ts';
import { givenInformation } from '../../rules/schemaChoices.ts';
import { Link } from '../../router/context.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { ErrorPanel } from '../../ui/Placeholders.tsx';
import { SchemaForm } from '../../ui/SchemaForm.tsx';
import { StarRating } from '../../ui/StarRating.tsx';
import { Status } from '../../ui/Status.tsx';
import { cx, FOCUS_RING, type Tone } from '../../ui/tone.ts';
import { Fields } from '../credentials/parts.tsx';

const TYPE_TONE: Record<ApprovalItem['type'], Tone> = { subscription: 'primary', accessRequest: 'info', review: 'tertiary' };

export function ApprovalCard({ item, onDecided }: { item: ApprovalItem; onDecided: (message: string) => void }) {
  const { t, fmt } = useMessages('approvals');
  const detailsId = useId();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const typeLabel = t(`approvals.type.${item.type}`);
  // The date is placed as one unbreakable piece: on a phone it otherwise broke at its hyphens.
  const requested = (item.requestedBy
    ? t('approvals.requested', { date: '\u0000', name: item.requestedBy.name, organisation: item.organisation.name })
    : t('approvals.requestedOrg', { date: '\u0000', organisation: item.organisation.name }))
    .split('\u0000')
    .flatMap((part, i) => (i === 0 ? [part] : [<span key={i} className="whitespace-nowrap">{fmt.dateTime(item.requestedAt)}</span>, part]));
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5" data-approval-item={item.id} data-type={item.type} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <div className="flex flex-wrap items-center gap-2">
            <Status tone={TYPE_TONE[item.type]}>{typeLabel}</Status>
            <h2 id={titleId} className="m-0 min-w-0 break-words text-base font-semibold text-gray-900" data-part="approval-title">{item.title}</h2>
          </div>
          <p className="m-0 mt-1 text-sm text-gray-600">
            <Link to={href('product.overview', { productId: item.product.id })} className={cx('rounded font-medium text-primary hover:underline', FOCUS_RING)}>{item.product.title}</Link>
            <span aria-hidden="true"> · </span>{requested}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)} data-action="details">
            {open ? t('approvals.hideDetails') : t('approvals.showDetails')}
          </Button>
          <Button variant="danger" size="sm" onClick={() => setDeciding('rejected')} data-action="reject" aria-label={t('approvals.rejectLabel', { name: item.title })}>{t('approvals.reject')}</Button>
          <Button variant="primary" format="solid" size="sm" onClick={() => setDeciding('approved')} data-action="approve" aria-label={t('approvals.approveLabel', { name: item.title })}>{t('approvals.approve')}</Button>
        </div>
      </div>
      <div id={detailsId} hidden={!open} className="mt-4 border-t border-gray-200 pt-4 text-sm" data-part="approval-details">
        {open && <Details item={item} />}
      </div>
      {deciding && (
        <DecisionDialog item={item} state={deciding} onCancel={() => setDeciding(null)}
          onDone={() => { setDeciding(null); onDecided(t(`approvals.decision.done.${deciding}`, { name: item.title })); }} />
      )}
    </li>
  );
}

const hasProperties = (schema: unknown) => Object.keys((schema as { properties?: object } | null)?.properties ?? {}).length > 0;

function Details({ item }: { item: ApprovalItem }) {
  const { t } = useMessages('approvals');
  const common: Array<[string, string]> = [
    [t('approvals.field.organisation'), item.organisation.name],
    ...(item.requestedBy ? [[t('approvals.field.requestedBy'), item.requestedBy.name] as [string, string]] : []),
  ];
  if (item.subscription) {
    const s = item.subscription;
    return (
      <div className="flex flex-col gap-4">
        <Fields items={[
          [t('approvals.field.plan'), `${s.plan.title} (${t(s.plan.type === 'paid' ? 'approvals.plan.paid' : 'approvals.plan.free')})`],
          [t('approvals.field.owner'), s.owner.name ?? s.owner.id],
          ...common,
        ]} />
        <section>
          <h3 className="m-0 mb-2 text-sm font-semibold text-gray-900">{t('approvals.field.data')}</h3>
          {hasProperties(s.schema) ? <SchemaForm schema={s.schema} data={s.data ?? {}} readOnly idPrefix={`approval-${item.id}`} />
            : <p className="m-0 text-gray-500">{t('approvals.noData')}</p>}
        </section>
      </div>
    );
  }
  if (item.accessRequest) {
    const a = item.accessRequest;
    const given = givenInformation(a.schema, a.data);
    return (
      <div className="flex flex-col gap-4">
        <Fields items={[
          [t('approvals.field.application'), a.application.title],
          [t('approvals.field.resource'), a.assetResource.title],
          [t('approvals.field.subscription'), a.subscription.title],
          ...common,
        ]} />
        <section>
          <h3 className="m-0 mb-2 text-sm font-semibold text-gray-900">{t('approvals.field.data')}</h3>
          {given.length ? <Fields items={given.map((g) => [g.label, typeof g.value === 'boolean' ? t(g.value ? 'approvals.yes' : 'approvals.no') : g.value])} />
            : <p className="m-0 text-gray-500">{t('approvals.noData')}</p>}
        </section>
        {a.applicationProfile && (
          <section data-part="application-attributes">
            <h3 className="m-0 mb-2 text-sm font-semibold text-gray-900">{t('approvals.field.attributes', { title: a.applicationProfile.title })}</h3>
            <Fields items={givenInformation(a.applicationProfile.schema, a.applicationProfile.data)
              .map((g) => [g.label, typeof g.value === 'boolean' ? t(g.value ? 'approvals.yes' : 'approvals.no') : g.value])} />
          </section>
        )}
      </div>
    );
  }
  const r = item.review;
  return (
    <Fields items={[
      !!r && [t('approvals.field.rating'), <StarRating value={r.rating} showValue />],
      !!r && [t('approvals.field.comment'), r.comment ? <span className="whitespace-pre-line">{r.comment}</span> : <span className="text-gray-500">{t('approvals.noComment')}</span>],
      ...common,
    ]} />
  );
}

function DecisionDialog({ item, state, onCancel, onDone }: { item: ApprovalItem; state: Decision; onCancel: () => void; onDone: () => void }) {
  const { t } = useMessages('approvals');
  const api = useApi();
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const type = t(`approvals.type.${item.type}`);
  const missing = state === 'rejected' && !reason.trim();
  return (
    <ConfirmDialog open title={t(`approvals.decision.${state}.title`, { name: item.title })} message={t(`approvals.decision.${state}.message`, { type })}
      confirmLabel={t(state === 'approved' ? 'approvals.approve' : 'approvals.reject')} tone={state === 'rejected' ? 'danger' : 'primary'}
      busy={busy} onCancel={onCancel}
      onConfirm={() => {
        if (missing) { setError(new Error(t('approvals.decision.reasonRequired'))); return; }
        setBusy(true);
        decideApproval(api, item.type, item.id, state, reason.trim()).then(onDone, (e: unknown) => { setError(e); setBusy(false); });
      }}
    >
      <div className="mt-3">
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
          {t('approvals.decision.reason')}{state === 'rejected' ? <span aria-hidden="true"> *</span> : ` ${t('approvals.decision.optional')}`}
        </label>
        <textarea id={id} value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={2000} data-part="reason"
          required={state === 'rejected'} aria-invalid={!!error && missing ? true : undefined}
          className={cx('block w-full rounded-md border border-gray-300 px-3 py-2 text-sm', FOCUS_RING)} />
      </div>
      {!!error && <div role="alert" className="mt-2 text-sm text-danger">{missing ? (error as Error).message : <>{t('approvals.decision.error')}<ErrorPanel error={error} /></>}</div>}
    </ConfirmDialog>
  );
}

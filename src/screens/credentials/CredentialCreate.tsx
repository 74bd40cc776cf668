// The create panel at application level (spec 2 §2, §5): name, resource (the application's
// approved resources), owning team, type (the resource's credential request definitions) and a
// schema form for the type's data. Create is enabled only when every rule of §5 holds; after
// creation a confirmation offers "view credential".
import { useId, useState } from 'react';
import type { Static } from '@sinclair/typebox';
import type { ApplicationResource } from '../../../server/src/schemas/applications.ts';
import { useSession } from '../../api/auth.ts';
import { useApi } from '../../api/context.ts';
import { createCredential, useCredentialRequestDefinitions } from '../../api/credentials.ts';
import { useEmit } from '../../elements/host.ts';
import { keys } from '../../api/screenKeys.ts';
import { useApiQuery } from '../../api/swr.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { NAME_MAX_LENGTH } from '../../rules/constants.ts';
import { ORG_ROLES } from '../../rules/roleNames.ts';
import { Button } from '../../ui/Button.tsx';
import { useConfirmLeave } from '../../ui/ConfirmLeave.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorPanel, LoadingPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { SchemaForm } from '../../ui/SchemaForm.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';

type Resource = Static<typeof ApplicationResource>;
interface AppSummary { id: string; title: string; owner: { type: string; id: string; name: string | null } }

export interface CredentialCreateProps {
  applicationId: string;
  onClose: () => void;
  /** The new credential's id, once the server accepted it. */
  onCreated: (id: string) => void;
  /** Where "view credential" goes. */
  onView: (id: string) => void;
}

const INPUT = cx('block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm disabled:bg-gray-50', FOCUS_RING);

export function useApprovedResources(applicationId: string | null) {
  return useApiQuery(applicationId ? keys.credentialCreateResources(applicationId) : null,
    (api) => api.list<Resource>(`/applications/${encodeURIComponent(applicationId!)}/resources`, { query: { page: 1, pageSize: 100, sort: '+title' } })
      .then((page) => page.items.filter((r) => r.accessRequest.approvalState === 'approved' && r.status !== 'deleted')));
}

export function CredentialCreate({ applicationId, onClose, onCreated, onView }: CredentialCreateProps) {
  const { t } = useMessages('credentials');
  const api = useApi();
  const id = useId();
  const session = useSession().data;
  const global = !!session?.roles.includes(ORG_ROLES.Administrator);
  const app = useApiQuery<AppSummary>(keys.credentialCreateApplication(applicationId), (a) => a.get<AppSummary>(`/applications/${encodeURIComponent(applicationId)}`));
  const resources = useApprovedResources(applicationId);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [resourceId, setResourceId] = useState('');
  const [team, setTeam] = useState<string | null>(null);
  const [crdId, setCrdId] = useState('');
  const [form, setForm] = useState<{ data: Record<string, unknown>; errors: number }>({ data: {}, errors: 0 });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<string | null>(null);
  const resource = resources.data?.find((r) => r.id === resourceId) ?? null;
  const crds = useCredentialRequestDefinitions(resource?.productId ?? null, resource?.versionId ?? null, resource?.id ?? null);
  const crd = crds.data?.items.find((d) => d.id === crdId) ?? null;
  const teams = session?.teams ?? [];
  const ownerTeam = team ?? (app.data?.owner.type === 'team' ? app.data.owner.id : teams[0]?.guid ?? '');
  const dirty = !created && (!!name || !!resourceId);
  const leave = useConfirmLeave(dirty);
  const emit = useEmit();

  const trimmed = name.trim();
  const nameError = !trimmed ? t('credentials.create.nameRequired') : trimmed.length >= NAME_MAX_LENGTH ? t('credentials.create.nameTooLong', { max: NAME_MAX_LENGTH }) : null;
  const noResources = resources.data?.length === 0;
  const canCreate = !nameError && !!resource && !!crd && (global || !!ownerTeam) && form.errors === 0 && !busy && !noResources;

  const submit = async () => {
    if (!canCreate || !crd || !resource) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await createCredential(api, applicationId, {
        title: trimmed,
        credentialRequestDefinition: { crdId: { id: crd.id }, crdType: crd.crdType },
        data: form.data,
        resources: [{ id: resource.id }],
        ...(ownerTeam ? { owner: { type: 'team' as const, id: ownerTeam } } : {}),
      });
      setCreated(answer.id);
      emit('agora-credential-created', { credentialId: answer.id, applicationId });
      onCreated(answer.id);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <Dialog
        open
        title={t('credentials.created.title')}
        onClose={onClose}
        footer={(
          <>
            <Button variant="secondary" onClick={onClose}>{t('credentials.created.close')}</Button>
            <Button variant="primary" format="solid" onClick={() => onView(created)} data-part="view-credential">{t('credentials.created.view')}</Button>
          </>
        )}
      >
        <p className="m-0">{t('credentials.created.message', { name: trimmed })}</p>
      </Dialog>
    );
  }

  return (
    <>
      <SidePanel
        open
        title={t('credentials.create.title')}
        subtitle={app.data?.title}
        onClose={() => leave.guard(onClose)}
        size="lg"
        footer={(
          <>
            <Button variant="secondary" onClick={() => leave.guard(onClose)}>{t('credentials.created.close')}</Button>
            <Button variant="primary" format="solid" disabled={!canCreate} busy={busy} onClick={() => void submit()} data-part="create-submit">
              {t('credentials.create.submit')}
            </Button>
          </>
        )}
      >
        <form className="flex flex-col gap-4" data-part="credential-create" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
          {noResources && <p role="alert" className="m-0 rounded-md border border-warning/40 bg-warning/20 px-3 py-2 text-warning-ink">{t('credentials.create.noResources')}</p>}
          <div>
            <label htmlFor={`${id}-name`} className="mb-1 block font-medium text-gray-800">{t('credentials.create.name')} *</label>
            <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} onBlur={() => setTouched(true)} required
              aria-invalid={touched && !!nameError} className={INPUT} data-field="name" disabled={busy} />
            {touched && nameError && <p className="m-0 mt-1 text-xs text-danger">{nameError}</p>}
          </div>
          <div>
            <label htmlFor={`${id}-resource`} className="mb-1 block font-medium text-gray-800">{t('credentials.create.resource')} *</label>
            {!resources.data ? <LoadingPlaceholder delay={0} className="py-2" /> : (
              <select id={`${id}-resource`} value={resourceId} disabled={busy || noResources} className={INPUT} data-field="resource"
                onChange={(e) => { setResourceId(e.target.value); setCrdId(''); setForm({ data: {}, errors: 0 }); }}>
                <option value="">{t('credentials.create.choose')}</option>
                {resources.data.map((r) => <option key={r.id} value={r.id}>{`${r.title} · ${r.product.title}${r.stage ? ` (${r.stage.title})` : ''}`}</option>)}
              </select>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-team`} className="mb-1 block font-medium text-gray-800">{t('credentials.create.team')}{global ? '' : ' *'}</label>
            <select id={`${id}-team`} value={ownerTeam} onChange={(e) => setTeam(e.target.value)} disabled={busy} className={INPUT} data-field="team">
              {/* "No team given" (the application's owner) only when that owner is not listed already:
                  never the same team twice, once without a value. */}
              {global && !teams.some((tm) => tm.guid === app.data?.owner.id) && <option value="">{app.data?.owner.name ?? t('credentials.create.choose')}</option>}
              {teams.map((tm) => <option key={tm.guid} value={tm.guid}>{tm.name}</option>)}
            </select>
          </div>
          {resource && (
            <div>
              <label htmlFor={`${id}-type`} className="mb-1 block font-medium text-gray-800">{t('credentials.create.type')} *</label>
              {crds.error ? <ErrorPanel error={crds.error} /> : !crds.data ? <p className="m-0 text-gray-500">{t('credentials.create.loadingTypes')}</p>
                : crds.data.items.length === 0 ? <p role="status" className="m-0 text-gray-600">{t('credentials.create.noTypes')}</p> : (
                  <select id={`${id}-type`} value={crdId} disabled={busy} className={INPUT} data-field="type"
                    onChange={(e) => { setCrdId(e.target.value); setForm({ data: {}, errors: 0 }); }}>
                    <option value="">{t('credentials.create.choose')}</option>
                    {crds.data.items.map((d) => <option key={d.id} value={d.id}>{typeOptionLabel(d.title, t(`credentials.type.${d.crdType}` as MessageKey))}</option>)}
                  </select>
                )}
            </div>
          )}
          {crd && hasProperties(crd.schema) && (
            <fieldset className="m-0 rounded-md border border-gray-200 p-3">
              <legend className="px-1 text-sm font-semibold text-gray-900">{t('credentials.create.details')}</legend>
              <SchemaForm key={crd.id} schema={crd.schema} idPrefix={`${id}-crd`} disabled={busy}
                onChange={(change) => setForm({ data: change.data, errors: change.errors })} />
            </fieldset>
          )}
          {!!error && (
            <div role="alert" className="text-danger">
              {errorStatus(error) === 403 ? t('credentials.create.forbidden') : t('credentials.create.error')}
              <ErrorPanel error={error} className="mt-2" />
            </div>
          )}
        </form>
      </SidePanel>
      {leave.dialog}
    </>
  );
}

export const hasProperties = (schema: unknown) =>
  !!schema && typeof schema === 'object' && Object.keys((schema as { properties?: object }).properties ?? {}).length > 0;

/** 'Partner key (API key)'; a definition named after its type ('API key') needs no '(API key)'. */
export const typeOptionLabel = (title: string, type: string): string =>
  title.trim().toLowerCase() === type.trim().toLowerCase() ? title : `${title} (${type})`;

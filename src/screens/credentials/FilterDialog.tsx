// The credentials filter panel (spec 2 §2): status, states, expiry presets (expired, within 45,
// 15 or 3 days) and application. Edits stay local until Apply.
import { useState } from 'react';
import { useApi } from '../../api/context.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { PROVISIONING_STATUSES, CREDENTIAL_DISPLAY_STATES } from '../../rules/credentials.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckboxGroup } from '../../ui/CheckboxGroup.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { PagedSelect } from '../../ui/PagedSelect.tsx';
import { EXPIRY_PRESETS, NO_FILTERS, type CredentialFilters } from './query.ts';

export interface Named { id: string; title: string }

export function FilterDialog({ value, withApplication, onApply, onClose }: {
  value: CredentialFilters; withApplication: boolean; onApply: (f: CredentialFilters) => void; onClose: () => void;
}) {
  const { t } = useMessages('credentials');
  const api = useApi();
  const [f, setF] = useState(value);
  const [app, setApp] = useState<Named | null>(value.applicationIds[0] ? { id: value.applicationIds[0], title: value.applicationIds[0] } : null);
  return (
    <Dialog
      open
      title={t('credentials.filter.title')}
      onClose={onClose}
      footer={(
        <>
          <Button variant="secondary" onClick={() => { setF(NO_FILTERS); setApp(null); }}>{t('credentials.filter.clear')}</Button>
          <Button variant="primary" format="solid" onClick={() => onApply({ ...f, applicationIds: app ? [app.id] : [] })} data-part="apply-filters">
            {t('credentials.filter.apply')}
          </Button>
        </>
      )}
    >
      <div className="grid gap-5 sm:grid-cols-2" data-part="credential-filters">
        <CheckboxGroup legend={t('credentials.filter.status')} name="status" selected={f.status} onChange={(status) => setF({ ...f, status })}
          options={PROVISIONING_STATUSES.map((value) => ({ value, label: t(`credentials.status.${value}` as MessageKey) }))} />
        <CheckboxGroup legend={t('credentials.filter.states')} name="state" selected={f.states} onChange={(states) => setF({ ...f, states })}
          options={CREDENTIAL_DISPLAY_STATES.map((value) => ({ value, label: t(`credentials.state.${value}` as MessageKey) }))} />
        <fieldset className="m-0 border-0 p-0">
          <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-gray-500">{t('credentials.filter.expiry')}</legend>
          {[null, ...EXPIRY_PRESETS].map((p) => (
            <label key={String(p)} className="flex items-center gap-2 py-0.5 text-sm text-gray-800">
              <input type="radio" name="expiry" checked={f.expiry === p} onChange={() => setF({ ...f, expiry: p })} data-filter={`expiry-${p ?? 'any'}`} className="h-4 w-4 accent-primary" />
              {p === null ? t('credentials.filter.expiry.any') : p === 'expired' ? t('credentials.filter.expiry.expired') : t('credentials.filter.expiry.within', { days: p })}
            </label>
          ))}
        </fieldset>
        {withApplication && (
          <PagedSelect<Named>
            label={t('credentials.filter.application')}
            value={app}
            onChange={setApp}
            clearable
            placeholder={t('credentials.filter.anyApplication')}
            getKey={(a) => a.id}
            getLabel={(a) => a.title}
            loadPage={({ page, pageSize, search, signal }) =>
              api.list<Named>('/applications', { signal, query: { page, pageSize, searchText: search || undefined, fields: 'id,title', sort: '+title' } })}
          />
        )}
      </div>
    </Dialog>
  );
}

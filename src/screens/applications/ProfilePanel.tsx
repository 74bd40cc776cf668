// One application profile in a side panel (spec 2 §2, §5): its title and its data in the schema
// form of its definition; read-only with ?readOnly=true. Save follows canSaveProfile; after a save
// a pending confirmation offers the way back to the list or to the profile.
import { useEffect, useState } from 'react';
import { updateProfile, useProfile, useProfileDefinition } from '../../api/applications.ts';
import { useApi } from '../../api/context.ts';
import { ApiError } from '../../api/errors.ts';
import { useInvalidate } from '../../api/swr.ts';
import { useMessages } from '../../i18n/intl.ts';
import { useNavigator } from '../../router/context.tsx';
import { canSaveProfile, profileTitle, profileTitleError } from '../../rules/applications.ts';
import { PROFILE_TITLE_MAX_LENGTH } from '../../rules/constants.ts';
import { href } from '../../rules/routes.ts';
import { Button } from '../../ui/Button.tsx';
import { useConfirmLeave } from '../../ui/ConfirmLeave.tsx';
import { AsyncState, ErrorPanel } from '../../ui/Placeholders.tsx';
import { SchemaForm } from '../../ui/SchemaForm.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import { IconSuccess } from '../../ui/icons.tsx';
import { Field } from './fields.tsx';

export function ProfilePanel({ applicationId, profileId, readOnly, onClose }: { applicationId: string; profileId: string | null; readOnly: boolean; onClose: () => void }) {
  const { t } = useMessages('applications');
  const api = useApi();
  const navigator = useNavigator();
  const invalidate = useInvalidate();
  const profile = useProfile(applicationId, profileId);
  const definition = useProfileDefinition(profile.data?.definition.id);
  const [title, setTitle] = useState('');
  const [data, setData] = useState<Record<string, unknown> | null>(null);
  const [initialData, setInitialData] = useState<string>('');
  const [schemaErrors, setSchemaErrors] = useState(0);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);

  // Another profile or mode: a fresh panel. A newer copy of the profile (after a save): fresh
  // values, the confirmation kept.
  useEffect(() => {
    setSaved(false);
    setFieldErrors({});
    setFailure(null);
  }, [profileId, readOnly]);
  const version = `${profile.data?.id}:${profile.data?.metadata.modifiedAt}`;
  useEffect(() => {
    setTitle(profile.data?.title ?? '');
    setData(null);
    setInitialData('');
  }, [version]); // eslint-disable-line react-hooks/exhaustive-deps

  const dirty = !readOnly && !!profile.data && (title !== profile.data.title || (data !== null && JSON.stringify(data) !== initialData));
  const leave = useConfirmLeave(profileId !== null && dirty && !saving && !saved);
  const canSave = !readOnly && canSaveProfile({ saving, schemaErrors, editing: true, dirty, title });
  const close = () => leave.guard(onClose);

  const save = async () => {
    if (!canSave || !profile.data) return;
    setSaving(true);
    setFailure(null);
    setFieldErrors({});
    try {
      const clean = profileTitle(title);
      await updateProfile(api, applicationId, profile.data.id, { ...(clean ? { title: clean } : {}), data: data ?? {} });
      setSaved(true);
      void invalidate(['applications', applicationId]);
    } catch (error) {
      const fields: Record<string, string> = {};
      if (error instanceof ApiError && error.status === 400) {
        for (const item of error.errors) if (item.source?.parameter) fields[item.source.parameter] = item.detail;
      }
      if (Object.keys(fields).length) setFieldErrors(fields);
      else setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const titleError = fieldErrors.title ?? (profileTitleError(title) ? t('applications.profiles.titleTooLong', { max: PROFILE_TITLE_MAX_LENGTH }) : null);
  const { title: _t, ...dataErrors } = fieldErrors;

  return (
    <>
      <SidePanel
        open={profileId !== null}
        title={profile.data?.title ?? t('applications.profiles.panelTitle')}
        subtitle={definition.data && definition.data.title !== profile.data?.title ? definition.data.title : undefined}
        onClose={close}
        footer={saved ? undefined : readOnly ? (
          <>
            <Button variant="secondary" onClick={close}>{t('applications.close')}</Button>
            {profile.data && profile.data.state !== 'deleting' && (
              <Button onClick={() => navigator.navigate(href('application.profile', { applicationId, profileId: profile.data!.id }))}>{t('applications.action.edit')}</Button>
            )}
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={saving}>{t('applications.cancel')}</Button>
            <Button onClick={() => void save()} disabled={!canSave} busy={saving} data-save-profile="">{t('applications.panel.save')}</Button>
          </>
        )}
      >
        {saved ? (
          <div role="status" className="flex flex-col items-center gap-3 py-8 text-center" data-profile-saved="">
            <IconSuccess size={40} className="text-success" />
            <p className="m-0 text-base font-semibold text-gray-900">{t('applications.profiles.savedTitle')}</p>
            <p className="m-0 text-sm text-gray-600">{t('applications.profiles.savedMessage')}</p>
            <div className="mt-2 flex flex-wrap justify-center gap-2">
              <Button variant="secondary" onClick={onClose}>{t('applications.profiles.backToList')}</Button>
              <Button onClick={() => navigator.navigate(href('application.profile', { applicationId, profileId: profileId! }, { readOnly: 'true' }))}>{t('applications.profiles.viewDetails')}</Button>
            </div>
          </div>
        ) : (
          <AsyncState loading={profile.isLoading || definition.isLoading} error={profile.error ?? definition.error}>
            {profile.data && definition.data && (
              <div className="flex flex-col gap-5">
                {failure !== null && <ErrorPanel error={failure} />}
                {readOnly ? (
                  <div className="flex flex-col gap-1">
                    <span className="text-sm font-medium text-gray-800">{t('applications.profiles.title')}</span>
                    <span className="text-sm text-gray-900">{profile.data.title}</span>
                  </div>
                ) : (
                  <Field label={t('applications.profiles.title')} error={titleError} hint={t('applications.profiles.titleHint', { title: definition.data.title })}>
                    {(p) => <input {...p} value={title} disabled={saving} onChange={(e) => setTitle(e.target.value)} data-field="profile-title" />}
                  </Field>
                )}
                <SchemaForm
                  key={version}
                  schema={definition.data.schema}
                  data={profile.data.data}
                  readOnly={readOnly}
                  disabled={saving}
                  idPrefix={`profile-${profile.data.id}`}
                  fieldErrors={dataErrors}
                  onChange={({ data: next, errors, initial }) => {
                    setData(next);
                    setSchemaErrors(errors);
                    if (initial) setInitialData(JSON.stringify(next));
                  }}
                />
              </div>
            )}
          </AsyncState>
        )}
      </SidePanel>
      {leave.dialog}
    </>
  );
}

// The create/edit side panel of an application (spec 2 §2, §5, §8): name, description, owning team
// (create only), image with its crop dialog. Save is enabled by src/rules/applications.ts; saving
// disables the form; the server's field errors show under their fields; leaving with unsaved
// changes asks first.
import { useEffect, useRef, useState } from 'react';
import {
  createApplication, forgetImage, updateApplication, useApplicationOwners, type Application, type Owner,
} from '../../api/applications.ts';
import { useSession } from '../../api/auth.ts';
import { useApi } from '../../api/context.ts';
import { useEmit } from '../../elements/host.ts';
import { ApiError } from '../../api/errors.ts';
import { useMessages } from '../../i18n/intl.ts';
import { canSaveApplication, descriptionError, imageFileError, nameError } from '../../rules/applications.ts';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH } from '../../rules/constants.ts';
import { ORG_ROLES } from '../../rules/roleNames.ts';
import { Button } from '../../ui/Button.tsx';
import { useConfirmLeave } from '../../ui/ConfirmLeave.tsx';
import { ErrorPanel } from '../../ui/Placeholders.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { ApplicationImage } from './ApplicationImage.tsx';
import { Field } from './fields.tsx';
import { ImageCropDialog } from './ImageCrop.tsx';

const ownerKey = (owner: Pick<Owner, 'type' | 'id'>) => `${owner.type}:${owner.id}`;

type ImageError = 'tooLarge' | 'unsupported' | 'read' | 'load';

export interface ApplicationPanelProps {
  open: boolean;
  /** Edit this application; absent: create. */
  application?: Application | null;
  onClose: () => void;
  /** After a successful save, with the application's id. */
  onSaved: (id: string, created: boolean) => void;
}

export function ApplicationPanel({ open, application, onClose, onSaved }: ApplicationPanelProps) {
  const { t } = useMessages('applications');
  const api = useApi();
  const session = useSession();
  const editing = !!application;
  const globalCapability = !!session.data?.roles.includes(ORG_ROLES.Administrator);
  const owners = useApplicationOwners(open && !editing);

  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [owner, setOwner] = useState<string | null>(null);
  /** undefined: unchanged; null: removed; string: a new cropped data URL. */
  const [icon, setIcon] = useState<string | null | undefined>(undefined);
  const [imageError, setImageError] = useState<ImageError | null>(null);
  const [crop, setCrop] = useState<{ image: HTMLImageElement; type: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [touched, setTouched] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // A refused save: focus goes to the first field the server named (the save button, disabled while
  // saving, lost it), so the message is read and Escape still reaches the panel.
  useEffect(() => {
    if (Object.keys(serverErrors).length) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [serverErrors]);

  const reset = () => {
    setName(application?.title ?? '');
    setDescription(application?.description ?? '');
    setOwner(null);
    setIcon(undefined);
    setImageError(null);
    setServerErrors({});
    setFailure(null);
    setTouched(false);
  };
  // A fresh form each time the panel opens (or moves to another application).
  useEffect(() => { if (open) reset(); }, [open, application?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  // One owner on offer: chosen for the user.
  const offered = owners.data?.items ?? [];
  useEffect(() => {
    if (!editing && owner === null && offered.length === 1) setOwner(ownerKey(offered[0]!));
  }, [editing, owner, offered]);

  const dirty = name !== (application?.title ?? '') || description !== (application?.description ?? '') || icon !== undefined || (!editing && owner !== null);
  const leave = useConfirmLeave(open && dirty && !saving);
  const canSave = canSaveApplication({ name, description, owner }, { editing, globalCapability, saving, dirty });

  const nameProblem = serverErrors.title ?? (touched || name ? messageOfName(nameError(name)) : null);
  function messageOfName(error: ReturnType<typeof nameError>) {
    return error === 'required' ? t('applications.name.required') : error === 'tooLong' ? t('applications.name.tooLong', { max: NAME_MAX_LENGTH }) : null;
  }
  const descriptionProblem = serverErrors.description ?? (descriptionError(description) ? t('applications.description.tooLong', { max: DESCRIPTION_MAX_LENGTH }) : null);
  const noOwners = !editing && owners.data !== undefined && offered.length === 0 && !globalCapability;
  const ownerProblem = serverErrors.owner ?? (noOwners ? t('applications.owner.none') : owners.error ? t('applications.owner.error') : null);

  const pickFile = async (file: File | undefined) => {
    setImageError(null);
    if (!file) return;
    const sizeError = imageFileError(file.size, new Uint8Array([0xff, 0xd8, 0xff]));
    if (sizeError === 'tooLarge') return setImageError('tooLarge');
    let head: Uint8Array;
    try {
      head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    } catch {
      return setImageError('read');
    }
    if (imageFileError(file.size, head)) return setImageError('unsupported');
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => setCrop({ image, type: head[0] === 0xff ? 'image/jpeg' : 'image/png' });
    image.onerror = () => { URL.revokeObjectURL(url); setImageError('load'); };
    image.src = url;
  };

  const close = () => leave.guard(onClose);
  const emit = useEmit();

  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    setServerErrors({});
    setFailure(null);
    try {
      let id: string;
      if (application) {
        await updateApplication(api, application.id, { title: name, description, ...(icon !== undefined ? { icon } : {}) });
        forgetImage(application.icon);
        id = application.id;
      } else {
        const chosen = offered.find((o) => ownerKey(o) === owner);
        const created = await createApplication(api, {
          title: name, description, ...(icon ? { icon } : {}), ...(chosen ? { owner: { type: chosen.type, id: chosen.id } } : {}),
        });
        id = created.id;
        emit('agora-application-created', { applicationId: created.id, title: name });
      }
      reset();
      onSaved(id, !application);
    } catch (error) {
      const fields: Record<string, string> = {};
      if (error instanceof ApiError && error.status === 400) {
        for (const item of error.errors) if (item.source?.parameter) fields[item.source.parameter] = item.detail;
      }
      if (Object.keys(fields).length) setServerErrors(fields);
      else setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  const imageMessage = serverErrors.icon ?? (imageError ? t(`applications.image.error.${imageError}`) : null);
  const preview = icon !== undefined ? icon : application?.icon ?? null;

  return (
    <>
      <SidePanel
        open={open}
        title={editing ? t('applications.panel.editTitle') : t('applications.panel.createTitle')}
        subtitle={editing ? application?.title : undefined}
        onClose={close}
        footer={<>
          <Button variant="secondary" onClick={close} disabled={saving}>{t('applications.cancel')}</Button>
          <Button onClick={() => void save()} disabled={!canSave} busy={saving} data-save="">
            {editing ? t('applications.panel.save') : t('applications.panel.create')}
          </Button>
        </>}
      >
        <form ref={form} className="flex flex-col gap-5" onSubmit={(e) => { e.preventDefault(); void save(); }} aria-busy={saving}>
          <fieldset disabled={saving} className="m-0 flex flex-col gap-5 border-0 p-0">
            {failure !== null && <ErrorPanel error={failure} />}
            <Field label={t('applications.name.label')} required error={nameProblem}>
              {(p) => <input {...p} value={name} data-field="title" autoComplete="off"
                onChange={(e) => { setName(e.target.value); setServerErrors(({ title: _, ...rest }) => rest); }}
                onBlur={() => setTouched(true)} />}
            </Field>
            <Field label={t('applications.description.label')} error={descriptionProblem} hint={t('applications.description.hint', { count: description.length, max: DESCRIPTION_MAX_LENGTH })}>
              {(p) => <textarea {...p} rows={4} value={description} data-field="description" className={cx(p.className, 'resize-y')}
                onChange={(e) => { setDescription(e.target.value); setServerErrors(({ description: _, ...rest }) => rest); }} />}
            </Field>
            {editing ? (
              <div className="flex flex-col gap-1.5">
                <span className="text-sm font-medium text-gray-800">{t('applications.owner.label')}</span>
                <span className="text-sm text-gray-700">{application?.owner.name ?? t('applications.owner.notFound')}</span>
              </div>
            ) : (
              <Field label={t('applications.owner.label')} required={!globalCapability} error={ownerProblem}>
                {(p) => (
                  <select {...p} value={owner ?? ''} data-field="owner" disabled={owners.isLoading || offered.length === 0}
                    onChange={(e) => { setOwner(e.target.value || null); setServerErrors(({ owner: _, ...rest }) => rest); }}>
                    <option value="">{owners.isLoading ? t('applications.owner.loading') : t('applications.owner.choose')}</option>
                    {offered.map((o) => (
                      <option key={ownerKey(o)} value={ownerKey(o)}>
                        {o.private ? t('applications.owner.private', { name: o.name ?? o.id }) : (o.name ?? o.id)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            <div className="flex flex-col gap-2">
              <span id="app-image-label" className="text-sm font-medium text-gray-800">{t('applications.image.label')}</span>
              <div className="flex items-center gap-4">
                {preview && preview.startsWith('data:')
                  ? <img src={preview} alt={t('applications.image.preview')} className="h-16 w-16 rounded-lg border border-gray-200 object-cover" />
                  : <ApplicationImage title={name || '?'} icon={preview} size={64} />}
                <div className="flex flex-wrap gap-2">
                  <input ref={fileInput} type="file" accept="image/png,image/jpeg" className="sr-only" tabIndex={-1} aria-hidden="true" data-field="image"
                    onChange={(e) => { void pickFile(e.target.files?.[0]); e.target.value = ''; }} />
                  <Button variant="secondary" size="sm" aria-describedby="app-image-hint" onClick={() => fileInput.current?.click()}>
                    {preview ? t('applications.image.change') : t('applications.image.upload')}
                  </Button>
                  {preview && <Button variant="ghost" size="sm" onClick={() => setIcon(null)}>{t('applications.image.remove')}</Button>}
                </div>
              </div>
              <p id="app-image-hint" className="m-0 text-xs text-gray-500">{t('applications.image.hint')}</p>
              {imageMessage && <p role="alert" className={cx('m-0 text-sm text-danger-ink', FOCUS_RING)} data-image-error="">{imageMessage}</p>}
            </div>
          </fieldset>
        </form>
      </SidePanel>
      <ImageCropDialog
        open={crop !== null} image={crop?.image ?? null} type={crop?.type ?? 'image/png'}
        onCancel={() => setCrop(null)}
        onCrop={(dataUrl) => { setIcon(dataUrl); setCrop(null); setServerErrors(({ icon: _, ...rest }) => rest); }}
      />
      {leave.dialog}
    </>
  );
}


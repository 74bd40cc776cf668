// The confirmation dialogs of a credential (spec 2 §2, §4): renew, rotate (with a new name,
// required once trimmed), suspend, enable, delete, and view secret (remaining time in its colour;
// the secret only after confirming; copy; remaining views unlimited; a decrypt failure shown
// next to the field).
import { useId, useState } from 'react';
import { useApi } from '../../api/context.ts';
import { credentialAction, decryptCredential, type Credential } from '../../api/credentials.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { NAME_MAX_LENGTH } from '../../rules/constants.ts';
import { canViewSecret, remainingTime, type CredentialAction } from '../../rules/credentials.ts';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { ConfirmDialog, Dialog } from '../../ui/Dialog.tsx';
import { ErrorPanel } from '../../ui/Placeholders.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { factsOf, secretFields } from './query.ts';

export interface ActionDialogProps {
  credential: Credential;
  action: CredentialAction;
  onClose: () => void;
  /** After the server accepted the action. */
  onDone: (action: CredentialAction) => void;
}

export function ActionDialog({ credential, action, onClose, onDone }: ActionDialogProps) {
  const { t } = useMessages('credentials');
  const api = useApi();
  const nameId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [name, setName] = useState(credential.title);
  const trimmed = name.trim();
  const nameError = action === 'rotate' && !trimmed ? t('credentials.create.nameRequired')
    : trimmed.length >= NAME_MAX_LENGTH ? t('credentials.create.nameTooLong', { max: NAME_MAX_LENGTH }) : null;
  const confirm = async () => {
    if (action === 'rotate' && nameError) return;
    setBusy(true);
    setError(null);
    try {
      await credentialAction(api, credential.id, action, action === 'rotate' ? trimmed : undefined);
      onDone(action);
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open
      title={t(`credentials.confirm.${action}.title` as MessageKey)}
      message={t(`credentials.confirm.${action}.message` as MessageKey, { name: credential.title })}
      confirmLabel={t(`credentials.action.${action}` as MessageKey)}
      tone={action === 'delete' || action === 'suspend' ? 'danger' : 'primary'}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    >
      {action === 'rotate' && (
        <div className="mt-3">
          <label htmlFor={nameId} className="mb-1 block text-sm font-medium text-gray-800">{t('credentials.confirm.rotate.name')}</label>
          <input
            id={nameId}
            value={name}
            required
            aria-invalid={!!nameError}
            aria-describedby={nameError ? `${nameId}-err` : undefined}
            onChange={(e) => setName(e.target.value)}
            data-part="rotate-name"
            className={cx('block w-full rounded-md border border-gray-300 px-3 py-2 text-sm', FOCUS_RING)}
          />
          {nameError && <p id={`${nameId}-err`} className="m-0 mt-1 text-xs text-danger">{nameError}</p>}
        </div>
      )}
      {!!error && (
        <div role="alert" className="mt-3 text-sm text-danger">
          {t('credentials.actionError')}
          <ErrorPanel error={error} className="mt-2" />
        </div>
      )}
    </ConfirmDialog>
  );
}

const TONE_TEXT = { neutral: 'text-gray-700 bg-gray-100', warning: 'text-warning-ink bg-warning/20', danger: 'text-danger-ink bg-danger/10' } as const;

/** View secret: offered only while canViewSecret; the secret is fetched only after confirming. */
export function SecretDialog({ credential, onClose }: { credential: Credential; onClose: () => void }) {
  const { t } = useMessages('credentials');
  const api = useApi();
  const [state, setState] = useState<'confirm' | 'loading' | 'shown' | 'failed'>('confirm');
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [error, setError] = useState<unknown>(null);
  const now = new Date();
  const facts = factsOf(credential);
  const left = remainingTime(facts.visibleUntil, now);
  const viewable = canViewSecret(facts, now);
  const reveal = async () => {
    setState('loading');
    try {
      const full = await decryptCredential(api, credential.id);
      setValues(full.provisioning.data ?? {});
      setState('shown');
    } catch (e) {
      setError(e);
      setState('failed');
    }
  };
  const fields = state === 'shown' ? Object.entries(values).filter(([, v]) => v !== null && v !== undefined && v !== '') : [];
  const secrets = new Set(secretFields(credential.provisioning.schema, values));
  const labelOf = (key: string) => {
    const prop = (credential.provisioning.schema as { properties?: Record<string, { title?: string; 'x-agora-label'?: string }> } | null)?.properties?.[key];
    return prop?.['x-agora-label'] ?? prop?.title ?? key;
  };
  return (
    <Dialog
      open
      title={t('credentials.secret.title')}
      onClose={onClose}
      footer={state === 'confirm' || state === 'loading' ? (
        <>
          <Button variant="secondary" onClick={onClose}>{t('credentials.created.close')}</Button>
          <Button variant="primary" format="solid" busy={state === 'loading'} disabled={!viewable} onClick={() => void reveal()} data-part="reveal">
            {t('credentials.secret.confirm')}
          </Button>
        </>
      ) : (
        <Button variant="primary" format="solid" onClick={onClose}>{t('credentials.secret.close')}</Button>
      )}
    >
      <div className="space-y-3" data-part="secret-dialog">
        <p className="m-0">{t('credentials.secret.message', { name: credential.title })}</p>
        {left ? (
          <p className={cx('m-0 inline-block rounded-md px-2 py-1 text-sm font-medium', TONE_TEXT[left.tone])} data-tone={left.tone} data-part="remaining">
            {t(`credentials.secret.remaining.${left.unit}` as MessageKey, { count: left.value })}
          </p>
        ) : (
          <p className="m-0 text-sm text-danger">{t('credentials.secret.expired')}</p>
        )}
        <p className="m-0 text-sm text-gray-600">
          {t('credentials.secret.views')}: <strong className="text-gray-900">{t('credentials.secret.unlimited')}</strong>
        </p>
        {state === 'failed' && (
          <div role="alert" className="rounded-md border border-danger/30 bg-danger/10 px-3 py-2 text-sm text-danger-ink" data-part="decrypt-error">
            {t('credentials.secret.decryptError')}
            <ErrorPanel error={error} className="mt-2" />
          </div>
        )}
        {state === 'shown' && (
          <dl className="m-0 space-y-2" data-part="secret-values">
            {fields.map(([key, value]) => (
              <div key={key}>
                <dt className="text-xs font-semibold uppercase tracking-wide text-gray-500">{labelOf(key)}</dt>
                <dd className="m-0 mt-1 flex items-center gap-2">
                  <code className={cx('min-w-0 flex-1 break-all rounded bg-gray-50 px-2 py-1 font-mono text-sm text-gray-900 ring-1 ring-gray-200', secrets.has(key) && 'font-semibold')} data-field={key}>
                    {String(value)}
                  </code>
                  <CopyButton value={String(value)} label={labelOf(key)} />
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </Dialog>
  );
}

// Notification settings (/notifications, the user menu; the element agora-notifications): the
// signed-in user chooses, kind by kind, whether the marketplace e-mails them (server/src/
// notifications). Provider Administrators also see the kinds about their products; everyone sees
// the kinds about their own requests, invoices and credentials. Every kind starts on.
import { useEffect, useState, type FormEvent } from 'react';
import { useSession } from '../../api/auth.ts';
import { useApi } from '../../api/context.ts';
import { saveNotificationSettings, useNotificationSettings, type NotificationSettings } from '../../api/account.ts';
import { isApiError } from '../../api/errors.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { CONSUMER_NOTIFICATION_KINDS, PROVIDER_NOTIFICATION_KINDS, type NotificationKind } from '../../rules/constants.ts';
import { isProviderAdministrator } from '../../rules/roles.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ErrorPanel, LoadingPlaceholder } from '../../ui/Placeholders.tsx';

type Choices = NotificationSettings['email'];

export default function Notifications() {
  const { t } = useMessages('notifications');
  const { data: session } = useSession();
  const api = useApi();
  const stored = useNotificationSettings();
  const [choices, setChoices] = useState<Choices | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  useEffect(() => { if (stored.data && !choices) setChoices(stored.data.email); }, [stored.data, choices]);

  const groups: Array<{ title: MessageKey; kinds: readonly NotificationKind[] }> = [
    ...(isProviderAdministrator(session) ? [{ title: 'notifications.group.provider' as const, kinds: PROVIDER_NOTIFICATION_KINDS }] : []),
    { title: 'notifications.group.consumer', kinds: CONSUMER_NOTIFICATION_KINDS },
  ];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!choices) return;
    setBusy(true);
    setStatus(null);
    try {
      const saved = await saveNotificationSettings(api, choices);
      setChoices(saved.email);
      void stored.mutate(saved, { revalidate: false });
      setStatus({ tone: 'success', text: t('notifications.saved') });
    } catch (failure) {
      setStatus({ tone: 'danger', text: isApiError(failure) ? failure.detail ?? String(failure.status) : t('common.error.network') });
    }
    setBusy(false);
  };

  return (
    <section className="mx-auto flex w-full min-w-0 max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6" data-screen="notifications">
      <header>
        <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900">{t('notifications.title')}</h1>
        <p className="m-0 mt-1 text-sm text-gray-600">{t('notifications.intro')}</p>
      </header>
      {stored.error ? <ErrorPanel error={stored.error} /> : !choices ? <LoadingPlaceholder /> : (
        <form onSubmit={submit} className="flex flex-col gap-6" aria-busy={busy}>
          {groups.map((group) => (
            <fieldset key={group.title} className="m-0 min-w-0 rounded-lg border border-gray-200 bg-white p-4">
              <legend className="px-1 text-sm font-semibold text-gray-900">{t(group.title)}</legend>
              <ul className="m-0 flex list-none flex-col gap-3 p-0">
                {group.kinds.map((kind) => (
                  <li key={kind}>
                    <label className="flex items-start gap-3 text-sm text-gray-800">
                      <input type="checkbox" name={kind} className="mt-0.5 h-4 w-4 shrink-0 accent-primary" checked={choices[kind]}
                        onChange={(e) => { setChoices({ ...choices, [kind]: e.target.checked }); setStatus(null); }} />
                      <span className="min-w-0">
                        <span className="block font-medium">{t(`notifications.kind.${kind}` as MessageKey)}</span>
                        <span className="block text-gray-600">{t(`notifications.hint.${kind}` as MessageKey)}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
          {status && <Alert tone={status.tone}>{status.text}</Alert>}
          <div><Button type="submit" busy={busy}>{t('notifications.save')}</Button></div>
        </form>
      )}
    </section>
  );
}

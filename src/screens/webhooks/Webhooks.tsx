// Webhooks (/webhooks): a provider Administrator registers endpoints (URL, events; the signing
// secret is generated and shown once), follows each endpoint's deliveries of the last 7 days with
// the answers, redelivers one, and turns on again an endpoint disabled after 24 hours of failures
// (server/src/webhooks).
import { useId, useState, type FormEvent } from 'react';
import { useSession } from '../../api/auth.ts';
import { useApi } from '../../api/context.ts';
import {
  createWebhook, deleteWebhook, enableWebhook, redeliverWebhook, useWebhookDeliveries, useWebhooks, type Webhook,
} from '../../api/account.ts';
import { isApiError } from '../../api/errors.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { WEBHOOK_EVENT_TYPES } from '../../rules/constants.ts';
import { isProviderAdministrator } from '../../rules/roles.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { EmptyPlaceholder, ErrorPanel, LoadingPlaceholder, UnauthorizedPlaceholder } from '../../ui/Placeholders.tsx';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';

const INPUT = 'block h-10 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20';

export default function Webhooks() {
  const { t } = useMessages('webhooks');
  const { data: session } = useSession();
  const allowed = isProviderAdministrator(session);
  const list = useWebhooks(allowed);
  if (session && !allowed) return <div className="p-6"><UnauthorizedPlaceholder /></div>;
  return (
    <section className="mx-auto flex w-full min-w-0 max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6" data-screen="webhooks">
      <header>
        <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900">{t('webhooks.title')}</h1>
        <p className="m-0 mt-1 text-sm text-gray-600">{t('webhooks.intro')}</p>
      </header>
      <AddEndpoint onAdded={() => void list.mutate()} />
      {list.error ? <ErrorPanel error={list.error} /> : !list.data ? <LoadingPlaceholder />
        : list.data.items.length === 0 ? <EmptyPlaceholder title={t('webhooks.empty')} />
          : list.data.items.map((w) => <Endpoint key={w.id} webhook={w} onChange={() => void list.mutate()} />)}
    </section>
  );
}

function AddEndpoint({ onAdded }: { onAdded: () => void }) {
  const { t } = useMessages('webhooks');
  const api = useApi();
  const id = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(['subscription.created', 'credential.created']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await createWebhook(api, { url: url.trim(), events });
      setSecret(created.secret);
      setUrl('');
      onAdded();
    } catch (failure) {
      setError(isApiError(failure) ? failure.detail ?? String(failure.status) : t('common.error.network'));
    }
    setBusy(false);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4" aria-busy={busy}>
      <div>
        <label htmlFor={`${id}-url`} className="mb-1 block text-sm font-medium text-gray-800">{t('webhooks.url')}</label>
        <input id={`${id}-url`} name="url" type="url" required maxLength={2000} value={url} onChange={(e) => setUrl(e.target.value)} className={INPUT} placeholder="https://hooks.example.com/agora" />
      </div>
      <fieldset className="m-0 min-w-0 border-0 p-0">
        <legend className="mb-1 text-sm font-medium text-gray-800">{t('webhooks.events')}</legend>
        <div className="grid grid-cols-1 gap-1 sm:grid-cols-3">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-gray-700">
              <input type="checkbox" name="events" value={type} checked={events.includes(type)}
                onChange={(e) => setEvents(e.target.checked ? [...events, type] : events.filter((x) => x !== type))} />
              <code className="break-all">{type}</code>
            </label>
          ))}
        </div>
      </fieldset>
      {error && <Alert tone="danger">{error}</Alert>}
      {secret && (
        <Alert tone="success">
          <span className="block">{t('webhooks.secret')}</span>
          <span className="mt-2 flex items-center gap-2"><code className="break-all" data-webhook-secret="">{secret}</code><CopyButton value={secret} label={t('webhooks.secret')} /></span>
        </Alert>
      )}
      <div><Button type="submit" busy={busy} disabled={!url.trim() || events.length === 0}>{t('webhooks.add')}</Button></div>
    </form>
  );
}

function Endpoint({ webhook, onChange }: { webhook: Webhook; onChange: () => void }) {
  const { t, fmt } = useMessages('webhooks');
  const api = useApi();
  const deliveries = useWebhookDeliveries(webhook.id);
  return (
    <article className="flex min-w-0 flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4" data-webhook={webhook.id} data-state={webhook.state}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="m-0 break-all text-base font-semibold text-gray-900">{webhook.url}</h2>
          <p className="m-0 mt-1 text-sm text-gray-600">{t(`webhooks.state.${webhook.state}` as MessageKey)} · {webhook.events.join(', ')}</p>
        </div>
        <div className="flex gap-2">
          {webhook.state === 'disabled' && <Button variant="secondary" onClick={async () => { await enableWebhook(api, webhook.id); onChange(); }}>{t('webhooks.enable')}</Button>}
          <Button variant="secondary" onClick={() => void deliveries.mutate()}>{t('webhooks.refresh')}</Button>
          <Button variant="danger" onClick={async () => { await deleteWebhook(api, webhook.id); onChange(); }}>{t('webhooks.delete')}</Button>
        </div>
      </div>
      <h3 className="m-0 text-sm font-semibold text-gray-800">{t('webhooks.deliveries')}</h3>
      {deliveries.error ? <ErrorPanel error={deliveries.error} /> : !deliveries.data ? <LoadingPlaceholder />
        : deliveries.data.items.length === 0 ? <p className="m-0 text-sm text-gray-600">{t('webhooks.noDeliveries')}</p> : (
          <ScrollRegion label={t('webhooks.deliveries')}>
            <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
              <thead>
                <tr className="border-b border-gray-200 text-xs uppercase tracking-wide text-gray-500">
                  <th className="py-2 pr-3 font-semibold">{t('webhooks.event')}</th>
                  <th className="py-2 pr-3 font-semibold">{t('webhooks.answer')}</th>
                  <th className="py-2 pr-3 font-semibold">{t('webhooks.attempts')}</th>
                  <th className="py-2 pr-3 font-semibold" />
                </tr>
              </thead>
              <tbody>
                {deliveries.data.items.map((d) => (
                  <tr key={d.id} data-delivery={d.id} data-delivery-state={d.state} className="border-b border-gray-100 align-top">
                    <td className="py-2 pr-3"><code className="break-all">{d.eventType}</code><span className="block text-xs text-gray-500">{fmt.dateTime(d.createdAt)}</span></td>
                    <td className="py-2 pr-3 text-gray-700">{t(`webhooks.delivery.${d.state}` as MessageKey)}{d.responseStatus !== null ? ` · ${d.responseStatus}` : ''}{d.error ? <span className="block break-all text-xs text-gray-500">{d.error}</span> : null}</td>
                    <td className="py-2 pr-3 text-gray-700">{d.attempts}</td>
                    <td className="py-2 pr-3 text-right">
                      <Button variant="secondary" onClick={async () => { await redeliverWebhook(api, webhook.id, d.id); void deliveries.mutate(); }}>{t('webhooks.redeliver')}</Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
    </article>
  );
}

// Small pieces the subscriptions list and details share: the state badge (archiving shown as
// 'cancelling', archived as 'cancelled'), the approval badge (rejected shown as 'Declined'), the
// owner's name, and the unsubscribe dialog with its typed upper-case word (spec 3 §4).
import { useState } from 'react';
import { unsubscribe, type Subscription, type SubscriptionDetails } from '../../api/subscriptions.ts';
import { useApi } from '../../api/context.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { TypedConfirmDialog } from '../../ui/Dialog.tsx';
import { ErrorPanel } from '../../ui/Placeholders.tsx';
import { Status } from '../../ui/Status.tsx';
import { APPROVAL_TONE, STATE_TONE } from './query.ts';

export function StateBadge({ state }: { state: Subscription['state'] }) {
  const { t } = useMessages('subscriptions');
  return <Status tone={STATE_TONE[state]}><span data-state={state}>{t(`subscriptions.state.${state}` as MessageKey)}</span></Status>;
}

export function ApprovalBadge({ state }: { state: Subscription['approval']['state'] }) {
  const { t } = useMessages('subscriptions');
  return <Status tone={APPROVAL_TONE[state]}><span data-approval={state}>{t(`subscriptions.approval.${state}` as MessageKey)}</span></Status>;
}

export function OwnerName({ owner }: { owner: Subscription['owner'] }) {
  const { t } = useMessages('subscriptions');
  if (!owner.name) return <span className="text-gray-500">{t('subscriptions.owner.unknown')}</span>;
  return <span>{owner.type === 'user' ? t('subscriptions.owner.user', { name: owner.name }) : owner.name}</span>;
}

/** Unsubscribe, confirmed by typing the word in upper case exactly; onDone gets the answer (archiving). */
export function UnsubscribeDialog({ subscription, onCancel, onDone }: {
  subscription: Pick<Subscription, 'id' | 'title'>; onCancel: () => void; onDone: (updated: SubscriptionDetails) => void;
}) {
  const { t, locale } = useMessages('subscriptions');
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  return (
    <TypedConfirmDialog open word={t('subscriptions.unsubscribe.word').toLocaleUpperCase(locale)} busy={busy}
      title={t('subscriptions.unsubscribe.title')} message={t('subscriptions.unsubscribe.message', { name: subscription.title })}
      confirmLabel={t('subscriptions.unsubscribe')} onCancel={onCancel}
      onConfirm={() => {
        setBusy(true);
        setError(null);
        unsubscribe(api, subscription.id).then(onDone, (e: unknown) => { setError(e); setBusy(false); });
      }}
    >
      {!!error && <div role="alert" className="text-danger">{t('subscriptions.unsubscribe.error')}<ErrorPanel error={error} /></div>}
    </TypedConfirmDialog>
  );
}

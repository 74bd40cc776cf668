// /subscriptions and /subscriptions/{id} (spec 3 §2.3), <agora-subscriptions>: the signed-in
// user's subscriptions list, or one subscription's details. Signed out: the unauthorized page (the
// portal sends visitors to sign in first).
import { useMessages } from '../../i18n/intl.ts';
import { useSignedIn } from '../../state/store.ts';
import { UnauthorizedPlaceholder } from '../../ui/Placeholders.tsx';
import { SubscriptionDetails } from './SubscriptionDetails.tsx';
import { SubscriptionsTable } from './SubscriptionsTable.tsx';

export interface SubscriptionsProps {
  /** Shows this subscription's details instead of the list. */
  subscriptionId?: string;
  /** Pre-filters the list by this product id (the portal's ?product=). */
  product?: string;
}

export default function Subscriptions({ subscriptionId, product }: SubscriptionsProps) {
  const { t } = useMessages('subscriptions');
  const signedIn = useSignedIn();
  const id = subscriptionId?.trim();
  let body;
  if (!signedIn) body = <UnauthorizedPlaceholder />;
  else if (id) body = <SubscriptionDetails subscriptionId={id} />;
  else body = <SubscriptionsTable product={product} />;
  return (
    <div className="mx-auto flex w-full max-w-[1360px] flex-col gap-5 px-4 py-6 sm:px-6 lg:py-8" data-page="subscriptions">
      {!id && (
        <header>
          <h1 className="m-0 text-2xl font-semibold text-gray-900 sm:text-3xl">{t('subscriptions.title')}</h1>
          <p className="m-0 mt-1 text-gray-600">{t('subscriptions.subtitle')}</p>
        </header>
      )}
      {body}
    </div>
  );
}

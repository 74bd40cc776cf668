// The pending-invoice banner (spec 3 §2.1, §7.2) of the product page and of the access wizard:
// while billing is on and invoices of the caller's subscriptions to the product wait for payment
// (open, incomplete or pastDue), it says so, with 'Please complete payment for the invoice before requesting access'
// (the server refuses access requests under a paid plan until then) and a button to pay the
// latest one on the payment provider's checkout page.
import { useState } from 'react';
import { useApi } from '../../api/context.ts';
import { openCheckout, useInvoices } from '../../api/invoices.ts';
import { useMarketplace } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import { PENDING_INVOICE_STATUSES } from '../../rules/constants.ts';
import { useSignedIn } from '../../state/store.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ErrorPanel } from '../../ui/Placeholders.tsx';

export function PendingInvoices({ productId }: { productId: string }) {
  const { t } = useMessages('subscribe');
  const api = useApi();
  const signedIn = useSignedIn();
  const billing = useMarketplace().data?.settings.billing?.enabled === true;
  const invoices = useInvoices(signedIn && billing
    ? { 'product.id': productId, status: [...PENDING_INVOICE_STATUSES], sort: '-metadata.createdAt', limit: 1 }
    : null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const count = invoices.data?.totalCount ?? 0;
  const latest = invoices.data?.items[0];
  if (count === 0 || !latest) return null;

  const pay = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await openCheckout(api, latest.id);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-4" data-part="pending-invoices" data-count={count}>
      <Alert
        tone="warning"
        title={t('subscribe.invoices.pending', { count })}
        action={latest.canPay ? (
          <Button size="sm" variant="secondary" onClick={() => void pay()} busy={busy} disabled={busy} data-action="pay-invoice">
            {t('subscribe.invoices.pay', { number: latest.billing.number })}
          </Button>
        ) : undefined}
      >
        {t('subscribe.invoices.payFirst')}
        {failure != null && <ErrorPanel error={failure} className="mt-2" />}
      </Alert>
    </div>
  );
}

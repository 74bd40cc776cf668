// The invoices of the subscription (spec 3 §2.3, §8): number, status in its colour, amount (minor
// units), invoice and due dates, and Pay through the payment provider where the caller may pay;
// 'no invoices for the subscription' when none; a banner counting the invoices in error state
// with the provider's contact e-mail. The number opens the invoice's detail and PDF (InvoiceDetail).
import { useState } from 'react';
import { useApi } from '../../api/context.ts';
import { openCheckout, useInvoices, type Invoice } from '../../api/invoices.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { formatMinor } from '../../rules/billing.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { DataTable, type DataTableColumn } from '../../ui/DataTable.tsx';
import { AsyncState, ErrorPanel, ErrorPlaceholder } from '../../ui/Placeholders.tsx';
import { INVOICE_STATUS_TONE, Status, toneOf } from '../../ui/Status.tsx';
import { ContactLine } from '../product/ContactLine.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { InvoiceDetail } from './InvoiceDetail.tsx';

/** Invoices shown at once; a subscription has one a billing cycle. */
const INVOICES_SHOWN = 100;

export function InvoicesSection({ subscriptionId, contactEmail }: { subscriptionId: string; contactEmail: string | null }) {
  const { t, fmt, locale } = useMessages('subscriptions');
  const list = useInvoices({ 'subscription.id': subscriptionId, sort: '-metadata.createdAt', limit: INVOICES_SHOWN });
  const inError = useInvoices({ 'subscription.id': subscriptionId, state: 'error', limit: 0 });
  const errors = inError.data?.totalCount ?? 0;
  // The invoice whose detail is open (its number is the way in).
  const [shown, setShown] = useState<Invoice | null>(null);
  const columns: DataTableColumn<Invoice>[] = [
    { id: 'number', header: t('subscriptions.invoice.number'), required: true, cell: (i) => (
      <button type="button" onClick={() => setShown(i)} data-invoice={i.id} aria-label={t('subscriptions.invoice.show', { number: i.billing.number })}
        className={cx('whitespace-nowrap rounded font-mono text-sm text-primary underline underline-offset-2 hover:no-underline', FOCUS_RING)}>
        {i.billing.number}
      </button>
    ) },
    { id: 'status', header: t('subscriptions.invoice.status'), cell: (i) => (
      <Status tone={toneOf(INVOICE_STATUS_TONE, i.status)}><span data-status={i.status}>{t(`subscriptions.invoice.status.${i.status}` as MessageKey)}</span></Status>
    ) },
    { id: 'amount', header: t('subscriptions.invoice.amount'), align: 'right', cell: (i) => (
      <span className="whitespace-nowrap tabular-nums" data-part="amount">{formatMinor(i.billing.amount.total, i.billing.amount.currency, locale)}</span>
    ) },
    { id: 'date', header: t('subscriptions.invoice.date'), cell: (i) => <span className="whitespace-nowrap">{fmt.date(i.invoiceDate ?? i.metadata.createdAt)}</span> },
    { id: 'due', header: t('subscriptions.invoice.due'), cell: (i) => <span className="whitespace-nowrap">{i.dueDate ? fmt.date(i.dueDate) : '—'}</span> },
    { id: 'pay', header: t('subscriptions.invoice.pay'), label: t('subscriptions.invoice.pay'), align: 'right', cell: (i) => (i.canPay ? <PayButton invoice={i} /> : null) },
  ];
  return (
    <div className="flex flex-col gap-3">
      {errors > 0 && (
        <Alert tone="danger" title={t('subscriptions.invoices.errorBanner', { count: errors })}>
          <span data-part="invoice-error-banner"><ContactLine email={contactEmail} /></span>
        </Alert>
      )}
      <AsyncState loading={!list.data && !list.error} error={list.error}
        errorView={list.error && <ErrorPlaceholder title={t('subscriptions.invoices.error')} error={list.error} onRetry={() => void list.mutate()} />}>
        {list.data?.items.length === 0 ? <p className="m-0 text-gray-500" data-part="invoices-empty">{t('subscriptions.invoices.empty')}</p> : (
          <DataTable label={t('subscriptions.section.invoices')} columns={columns} rows={list.data?.items ?? []} rowKey={(i) => i.id} />
        )}
      </AsyncState>
      {shown && <InvoiceDetail invoice={shown} onClose={() => setShown(null)} />}
    </div>
  );
}

/** Pay on the payment provider's page, in a new tab. */
function PayButton({ invoice }: { invoice: Invoice }) {
  const { t } = useMessages('subscriptions');
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      await openCheckout(api, invoice.id);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <Button variant="primary" format="solid" size="sm" busy={busy} onClick={() => void pay()} data-action="pay"
        aria-label={t('subscriptions.invoice.payOf', { number: invoice.billing.number })}>{t('subscriptions.invoice.pay')}</Button>
      {!!error && <span role="alert" className="text-xs text-danger">{t('subscriptions.invoice.payError')}<ErrorPanel error={error} /></span>}
    </span>
  );
}

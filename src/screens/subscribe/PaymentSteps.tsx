// Steps 2 and 3 of the subscription panel for a paid plan (spec 3 §2.2, §4): checkout, where the
// subscription's first invoice is paid on the payment provider's page (here the server's built-in
// fake, /api/v1/checkout/{id}), and the invoice wait, which polls GET /invoices for the paid
// invoice every INVOICE_POLL_MS, INVOICE_POLL_MAX times, 10 % of progress a poll.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useApi } from '../../api/context.ts';
import { checkoutInvoice, fetchInvoices, useInvoices, type Invoice } from '../../api/invoices.ts';
import { useMessages } from '../../i18n/intl.ts';
import { formatMinor } from '../../rules/billing.ts';
import { INVOICE_POLL_MS } from '../../rules/constants.ts';
import { invoiceWaitMessage, invoiceWaitOutcome, invoiceWaitProgress } from '../../rules/subscribeFlow.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ErrorPanel, ErrorPlaceholder, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import type { Created } from './SubscribePanel.tsx';

const HEADING = 'm-0 text-base font-semibold text-gray-900 outline-none';

/** How often the panel looks whether the checkout window was closed. */
const WINDOW_WATCH_MS = 500;

export function CheckoutStep({ heading, created, onPaid }: { heading: RefObject<HTMLHeadingElement | null>; created: Created; onPaid: () => void }) {
  const { t, locale } = useMessages('subscribe');
  const api = useApi();
  // The first invoice is issued with the subscription (server/src/billing startBilling).
  const invoices = useInvoices({ 'subscription.id': created.id, sort: '-metadata.createdAt', limit: 1 });
  const invoice: Invoice | undefined = invoices.data?.items[0];
  const [opened, setOpened] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const [popupBlocked, setPopupBlocked] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const popup = useRef<Window | null>(null);
  const paidRef = useRef(onPaid);
  paidRef.current = onPaid;

  // Nothing to pay (an invoice of 0 is issued paid): straight to the wait, which finds it.
  useEffect(() => {
    if (invoice && !invoice.canPay && invoice.status === 'paid') paidRef.current();
  }, [invoice]);

  // The payer closed the checkout window: the wait begins.
  useEffect(() => {
    if (!opened) return;
    const timer = setInterval(() => {
      if (popup.current?.closed) {
        clearInterval(timer);
        paidRef.current();
      }
    }, WINDOW_WATCH_MS);
    return () => clearInterval(timer);
  }, [opened]);

  const pay = async () => {
    if (!invoice) return;
    setFailure(null);
    setBusy(true);
    // Opened in the click itself (a window opened after an await counts as a pop-up), then sent on.
    const win = window.open('', '_blank');
    try {
      const { url } = await checkoutInvoice(api, invoice.id);
      // The provider's URL may be a path of the marketplace server (the built-in fake's page).
      const absolute = new URL(url, new URL(api.options.apiBase, window.location.href)).href;
      setLink(absolute);
      if (win) {
        win.location.href = absolute;
        popup.current = win;
        setPopupBlocked(false);
      } else {
        setPopupBlocked(true);
      }
      setOpened(true);
    } catch (error) {
      win?.close();
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="flex flex-col gap-4" data-part="checkout-step">
      <h3 ref={heading} tabIndex={-1} className={HEADING}>{t('subscribe.checkout.title')}</h3>
      <p className="m-0">{t('subscribe.checkout.intro', { plan: created.plan.title })}</p>
      {invoices.error && <ErrorPlaceholder title={t('subscribe.checkout.error')} error={invoices.error} onRetry={() => void invoices.mutate()} />}
      {!invoices.data && !invoices.error && <LoadingPlaceholder label={t('subscribe.checkout.loading')} />}
      {invoice && (
        <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg border border-gray-200 bg-gray-50 px-4 py-3" data-part="invoice" data-invoice={invoice.id}>
          <dt className="text-gray-600">{t('subscribe.checkout.invoice', { number: invoice.billing.number })}</dt>
          <dd className="m-0" />
          <dt className="font-semibold text-gray-900">{t('subscribe.checkout.total')}</dt>
          <dd className="m-0 text-right font-semibold text-gray-900" data-part="total">
            {formatMinor(invoice.billing.amount.total, invoice.billing.amount.currency, locale)}
          </dd>
        </dl>
      )}
      {opened && <p role="status" className="m-0 text-gray-700">{t('subscribe.checkout.waiting')}</p>}
      {popupBlocked && link && (
        <Alert tone="warning">
          {t('subscribe.checkout.blocked')}{' '}
          <a href={link} target="_blank" rel="noopener" className="font-medium text-primary underline" data-part="checkout-link">{t('subscribe.checkout.open')}</a>
        </Alert>
      )}
      {failure != null && <Alert tone="danger" title={t('subscribe.checkout.failed')}><ErrorPanel error={failure} className="mt-1" /></Alert>}
      <div className="flex flex-wrap gap-2">
        {invoice?.canPay && (
          <Button onClick={() => void pay()} busy={busy} disabled={busy} data-action="checkout">
            {opened ? t('subscribe.checkout.again') : t('subscribe.checkout.pay')}
          </Button>
        )}
        {opened && <Button variant="secondary" onClick={onPaid} data-action="paid">{t('subscribe.checkout.paid')}</Button>}
      </div>
    </section>
  );
}

export function InvoiceWaitStep({ heading, created, onOutcome }: {
  heading: RefObject<HTMLHeadingElement | null>; created: Created; onOutcome: (outcome: 'approved' | 'pending') => void;
}) {
  const { t } = useMessages('subscribe');
  const api = useApi();
  const [polls, setPolls] = useState(0);
  const outcomeRef = useRef(onOutcome);
  outcomeRef.current = onOutcome;

  // One poll a second; each waits for the previous answer, so polls never overlap.
  useEffect(() => {
    const controller = new AbortController();
    let count = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let found = false;
      try {
        const page = await fetchInvoices(api, { 'subscription.id': created.id, status: ['paid'], limit: 1 }, controller.signal);
        found = page.totalCount > 0;
      } catch {
        // A failed poll counts as one without the invoice.
      }
      if (controller.signal.aborted) return;
      count += 1;
      setPolls(count);
      const outcome = invoiceWaitOutcome(count, found);
      if (outcome === 'polling') timer = setTimeout(() => void poll(), INVOICE_POLL_MS);
      else outcomeRef.current(outcome);
    };
    timer = setTimeout(() => void poll(), INVOICE_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [api, created.id]);

  const progress = invoiceWaitProgress(polls);
  const message = invoiceWaitMessage(polls);
  const text = message === 'processing' ? t('subscribe.wait.processing')
    : message === 'generating' ? t('subscribe.wait.generating')
      : polls < 2 ? t('subscribe.wait.start') : t('subscribe.wait.almost');
  return (
    <section className="flex flex-col gap-4" data-part="invoice-wait" data-polls={polls}>
      <h3 ref={heading} tabIndex={-1} className={HEADING}>{t('subscribe.wait.title')}</h3>
      <div
        role="progressbar"
        aria-label={t('subscribe.wait.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${progress}%` }} />
      </div>
      <p role="status" className="m-0 text-gray-700" data-part="wait-message" data-message={message ?? ''}>{text}</p>
    </section>
  );
}

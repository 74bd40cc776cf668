// An invoice's detail (issue 28, point 7), opened by its number in the subscription's invoices:
// status, dates, product, plan, billing period, its lines (description, quantity, unit price,
// amount) and total, and the PDF download (GET /invoices/{id}/pdf, in the portal's language).
// Spec 3 gives an invoice no tax fields: the total is the sum of the lines.
import { useState } from 'react';
import { useApi } from '../../api/context.ts';
import { downloadInvoicePdf, type Invoice } from '../../api/invoices.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { formatMinor } from '../../rules/billing.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorPanel } from '../../ui/Placeholders.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import { INVOICE_STATUS_TONE, Status, toneOf } from '../../ui/Status.tsx';

export function InvoiceDetail({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t, fmt, locale } = useMessages('subscriptions');
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const money = (minor: number) => formatMinor(minor, invoice.billing.amount.currency, locale);
  const decimal = (text: string) => new Intl.NumberFormat(locale, {
    minimumFractionDigits: Math.max(2, (text.split('.')[1] ?? '').length), maximumFractionDigits: 20,
  }).format(Number(text));
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadInvoicePdf(api, invoice, locale);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const facts: Array<[string, string]> = [
    [t('subscriptions.invoice.date'), fmt.date(invoice.invoiceDate ?? invoice.metadata.createdAt)],
    [t('subscriptions.invoice.due'), invoice.dueDate ? fmt.date(invoice.dueDate) : '—'],
    [t('subscriptions.invoice.detail.product'), invoice.product.title ?? invoice.product.id],
    [t('subscriptions.invoice.detail.plan'), invoice.plan.title ?? invoice.plan.id],
    ...(invoice.billing.cycle ? [[t('subscriptions.invoice.detail.period'), `${fmt.date(invoice.billing.cycle.start)} – ${fmt.date(invoice.billing.cycle.end)}`] as [string, string]] : []),
  ];
  const cell = 'border-b border-gray-200 px-2 py-2';
  return (
    <SidePanel
      open
      title={t('subscriptions.invoice.detail.title', { number: invoice.billing.number })}
      subtitle={invoice.subscription.title ?? undefined}
      onClose={onClose}
      size="lg"
      footer={(
        <Button variant="primary" format="solid" busy={busy} onClick={() => void download()} data-action="invoice-pdf">
          {t('subscriptions.invoice.detail.download')}
        </Button>
      )}
    >
      <div className="flex flex-col gap-4" data-part="invoice-detail">
        <Status tone={toneOf(INVOICE_STATUS_TONE, invoice.status)}><span data-status={invoice.status}>{t(`subscriptions.invoice.status.${invoice.status}` as MessageKey)}</span></Status>
        <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-gray-600">{label}</dt>
              <dd className="m-0 min-w-0 break-words text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm" data-part="invoice-lines">
            <caption className="pb-2 text-left font-semibold text-gray-900">{t('subscriptions.invoice.detail.lines')}</caption>
            <thead>
              <tr className="text-left text-gray-600">
                <th scope="col" className={cell}>{t('subscriptions.invoice.detail.description')}</th>
                <th scope="col" className={`${cell} text-right`}>{t('subscriptions.invoice.detail.quantity')}</th>
                <th scope="col" className={`${cell} text-right`}>{t('subscriptions.invoice.detail.unitPrice')}</th>
                <th scope="col" className={`${cell} text-right`}>{t('subscriptions.invoice.detail.lineAmount')}</th>
              </tr>
            </thead>
            <tbody>
              {invoice.billing.lines.length === 0 && (
                <tr><td colSpan={4} className={`${cell} text-gray-500`}>{t('subscriptions.invoice.detail.noLines')}</td></tr>
              )}
              {invoice.billing.lines.map((line, i) => (
                <tr key={i} data-line={line.kind}>
                  <td className={cell}>
                    {line.title}
                    {line.flatFee > 0 && <span className="block text-xs text-gray-500">{t('subscriptions.invoice.detail.flatFee', { amount: money(line.flatFee) })}</span>}
                  </td>
                  <td className={`${cell} text-right tabular-nums`}>{new Intl.NumberFormat(locale).format(line.quantity)}</td>
                  <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>{decimal(line.unitPrice)}</td>
                  <td className={`${cell} whitespace-nowrap text-right tabular-nums`}>{money(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold text-gray-900">
                <th scope="row" colSpan={3} className="px-2 py-2 text-right">{t('subscriptions.invoice.detail.total')}</th>
                <td className="whitespace-nowrap px-2 py-2 text-right tabular-nums" data-part="invoice-total">{money(invoice.billing.amount.total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        {!!error && <div role="alert" className="text-danger">{t('subscriptions.invoice.detail.downloadError')}<ErrorPanel error={error} className="mt-2" /></div>}
      </div>
    </SidePanel>
  );
}

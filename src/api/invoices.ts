// Invoices (spec 3 §3 Invoice, §7.2): the list with its filters (the subscribe flow polls it for
// the paid invoice, the pending-invoice banner counts the unpaid ones) and the checkout of one
// invoice through the payment provider. Amounts are minor units (src/rules/billing.ts formatMinor).
import type { Static } from '@sinclair/typebox';
import type { Checkout, Invoice as InvoiceSchema, InvoicesQuery } from '../../server/src/schemas/invoices.ts';
import type { Api } from './client.ts';
import { keys } from './screenKeys.ts';
import { useApiQuery } from './swr.ts';

export type Invoice = InvoiceSchema;
export type InvoicesFilter = InvoicesQuery;
export type InvoiceCheckout = Static<typeof Checkout>;

export const fetchInvoices = (api: Api, query: InvoicesFilter, signal?: AbortSignal) =>
  api.list<Invoice>('/invoices', { query: query as Record<string, never>, ...(signal ? { signal } : {}) });

/** Where the payer pays the invoice (the built-in fake provider's page, /api/v1/checkout/{id}?token=…). */
export const checkoutInvoice = (api: Api, invoiceId: string) =>
  api.post<InvoiceCheckout>(`/invoices/${encodeURIComponent(invoiceId)}/checkout`);

export const useInvoices = (query: InvoicesFilter | null) =>
  useApiQuery(query ? keys.invoices(query) : null, (api) => fetchInvoices(api, query!));

/**
 * Sends the payer to the payment provider's page for an invoice, in a new tab. Call it in the
 * click itself: the tab is opened before the await (one opened after it counts as a pop-up) and
 * sent on once the server gives the checkout; without a tab (blocked) this page goes there.
 */
export async function openCheckout(api: Api, invoiceId: string): Promise<void> {
  const win = window.open('', '_blank');
  try {
    const { url } = await checkoutInvoice(api, invoiceId);
    // The provider's URL may be a path of the marketplace server (the built-in fake's page).
    const absolute = new URL(url, new URL(api.options.apiBase, window.location.href)).href;
    if (win) win.location.href = absolute;
    else window.location.assign(absolute);
  } catch (error) {
    win?.close();
    throw error;
  }
}

/** Saves the invoice's PDF (GET /invoices/{id}/pdf, its labels in `locale`) under the server's file name. */
export async function downloadInvoicePdf(api: Api, invoice: Invoice, locale: string): Promise<void> {
  const res = await api.response('GET', `/invoices/${encodeURIComponent(invoice.id)}/pdf`, undefined, {
    headers: { Accept: 'application/pdf' }, query: { locale },
  });
  const name = /filename="?([^";]+)"?/i.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `invoice-${invoice.billing.number}.pdf`;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  // Never attached to the page: a detached anchor's click starts the download all the same.
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

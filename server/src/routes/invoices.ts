// Invoices (spec 3 §7.2) and their checkout through the payment provider (billing/payments.ts):
// GET /invoices, GET /invoices/{id} (also its provider's), GET /invoices/{id}/pdf, POST /invoices/{id}/checkout (the provider's checkout URL),
// and the built-in fake provider's page GET/POST /checkout/{id}?token=… (HTML; the token in its
// link is the payer's proof). Also the billing jobs (billing/billing.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Conflict, ErrorResponse, ErrorResponses, HtmlPage, List, PdfContent } from '../schemas/common.ts';
import { NoQuery } from '../schemas/catalogue.ts';
import { Checkout, CheckoutForm, CheckoutQuery, Invoice, InvoiceParams, InvoicePdfQuery, InvoicesQuery } from '../schemas/invoices.ts';
import { invoicePdf, pdfLocale } from '../billing/invoicePdf.ts';
import { getInvoice, invoiceDocument, invoiceForCheckout, invoiceToPay, listInvoices, markPaid } from '../billing/invoices.ts';
import { closeCycle, CYCLE_JOB, DUE_JOB, markPastDue } from '../billing/billing.ts';
import { paymentProvider } from '../billing/payments.ts';
import { CHECKOUT_CSP, checkoutErrorHtml, checkoutHtml } from '../billing/checkoutPage.ts';

const FORM_MAX_BYTES = 8 * 1024;

export default async function invoiceRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  if (fastify.hasDecorator('jobs')) {
    app.jobs.register(CYCLE_JOB, (payload, context) => closeCycle(context.db, payload));
    app.jobs.register(DUE_JOB, (payload, context) => markPastDue(context.db, payload, context.clock.now()));
  }
  // This module's context only: the checkout page's form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_MAX_BYTES }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get('/invoices', {
    schema: { querystring: InvoicesQuery, response: { 200: List(Invoice), ...ErrorResponses } },
  }, async (request) => listInvoices(app.db, request.caller, request.query));

  app.get('/invoices/:id', {
    schema: { params: InvoiceParams, querystring: NoQuery, response: { 200: Invoice, ...ErrorResponses } },
  }, async (request) => getInvoice(app.db, request.caller, request.params.id));

  // The invoice as a PDF (billing/invoicePdf.ts), for its payer's organisation and its provider;
  // labels in ?locale= (en-US, fr-FR, pt-BR, de-DE, or a language), else Accept-Language.
  app.get('/invoices/:id/pdf', {
    schema: { params: InvoiceParams, querystring: InvoicePdfQuery, response: { 200: PdfContent, ...ErrorResponses } },
  }, async (request, reply) => {
    const { invoice, seller, payer } = await invoiceDocument(app.db, request.caller, request.params.id);
    const locale = pdfLocale(request.query.locale ?? request.headers['accept-language']);
    const pdf = await invoicePdf(invoice, { seller, payer }, locale);
    const file = `invoice-${invoice.billing.number.replace(/[^\w.-]+/g, '_')}.pdf`;
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${file}"`)
      .header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff').send(Buffer.from(pdf));
  });

  app.post('/invoices/:id/checkout', {
    schema: { params: InvoiceParams, querystring: NoQuery, response: { 200: Checkout, ...ErrorResponses, ...Conflict } },
  }, async (request) => {
    const invoice = await invoiceToPay(app.db, request.caller, request.params.id);
    const provider = await paymentProvider(app.db);
    return provider.createCheckout({ id: invoice.id, payerId: request.caller.userId! }, app.clock.now());
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('content-type', 'text/html; charset=utf-8').header('content-security-policy', CHECKOUT_CSP)
      .header('cache-control', 'no-store').send(body);

  /** The invoice a checkout token is for, or the page saying why not. */
  async function checkoutOf(id: string, token: string) {
    const provider = await paymentProvider(app.db);
    const proof = await provider.confirm(id, token, app.clock.now());
    const invoice = proof && await invoiceForCheckout(app.db, id);
    return invoice ? { invoice, proof } : null;
  }

  app.get('/checkout/:id', {
    schema: { params: InvoiceParams, querystring: CheckoutQuery, response: { 200: HtmlPage('The checkout page'), 400: ErrorResponse, 403: HtmlPage('The link is not valid or has expired') } },
  }, async (request, reply) => {
    const found = await checkoutOf(request.params.id, request.query.token);
    if (!found) return html(reply, 403, checkoutErrorHtml('This checkout link is not valid or has expired. Open the invoice again from your subscription.'));
    const { invoice } = found;
    const form = invoice.canPay ? { action: request.url.split('?')[0]!, token: request.query.token } : null;
    return html(reply, 200, checkoutHtml(invoice, form, invoice.canPay ? undefined : `This invoice is ${invoice.status}.`));
  });

  app.post('/checkout/:id', {
    schema: {
      params: InvoiceParams, querystring: NoQuery, body: CheckoutForm,
      response: { 200: HtmlPage('Paid'), 400: ErrorResponse, 403: HtmlPage('The link is not valid or has expired'), 409: HtmlPage('The invoice is not payable (already paid or void)') },
    },
  }, async (request, reply) => {
    const found = await checkoutOf(request.params.id, request.body.token);
    if (!found) return html(reply, 403, checkoutErrorHtml('This checkout link is not valid or has expired. Open the invoice again from your subscription.'));
    const paid = await markPaid(app.db, found.invoice.id, app.clock.now());
    const invoice = (await invoiceForCheckout(app.db, found.invoice.id))!;
    return html(reply, paid ? 200 : 409, checkoutHtml(invoice, null, paid ? 'Payment received. Thank you.' : `This invoice is ${invoice.status}: nothing was paid.`));
  });
}

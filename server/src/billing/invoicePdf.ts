// The invoice as a PDF document (issue 28, point 7), drawn with pdf-lib: seller and payer, number,
// dates, status, product, plan, subscription and billing period, then one row per line
// (description, quantity, unit price, amount) and the total, in the caller's locale (the labels
// are the portal's own messages, src/i18n/messages). Spec 3 gives an invoice no tax fields, so the
// document shows none: the total is the sum of the lines, as GET /invoices/{id} gives it.
// Standard fonts keep the file small (~3 KB) and need no font file; they encode WinAnsi only, so a
// character outside it (a title in another script) is drawn as '?' rather than failing the download.
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Invoice } from '../schemas/invoices.ts';
import { formatMinor } from '../../../src/rules/billing.ts';
import type { Locale } from '../../../src/rules/constants.ts';
import type { MessageKey } from '../../../src/i18n/messages/en.ts';
import { requestLocale, translator } from '../messages.ts';

/** The locale asked for (a query parameter, else Accept-Language), one of LOCALES; English otherwise. */
export const pdfLocale = requestLocale;

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.36, 0.38, 0.42);
const RULE = rgb(0.8, 0.82, 0.85);

export interface InvoiceParties { seller: string; payer: string | null }

export async function invoicePdf(invoice: Invoice, parties: InvoiceParties, locale: Locale): Promise<Uint8Array> {
  const t = translator(locale);
  const money = (minor: number) => formatMinor(minor, invoice.billing.amount.currency, locale);
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)) : '—');

  const doc = await PDFDocument.create();
  const title = t('subscriptions.invoice.detail.title', { number: invoice.billing.number });
  doc.setTitle(title);
  doc.setSubject(`${invoice.product.title ?? ''} · ${invoice.plan.title ?? ''}`);
  doc.setProducer('Agora marketplace');
  doc.setCreationDate(new Date(invoice.invoiceDate ?? invoice.metadata.createdAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const drawable = new Set(regular.getCharacterSet());
  // WinAnsi only (see above); the narrow no-break spaces of French amounts become plain spaces.
  const safe = (text: string) => [...text.replace(/[\u202f\u00a0]/g, ' ')].map((c) => (drawable.has(c.codePointAt(0)!) ? c : '?')).join('');

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const text = (value: string, x: number, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; right?: boolean; maxWidth?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    let s = safe(value);
    if (options.maxWidth) while (s.length > 1 && font.widthOfTextAtSize(s, size) > options.maxWidth) s = `${s.slice(0, -2)}…`;
    const width = font.widthOfTextAtSize(s, size);
    page.drawText(s, { x: options.right ? x - width : x, y, size, font, color: options.color ?? INK });
  };
  const newPageIfNeeded = (room: number) => {
    if (y - room > MARGIN) return;
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };

  text(title, MARGIN, { font: bold, size: 20 });
  text(t(`subscriptions.invoice.status.${invoice.status}` as MessageKey), A4[0] - MARGIN, { font: bold, size: 12, right: true, color: MUTED });
  y -= 34;
  const facts: Array<[string, string]> = [
    [t('subscriptions.invoice.detail.from'), parties.seller],
    [t('subscriptions.invoice.detail.billedTo'), parties.payer ?? invoice.owner.name ?? invoice.owner.id],
    [t('subscriptions.invoice.date'), date(invoice.invoiceDate ?? invoice.metadata.createdAt)],
    [t('subscriptions.invoice.due'), date(invoice.dueDate)],
    [t('subscriptions.invoice.detail.product'), invoice.product.title ?? invoice.product.id],
    [t('subscriptions.invoice.detail.plan'), invoice.plan.title ?? invoice.plan.id],
    [t('subscriptions.invoice.detail.subscription'), invoice.subscription.title ?? invoice.subscription.id],
    ...(invoice.billing.cycle ? [[t('subscriptions.invoice.detail.period'), `${date(invoice.billing.cycle.start)} – ${date(invoice.billing.cycle.end)}`] as [string, string]] : []),
  ];
  for (const [label, value] of facts) {
    text(label, MARGIN, { color: MUTED });
    text(value, MARGIN + 130, { maxWidth: A4[0] - 2 * MARGIN - 130 });
    y -= 16;
  }

  // The lines: description | quantity | unit price | amount.
  const col = { qty: 350, unit: 440, amount: A4[0] - MARGIN };
  y -= 14;
  const header = () => {
    text(t('subscriptions.invoice.detail.description'), MARGIN, { font: bold });
    text(t('subscriptions.invoice.detail.quantity'), col.qty, { font: bold, right: true });
    text(t('subscriptions.invoice.detail.unitPrice'), col.unit, { font: bold, right: true });
    text(t('subscriptions.invoice.detail.lineAmount'), col.amount, { font: bold, right: true });
    y -= 6;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.7, color: RULE });
    y -= 14;
  };
  header();
  if (invoice.billing.lines.length === 0) {
    text(t('subscriptions.invoice.detail.noLines'), MARGIN, { color: MUTED });
    y -= 16;
  }
  const number = new Intl.NumberFormat(locale);
  // The unit price is exact decimal text ('0.001'): shown in the locale with all its digits.
  const decimal = (text: string) => new Intl.NumberFormat(locale, {
    minimumFractionDigits: Math.max(2, (text.split('.')[1] ?? '').length), maximumFractionDigits: 20,
  }).format(Number(text));
  for (const line of invoice.billing.lines) {
    newPageIfNeeded(40);
    if (y === A4[1] - MARGIN) header();
    text(line.title, MARGIN, { maxWidth: col.qty - MARGIN - 70 });
    text(number.format(line.quantity), col.qty, { right: true });
    text(`${decimal(line.unitPrice)} ${invoice.billing.amount.currency}`, col.unit, { right: true });
    text(money(line.amount), col.amount, { right: true });
    if (line.flatFee) {
      y -= 12;
      text(t('subscriptions.invoice.detail.flatFee', { amount: money(line.flatFee) }), MARGIN, { size: 8, color: MUTED });
    }
    y -= 16;
  }
  newPageIfNeeded(40);
  page.drawLine({ start: { x: MARGIN, y: y + 8 }, end: { x: A4[0] - MARGIN, y: y + 8 }, thickness: 0.7, color: RULE });
  y -= 8;
  text(t('subscriptions.invoice.detail.total'), col.unit, { font: bold, size: 12, right: true });
  text(money(invoice.billing.amount.total), col.amount, { font: bold, size: 12, right: true });
  return doc.save();
}

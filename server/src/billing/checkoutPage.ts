// The fake payment provider's checkout page (payments.ts): plain server-rendered HTML, no script.
// Every value printed goes through esc(): titles and numbers come from providers and consumers.
import { formatMinor } from '../../../src/rules/billing.ts';
import type { Invoice } from '../schemas/invoices.ts';

export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a checkout page may load: its own inline style, posting the form to itself. */
export const CHECKOUT_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1d2433}
table{width:100%;border-collapse:collapse}td,th{padding:.4rem;border-bottom:1px solid #dde;text-align:left}
td.n,th.n{text-align:right}button{font:inherit;padding:.6rem 1.6rem;border:0;border-radius:.4rem;background:#1f5fd1;color:#fff;cursor:pointer}
.fake{background:#fff4d6;border:1px solid #e8c45a;padding:.5rem .8rem;border-radius:.4rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function describe(line: Invoice['billing']['lines'][number]): string {
  switch (line.kind) {
    case 'setup': return `Setup fee, ${line.title}`;
    case 'interval': return `${line.title}, next billing period`;
    case 'tier': return `${line.title}, tier ${(line.tier ?? 0) + 1}: ${line.quantity} ${line.unitName ?? 'units'} at ${line.unitPrice}`;
    default: return `${line.title}: ${line.quantity} ${line.unitName ?? 'units'} at ${line.unitPrice}${line.kind === 'overage' ? ' over the limit' : ''}`;
  }
}

/** The portal's page of the invoice's subscription (its invoices section). The portal is served by
 * this server (PUBLIC_URL), so a path of the same origin reaches it. */
export const subscriptionPath = (invoice: Pick<Invoice, 'subscription'>) => `/subscriptions/${encodeURIComponent(invoice.subscription.id)}#invoices`;

/** The invoice with its lines and total; a Pay button while it can be paid; always the way back to
 * the subscription in the portal (a checkout must not be a dead end). */
export function checkoutHtml(invoice: Invoice, form: { action: string; token: string } | null, notice?: string): string {
  const currency = invoice.billing.amount.currency;
  const rows = invoice.billing.lines.map((l) => `<tr><td>${esc(describe(l))}${l.flatFee ? ` + ${esc(formatMinor(l.flatFee, currency))} flat fee` : ''}</td>
<td class="n">${esc(formatMinor(l.amount, currency))}</td></tr>`).join('');
  const pay = form
    ? `<form method="post" action="${esc(form.action)}"><input type="hidden" name="token" value="${esc(form.token)}"><button type="submit">Pay ${esc(formatMinor(invoice.billing.amount.total, currency))}</button></form>`
    : '';
  return page(`Invoice ${invoice.billing.number}`, `
<p class="fake">Test checkout: the payment provider of this marketplace is a built-in fake. No money is taken.</p>
<h1>Invoice ${esc(invoice.billing.number)}</h1>
<p>${esc(invoice.product.title)} · ${esc(invoice.plan.title)} · ${esc(invoice.subscription.title)}</p>
<p>Status: <strong>${esc(invoice.status)}</strong>${invoice.dueDate ? ` · due ${esc(invoice.dueDate.slice(0, 10))}` : ''}</p>
${notice ? `<p role="status"><strong>${esc(notice)}</strong></p>` : ''}
<table><thead><tr><th>Item</th><th class="n">Amount</th></tr></thead><tbody>${rows}</tbody>
<tfoot><tr><th>Total</th><th class="n">${esc(formatMinor(invoice.billing.amount.total, currency))}</th></tr></tfoot></table>
<p>${pay}</p>
<p><a href="${esc(subscriptionPath(invoice))}" data-part="back">Back to the subscription${invoice.subscription.title ? ` “${esc(invoice.subscription.title)}”` : ''}</a></p>`);
}

export function checkoutErrorHtml(message: string): string {
  return page('Checkout', `<h1>Checkout</h1><p>${esc(message)}</p>`);
}

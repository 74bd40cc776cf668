// The payment provider boundary (issue 11): taking the money is not ours. Billing asks the
// provider for a checkout of an invoice (a URL the payer opens) and is told when a payment is
// confirmed. The ONE implementation is FakePaymentProvider: a built-in checkout page on this
// server (routes/checkout.ts) whose "Pay" button confirms at once; no money moves. To use a real
// provider, implement PaymentProvider (createCheckout: make the provider's checkout session and
// return its URL; confirm: verify the provider's callback or webhook and return the invoice it paid)
// and return it from paymentProvider() below.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/store.ts';
import { getOrCreateSecret } from '../db/secrets.ts';

export interface CheckoutInvoice {
  id: string;
  /** The signed-in user who will pay (the checkout is theirs alone). */
  payerId: string;
}

export interface PaymentProvider {
  readonly name: string;
  /** A checkout for the invoice: the URL the payer's browser opens. */
  createCheckout(invoice: CheckoutInvoice, now: Date): Promise<{ url: string }>;
  /** The invoice and payer a checkout's proof (here a token; for a real provider its callback)
   * is for, or null when it is not valid (forged, expired, another invoice's). */
  confirm(invoiceId: string, proof: string, now: Date): Promise<CheckoutInvoice | null>;
}

/** Not a character of ids (schemas/common.ts Id). */
const SEP = '|';

/** A checkout link of the fake provider is valid this long. */
export const CHECKOUT_TTL_MS = 30 * 60_000;

/**
 * FAKE payment provider, built in: its checkout is this server's page /api/v1/checkout/{invoiceId}
 * with a token signed by a server secret (HMAC over invoice, payer and expiry), so the link alone
 * lets its payer pay that invoice for 30 minutes and nobody else anything. Paying charges nothing.
 */
export class FakePaymentProvider implements PaymentProvider {
  readonly name = 'fake';
  constructor(private readonly secret: string, private readonly base = '/api/v1') {}

  private sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }

  tokenFor(invoice: CheckoutInvoice, now: Date): string {
    const body = [invoice.id, invoice.payerId, now.getTime() + CHECKOUT_TTL_MS].join(SEP);
    return `${Buffer.from(body).toString('base64url')}.${this.sign(body)}`;
  }

  async createCheckout(invoice: CheckoutInvoice, now: Date): Promise<{ url: string }> {
    return { url: `${this.base}/checkout/${encodeURIComponent(invoice.id)}?token=${encodeURIComponent(this.tokenFor(invoice, now))}` };
  }

  async confirm(invoiceId: string, token: string, now: Date): Promise<CheckoutInvoice | null> {
    const [encoded, mac] = token.split('.');
    if (!encoded || !mac) return null;
    const body = Buffer.from(encoded, 'base64url').toString();
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const [id, payerId, until] = body.split(SEP);
    if (id !== invoiceId || !payerId || !(Number(until) > now.getTime())) return null;
    return { id, payerId };
  }
}

/** The server's payment provider: the built-in fake (swap it here). */
export async function paymentProvider(db: Db): Promise<PaymentProvider> {
  return new FakePaymentProvider(await getOrCreateSecret(db, 'billing.fake-checkout-key'));
}

// Invoices (spec 3 §3 Invoice, §4 statuses, §7.2 GET /invoices): the contract. Amounts are integer
// minor units of billing.amount.currency (4900 = $49.00; src/rules/billing.ts formatMinor shows them).
import { Type, type Static } from '@sinclair/typebox';
import { Id, Repeated } from './common.ts';
import { DateTime, Literals, Nullable, Strict } from './catalogue.ts';
import { INVOICE_STATES, INVOICE_STATUSES, MAX_PAGE_LIMIT } from '../../../src/rules/constants.ts';

export const INVOICE_SORTS = ['-metadata.createdAt', '+metadata.createdAt'] as const;

export const InvoiceLine = Type.Object({
  /** setup (first invoice), interval (the plan's price for the coming cycle), overage (fixed loose
   * limits), usage (per-unit), tier (volume and graduated; `tier` is its position). */
  kind: Literals(['setup', 'interval', 'overage', 'usage', 'tier'] as const),
  title: Type.String(),
  quotaId: Nullable(Type.String()),
  unitName: Nullable(Type.String()),
  tier: Nullable(Type.Integer()),
  quantity: Type.Integer({ minimum: 0 }),
  /** Exact decimal text in major units ('0.0015'), for display. */
  unitPrice: Type.String(),
  /** Minor units. */
  flatFee: Type.Integer(),
  /** Minor units: quantity × unitPrice rounded half-up, plus flatFee. */
  amount: Type.Integer(),
});

const Link = Type.Object({ id: Type.String(), title: Nullable(Type.String()) });

export const Invoice = Type.Object({
  id: Type.String(),
  /** ok, or error (counted by the subscription's invoices error banner). */
  state: Literals(INVOICE_STATES),
  status: Literals(INVOICE_STATUSES),
  dueDate: Nullable(DateTime),
  invoiceDate: Nullable(DateTime),
  metadata: Type.Object({ createdAt: DateTime }),
  billing: Type.Object({
    number: Type.String(),
    /** Where it is paid: the built-in checkout (a path on this server) or, for imported invoices, the provider's page. */
    link: Nullable(Type.String()),
    amount: Type.Object({ total: Type.Integer(), currency: Type.String() }),
    lines: Type.Array(InvoiceLine),
    /** The billing cycle it closes (null for imported invoices). */
    cycle: Nullable(Type.Object({ index: Type.Integer(), start: DateTime, end: DateTime })),
  }),
  subscription: Link,
  product: Link,
  plan: Link,
  owner: Type.Object({ id: Type.String(), type: Type.String(), name: Nullable(Type.String()) }),
  /** The caller may pay it (its owner, while open, incomplete or pastDue). */
  canPay: Type.Boolean(),
});
export type Invoice = Static<typeof Invoice>;

export const InvoicesQuery = Type.Object({
  'subscription.id': Type.Optional(Id),
  'product.id': Type.Optional(Id),
  'plan.id': Type.Optional(Id),
  'owner.id': Type.Optional(Id),
  state: Type.Optional(Literals(INVOICE_STATES)),
  status: Repeated(Literals(INVOICE_STATUSES)),
  dueDateStart: Type.Optional(DateTime),
  dueDateEnd: Type.Optional(DateTime),
  invoiceDateStart: Type.Optional(DateTime),
  invoiceDateEnd: Type.Optional(DateTime),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_LIMIT, default: 10 })),
  sort: Type.Optional(Literals(INVOICE_SORTS)),
}, Strict);
export type InvoicesQuery = Static<typeof InvoicesQuery>;

export const InvoiceParams = Type.Object({ id: Id }, Strict);

/** GET /invoices/{id}/pdf: the document's language (a locale or a language: 'fr'); default Accept-Language, else English. */
export const InvoicePdfQuery = Type.Object({ locale: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$', maxLength: 20 })) }, Strict);

/** POST /invoices/{id}/checkout: where the payment provider takes the payment. */
export const Checkout = Type.Object({ url: Type.String() });

/** The built-in (fake) checkout page's form. */
export const CheckoutForm = Type.Object({ token: Type.String({ minLength: 1, maxLength: 2000 }) }, Strict);
export const CheckoutQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 2000 }) }, Strict);

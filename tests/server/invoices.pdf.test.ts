// Invoice detail and its PDF (issue 28, point 7): GET /invoices/{id} gives the lines (quantity, unit
// price, amount) and total; GET /invoices/{id}/pdf is a real PDF (pdftoppm renders it to PNG) that
// shows those lines, for the payer's organisation and the product's provider; another organisation
// gets 404 as for an unknown id, a visitor 401.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, API, type TestApp } from './helper.ts';
import { ORG, USER } from '../../server/seed/accounts.ts';
import { rows } from '../../server/src/catalogue/sql.ts';
import { formatMinor } from '../../src/rules/billing.ts';

const has = (tool: string) => { try { execFileSync('which', [tool], { stdio: 'ignore' }); return true; } catch { return false; } };
const OUT = join(process.cwd(), 'test-results', 'invoice-pdf');

let t: TestApp;
let invoiceId: string;
const orgadmin = { id: USER.orgadmin!, orgId: ORG.acme };
const provider = { id: USER.admin!, orgId: ORG.provider };
const globex = { id: USER.globex!, orgId: ORG.globex };

beforeAll(async () => {
  t = await buildTestApp({ demo: true });
  const [found] = await rows<{ id: string }>(t.db, sql`select id from invoices where org_id = ${ORG.acme}
    and jsonb_array_length(coalesce(billing->'lines', '[]'::jsonb)) > 1 order by id limit 1`);
  invoiceId = found!.id;
  mkdirSync(OUT, { recursive: true });
});
afterAll(async () => { await t?.close(); });

describe('invoice detail and PDF', () => {
  it('the detail has lines with quantities, unit prices and amounts adding up to the total', async () => {
    const res = await t.request(orgadmin, { url: `${API}/invoices/${invoiceId}` });
    expect(res.status).toBe(200);
    const { lines, amount } = res.body.billing;
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatchObject({ title: expect.any(String), quantity: expect.any(Number), unitPrice: expect.any(String), amount: expect.any(Number) });
    expect(lines.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0)).toBe(amount.total);
  });

  it('the PDF renders (pdftoppm) and shows the invoice\'s number, lines and total; in French on request', async (ctx) => {
    if (!has('pdftoppm')) ctx.skip('pdftoppm (Debian poppler-utils) is not installed: the PDF cannot be rendered here');
    const invoice = (await t.request(orgadmin, { url: `${API}/invoices/${invoiceId}` })).body;
    const headers = await t.headersFor(orgadmin);
    const res = await t.app.inject({ url: `${API}/invoices/${invoiceId}/pdf`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="invoice-.+\.pdf"$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const file = join(OUT, 'invoice.pdf');
    writeFileSync(file, res.rawPayload);
    execFileSync('pdftoppm', ['-png', '-r', '72', file, join(OUT, 'invoice')]);
    const png = readdirSync(OUT).find((f) => /^invoice-\d+\.png$/.test(f));
    expect(png, 'pdftoppm wrote no page').toBeDefined();

    const textOf = (path: string) => (has('pdftotext') ? execFileSync('pdftotext', ['-layout', path, '-']).toString() : res.rawPayload.toString('latin1'));
    const text = textOf(file);
    expect(text).toContain(`Invoice ${invoice.billing.number}`);
    for (const line of invoice.billing.lines) {
      expect(text).toContain(line.title);
      expect(text).toContain(formatMinor(line.amount, invoice.billing.amount.currency, 'en-US'));
    }
    expect(text).toMatch(new RegExp(`Total\\s+${formatMinor(invoice.billing.amount.total, invoice.billing.amount.currency, 'en-US').replace(/[$.]/g, '\\$&')}`));

    const fr = await t.app.inject({ url: `${API}/invoices/${invoiceId}/pdf?locale=fr`, headers });
    writeFileSync(join(OUT, 'invoice-fr.pdf'), fr.rawPayload);
    expect(textOf(join(OUT, 'invoice-fr.pdf'))).toContain(`Facture ${invoice.billing.number}`);
  });

  it('the payer\'s organisation and the product\'s provider get it; another organisation 404, a visitor 401', async () => {
    const get = async (user: { id: string; orgId: string } | null, path: string) =>
      (await t.app.inject({ url: `${API}/invoices/${invoiceId}${path}`, headers: user ? await t.headersFor(user) : {} })).statusCode;
    expect(await get(provider, '/pdf')).toBe(200);
    const asProvider = await t.request(provider, { url: `${API}/invoices/${invoiceId}` });
    expect(asProvider.status).toBe(200);
    expect(asProvider.body.canPay).toBe(false);
    expect(await get(globex, '/pdf')).toBe(404);
    expect(await get(globex, '')).toBe(404);
    expect(await get(null, '/pdf')).toBe(401);
    // The provider reads it by id, not in lists (the consumer screens' invoice banners read lists).
    const listed = await t.request(provider, { url: `${API}/invoices?limit=100` });
    expect(listed.body.items.map((i: { id: string }) => i.id)).not.toContain(invoiceId);
  });
});

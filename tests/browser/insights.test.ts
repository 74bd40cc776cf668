// Consumer insights on the built bundle (issue 14): N calls go through the runtime gateway with a
// fresh API-key credential of the checkout application (4 answered 200, 3 answered 404, 2 answered
// 503 by a local upstream), then API health and API traffic show exactly those N on top of what the
// range held before (read through the API first), split by outcome and application; a call's detail
// panel shows the gateway and upstream legs; an unknown id shows the not-found placeholder; the
// custom range refuses an end before its start. Screenshots of every view at 1280 and 375 px.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { newPage, poll, RESULTS_DIR, signIn, useSuite } from './harness.ts';
import { assetResources } from '../../server/src/db/schema.ts';
import { resolveRange } from '../../src/screens/insights/range.ts';

const suite = useSuite({ egress: { allowHosts: ['127.0.0.1'] } });
const API = '/api/v1';
const APP = 'app-acme-checkout';
const CALLS = { success: 4, failure: 3, exception: 2 } as const;
const N = CALLS.success + CALLS.failure + CALLS.exception;
let upstream: Server;

beforeAll(async () => {
  // The upstream answers the status named in the path (/code/503), else 200.
  upstream = createServer((req, res) => {
    const code = /\/code\/(\d{3})/.exec(req.url ?? '')?.[1];
    res.writeHead(code ? Number(code) : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ url: req.url }));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  await suite.portal.db.update(assetResources).set({ upstreamUrl: base }).where(sql`${assetResources.id} = 'res-payments'`);
});
afterAll(async () => {
  await new Promise((resolve) => upstream?.close(resolve));
});

/** The '1h' preset's range as the screens ask it: the last 60 minutes, to the next whole minute. */
const lastHour = () => resolveRange({ preset: '1h' })!;

type Counts = { totalCount: number; successCount: number; failureCount: number; exceptionCount: number };
async function byApplication(page: Page, token: string): Promise<Map<string, Counts>> {
  const q = new URLSearchParams({ ...lastHour(), groupBy: 'applicationId', pageSize: '100' });
  const res = await page.request.get(`${suite.portal.baseUrl}${API}/analytics/summary?${q}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { items: Array<Counts & { applicationId: string | null }> };
  return new Map(body.items.map((r) => [r.applicationId ?? '', r]));
}

const zero: Counts = { totalCount: 0, successCount: 0, failureCount: 0, exceptionCount: 0 };

async function shot(page: Page, name: string) {
  const dir = join(RESULTS_DIR, 'screenshots');
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(dir, `insights-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('consumer insights', () => {
  it('N gateway calls show in API health and API traffic, split by outcome and application, with their legs', { timeout: 240_000 }, async () => {
    const page = await newPage(suite.browser);
    const { accessToken } = await signIn(page, suite.portal.baseUrl, suite.account('orgadmin').email, suite.account('orgadmin').password);
    const auth = { Authorization: `Bearer ${accessToken}` };

    // A fresh API key of the checkout application (seeded keys may have expired).
    const created = await page.request.post(`${suite.portal.baseUrl}${API}/applications/${APP}/credentials`, {
      headers: auth,
      data: { title: `insights ${Date.now()}`, credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' }, data: {}, resources: [{ id: 'res-payments' }] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    let key = '';
    await poll(async () => {
      const shown = await page.request.get(`${suite.portal.baseUrl}${API}/credentials/${id}?decrypt=true`, { headers: auth });
      const body = (await shown.json()) as { provisioning: { status: string; data?: { apiKey?: string } } };
      key = body.provisioning.data?.apiKey ?? '';
      return body.provisioning.status;
    }, 'the credential provisioned').toBe('success');

    const before = await byApplication(page, accessToken);
    const gw = `${suite.portal.baseUrl}${API}/gateway/prod-payments/ver-payments-3/res-payments`;
    const paths = [
      ...Array(CALLS.success).fill('/payments'), ...Array(CALLS.failure).fill('/code/404'), ...Array(CALLS.exception).fill('/code/503'),
    ] as string[];
    for (const path of paths) {
      const res = await fetch(`${gw}${path}`, { headers: { 'X-API-Key': key } });
      expect(res.status).toBe(path === '/payments' ? 200 : Number(path.slice(-3)));
    }
    const was = before.get(APP) ?? zero;
    // Runtime calls are recorded in batches a few milliseconds later.
    await poll(async () => (await byApplication(page, accessToken)).get(APP)?.totalCount, 'the calls recorded').toBe(was.totalCount + N);

    // API health: the checkout application's row holds exactly N more, by outcome; no other row moved.
    await page.goto(`${suite.portal.baseUrl}/consumer-insights/health`);
    await page.locator('agora-portal [data-preset="1h"]').click();
    const row = page.locator(`agora-portal [data-view="health"] tr:has([data-application="${APP}"])`);
    await poll(() => row.locator('[data-count="total"]').innerText(), 'health: total').toBe(String(was.totalCount + N));
    expect(await row.locator('[data-count="successCount"]').innerText()).toBe(String(was.successCount + CALLS.success));
    expect(await row.locator('[data-count="failureCount"]').innerText()).toBe(String(was.failureCount + CALLS.failure));
    expect(await row.locator('[data-count="exceptionCount"]').innerText()).toBe(String(was.exceptionCount + CALLS.exception));
    const after = await byApplication(page, accessToken);
    for (const [app, counts] of before) if (app !== APP) expect(after.get(app), app).toEqual(counts);
    await page.locator('agora-portal [data-part="chart"] canvas').waitFor();
    // The last hour is drawn in 1-minute buckets (its table alternative: one row a bucket).
    expect(await page.locator('agora-portal [data-part="chart-table"] tbody tr').count()).toBe(60);
    await shot(page, 'health');

    // API traffic: the newest N rows are ours, split by outcome, with status names.
    await page.goto(`${suite.portal.baseUrl}/consumer-insights/traffic`);
    await page.locator('agora-portal [data-preset="1h"]').click();
    const total = [...after.values()].reduce((n, c) => n + c.totalCount, 0);
    await poll(() => page.locator('agora-portal [data-part="transaction-count"]').innerText(), 'traffic: count').toContain(String(total));
    const rows = page.locator('agora-portal [data-view="traffic"] tbody tr:has([data-transaction])');
    const newest = await rows.evaluateAll((trs) => trs.slice(0, 9).map((tr) => ({
      app: tr.querySelector('[data-application]')?.getAttribute('data-application'),
      detail: tr.querySelector('[data-status-detail]')?.getAttribute('data-status-detail'),
      text: tr.textContent ?? '',
    })));
    expect(newest.every((r) => r.app === APP)).toBe(true);
    const split = (d: string) => newest.filter((r) => r.detail === d).length;
    expect({ success: split('success'), failure: split('failure'), exception: split('exception') }).toEqual(CALLS);
    expect(newest.some((r) => r.text.includes('503 Service Unavailable'))).toBe(true);
    expect(newest.some((r) => r.text.includes('404 Not Found'))).toBe(true);
    await shot(page, 'traffic');

    // The detail panel: the gateway's leg and the upstream's.
    await rows.first().locator('[data-transaction]').click();
    await poll(() => new URL(page.url()).pathname.startsWith('/consumer-insights/traffic/')).toBe(true);
    const panel = page.locator('agora-portal [data-part="transaction-detail"]');
    await panel.waitFor();
    expect(await panel.locator('[data-part="leg"]').count()).toBe(2);
    await shot(page, 'transaction');
    await page.goto(`${suite.portal.baseUrl}/consumer-insights/traffic/tx-does-not-exist`);
    await page.locator('agora-portal [data-part="transaction-not-found"]').waitFor();

    // The custom range must end after it starts.
    await page.goto(`${suite.portal.baseUrl}/consumer-insights/traffic`);
    await page.locator('agora-portal [data-preset="custom"]').click();
    await page.locator('agora-portal [data-part="range-from"]').fill('2026-01-02T10:00');
    await page.locator('agora-portal [data-part="range-to"]').fill('2026-01-01T10:00');
    expect(await page.locator('agora-portal [data-part="range-error"]').innerText()).toBe('The end date must be after the start date.');
    await page.locator('agora-portal [data-preset="1h"]').click();

    // Usage by application: the selectors keep a field's width on a wide screen (not the whole
    // row); at 375 px an opened row's per-resource table scrolls in its own box, which is then
    // focusable and named (keyboard scrolling), and the page itself never scrolls sideways.
    await page.goto(`${suite.portal.baseUrl}/consumer-insights/app-usage`);
    await page.locator('agora-portal [data-preset="1h"]').click();
    const selectWidths = await page.locator('agora-portal [data-view="application"] button[aria-haspopup="listbox"]').evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().width));
    expect(selectWidths).toHaveLength(3);
    for (const w of selectWidths) expect(w).toBeLessThanOrEqual(256);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.locator(`agora-portal [data-view="application"] tr:has([data-application="${APP}"]) button[aria-expanded]`).click();
    const perResource = page.locator('agora-portal [data-part="resource-usage"]');
    await perResource.locator('table').waitFor();
    // The table's own box and the opened row's: whichever is wider than its room scrolls, and
    // then takes the focus and has a name.
    const boxes = await page.locator('agora-portal [data-view="application"] table').evaluateAll((tables) => tables.map((t) => {
      const el = t.parentElement!;
      return { scrolls: el.scrollWidth > el.clientWidth, tabIndex: el.getAttribute('tabindex'), named: !!el.getAttribute('aria-label') };
    }));
    expect(boxes).toHaveLength(2);
    expect(boxes.some((x) => x.scrolls), 'some table is wider than a phone').toBe(true);
    for (const x of boxes) expect(x).toEqual(x.scrolls ? { scrolls: true, tabIndex: '0', named: true } : { scrolls: false, tabIndex: null, named: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Usage by subscription: the subscription selector, used with the keyboard, narrows the table
    // to the subscription chosen (searched by its title).
    await page.goto(`${suite.portal.baseUrl}/consumer-insights/app-usage?by=subscription`);
    const subscriptions = page.locator('agora-portal [data-view="subscription"] [data-subscription]');
    await subscriptions.first().waitFor();
    const chosen = { id: await subscriptions.first().getAttribute('data-subscription'), title: await subscriptions.first().innerText() };
    const triggers = page.locator('agora-portal [data-view="subscription"] button[aria-haspopup="listbox"]');
    expect(await triggers.count()).toBe(3);
    await triggers.nth(1).focus();
    await page.keyboard.press('ArrowDown');
    await poll(() => page.locator('agora-portal [role="combobox"]').evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement), 'search focused').toBe(true);
    await page.keyboard.type(chosen.title);
    await poll(async () => (await page.locator('agora-portal [role="option"]').allInnerTexts())[0] ?? '', 'subscription options').toContain(chosen.title);
    await page.keyboard.press('Enter');
    expect(await triggers.nth(1).innerText()).toContain(chosen.title);
    await poll(() => subscriptions.evaluateAll((els) => els.map((e) => e.getAttribute('data-subscription'))), 'one subscription').toEqual([chosen.id]);

    for (const [name, path] of [['application', '/consumer-insights/app-usage'], ['subscription', '/consumer-insights/app-usage?by=subscription'], ['compliance', '/consumer-insights/subscription-compliance']] as const) {
      await page.goto(`${suite.portal.baseUrl}${path}`);
      await page.locator(`agora-portal [data-view="${name}"]`).waitFor();
      await page.waitForTimeout(800);
      await shot(page, name);
    }
    await page.close();
  });
});

// Plans against the seeded server: the plan cards (type, price with currency, quota summary),
// and the plan page's quota tables for every pricing model of the seed — fixed with strict,
// loose, tiered and per-unit limits, unlimited (and the 999999999 threshold), volume and
// graduated tiers, per-unit cost — with every interval and its monthly equivalent; the back
// button, plan not found, and why a subscribe button is disabled.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pageAs, pageErrors, poll, startPortal, useSuite } from './harness.ts';

const V3 = '/productDetails/prod-payments/version/ver-payments-3';

const suite = useSuite();
let page: Page;

beforeAll(async () => {
  page = await suite.pageAs('orgadmin');
});

/** Opens a plan page and waits for its quotas. */
async function openPlan(path: string, on: Page = page, base = suite.portal.baseUrl): Promise<Locator> {
  await on.goto(base + path);
  const plan = on.locator('agora-portal [data-part="plan"] [data-plan-page]');
  await plan.waitFor({ timeout: 30_000 });
  await on.locator('agora-portal [data-part="quotas"] [data-quota]').first().waitFor();
  return on.locator('agora-portal [data-part="plan"]');
}

const quota = (plan: Locator, id: string) => plan.locator(`[data-quota="${id}"]`);
const cell = async (q: Locator, row: string) => (await q.locator(`[data-row="${row}"] td`).innerText()).replace(/\s+/g, ' ').trim();

describe('plans list', () => {
  it('shows a card per plan with type, price, description, quota summary and a link to its page', async () => {
    await page.goto(`${suite.portal.baseUrl}${V3}/plans`);
    const cards = page.locator('agora-portal [data-part="plans"] [data-plan]');
    await cards.first().waitFor({ timeout: 30_000 });
    expect(await cards.evaluateAll((cs) => cs.map((c) => c.getAttribute('data-plan')))).toEqual([
      'plan-payments-free', 'plan-payments-starter', 'plan-payments-growth', 'plan-payments-scale', 'plan-payments-payg', 'plan-payments-enterprise',
    ]);
    const free = cards.nth(0);
    expect(await free.locator('[data-plan-type]').innerText()).toBe('Free');
    expect(await free.locator('[data-price]').innerText()).toBe('Free');
    const starter = page.locator('agora-portal [data-plan="plan-payments-starter"]');
    expect(await starter.locator('[data-plan-type]').innerText()).toBe('Paid');
    expect((await starter.locator('[data-part="price"]').innerText()).replace(/\s+/g, ' ')).toBe('$49 per month');
    expect(await starter.locator('[data-part="quota-summary"] li').first().innerText()).toBe('API calls · 50,000 Transactions per month');
    expect(await starter.locator('[data-plan-subscribed]').innerText()).toBe('Subscribed');
    const growth = page.locator('agora-portal [data-plan="plan-payments-growth"]');
    expect(await growth.locator('[data-setup]').innerText()).toBe('+ $99 setup fee');
    expect(await growth.locator('[data-part="quota-summary"] li').first().innerText()).toBe('API calls · volume pricing from $1 per 1,000 units');
    expect(await page.locator('agora-portal [data-plan="plan-payments-scale"] [data-part="price"]').innerText()).toMatch(/^\$4,990\s+per year$/);

    await growth.locator('[data-plan-link]').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${V3}/plans/plan-payments-growth`);
    await page.locator('agora-portal [data-plan-page="plan-payments-growth"]').waitFor();
  });

  it('prices in the plan currency', async () => {
    await page.goto(`${suite.portal.baseUrl}/productDetails/prod-iot-telemetry/plans`);
    const fleet = page.locator('agora-portal [data-plan="plan-iot-telemetry-fleet"]');
    await fleet.waitFor({ timeout: 30_000 });
    expect((await fleet.locator('[data-part="price"]').innerText()).replace(/\s+/g, ' ')).toBe('€99 per month');
  });
});

describe('plan page quota tables', () => {
  it('fixed limits: loose with overages, strict without, on the resources they cover', async () => {
    const plan = await openPlan(`${V3}/plans/plan-payments-starter`);
    expect(await plan.locator('[data-plan-type-text]').innerText()).toBe('Paid');
    const calls = quota(plan, 'plan-payments-starter-q1');
    expect(await calls.getAttribute('data-model')).toBe('fixed');
    expect(await cell(calls, 'limit')).toBe('50,000 Transactions per month');
    expect(await calls.locator('[data-limit-type]').innerText()).toBe('Loose');
    expect(await cell(calls, 'overages')).toContain('$2 per 1,000 units');
    expect(await cell(calls, 'interval')).toBe('Monthly');
    expect(await calls.locator('[data-monthly]').getAttribute('data-monthly')).toBe('50000');

    const sandbox = quota(plan, 'plan-payments-starter-q2');
    expect(await sandbox.locator('[data-limit-type]').innerText()).toBe('Strict');
    expect(await cell(sandbox, 'overages')).toBe('No overages');
    expect(await cell(sandbox, 'interval')).toBe('Daily');
    // daily ×30
    expect(await cell(sandbox, 'monthly')).toBe('300,000');
    expect(await sandbox.locator('[data-quota-resources]').innerText()).toBe('Applies to: Payments API (sandbox)');
    expect(await quota(plan, 'plan-payments-starter-q1').locator('[data-quota-resources]').innerText()).toBe('Applies to every resource of the product.');

    // The resources the plan covers link to their pages (their list arrives after the quotas).
    const resources = plan.locator('[data-part="plan-resources"] [data-resource]');
    await poll(() => resources.count()).toBe(3);
  });

  it('volume tiers with from, to, cost and flat fee; a tiered fixed limit', async () => {
    const plan = await openPlan(`${V3}/plans/plan-payments-growth`);
    const volume = quota(plan, 'plan-payments-growth-q1');
    expect(await volume.getAttribute('data-model')).toBe('volume');
    expect(await volume.locator('thead').innerText()).toMatch(/Cost per 1,000 units/i);
    const rows = await volume.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())));
    expect(rows).toEqual([
      ['1', '100,000', '$2', '—'],
      ['100,001', '1,000,000', '$1.50', '$25'],
      ['1,000,001', 'and above', '$1', '$100'],
    ]);
    expect(await volume.innerText()).toContain('Volume pricing: the tier your total usage reaches sets the price of every unit.');
    expect(await volume.innerText()).toContain('Billed monthly.');

    const tiered = quota(plan, 'plan-payments-growth-q2');
    expect(await tiered.locator('[data-limit-type]').innerText()).toBe('Tiered');
    expect(await cell(tiered, 'overages')).toContain('$0.40 per 1,000 units');
    expect(await cell(tiered, 'limit')).toBe('500,000 Messages per month');
  });

  it('graduated tiers billed annually; a per-minute limit in its monthly equivalent', async () => {
    const plan = await openPlan(`${V3}/plans/plan-payments-scale`);
    const graduated = quota(plan, 'plan-payments-scale-q1');
    expect(await graduated.getAttribute('data-model')).toBe('graduated');
    const rows = await graduated.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())));
    expect(rows).toEqual([
      ['1', '1,000,000', '$1.20', '—'],
      ['1,000,001', '10,000,000', '$0.90', '—'],
      ['10,000,001', 'and above', '$0.60', '$500'],
    ]);
    expect(await graduated.innerText()).toContain('Graduated pricing: each unit is priced by the tier it falls in.');
    expect(await graduated.innerText()).toContain('Billed annually.');
    const burst = quota(plan, 'plan-payments-scale-q2');
    expect(await cell(burst, 'interval')).toBe('Per minute');
    // minute ×60×24×30
    expect(await cell(burst, 'monthly')).toBe('51,840,000');
  });

  it('per-unit cost, and a fixed per-unit limit priced per unit', async () => {
    const plan = await openPlan(`${V3}/plans/plan-payments-payg`);
    const perUnit = quota(plan, 'plan-payments-payg-q1');
    expect(await perUnit.getAttribute('data-model')).toBe('perunit');
    expect(await cell(perUnit, 'unit-price')).toContain('$4 per 1,000 units');
    expect(await perUnit.locator('[data-row="monthly"]').count()).toBe(0);
    const uploads = quota(plan, 'plan-payments-payg-q2');
    expect(await uploads.locator('[data-limit-type]').innerText()).toBe('Per unit');
    expect(await uploads.locator('[data-row="overages"] th').innerText()).toBe('Unit price');
    expect(await cell(uploads, 'overages')).toBe('$0.05 per unit');
  });

  it('unlimited, and a limit at the 999999999 threshold shown as is and treated as unlimited', async () => {
    const plan = await openPlan(`${V3}/plans/plan-payments-enterprise`);
    const unlimited = quota(plan, 'plan-payments-enterprise-q1');
    expect(await unlimited.getAttribute('data-model')).toBe('unlimited');
    expect(await cell(unlimited, 'limit')).toBe('Unlimited Transactions');
    expect(await unlimited.locator('[data-monthly]').getAttribute('data-monthly')).toBe('unlimited');
    const threshold = quota(plan, 'plan-payments-enterprise-q2');
    expect(await threshold.getAttribute('data-model')).toBe('fixed');
    expect(await cell(threshold, 'limit')).toBe('999,999,999 Unlimited');
    expect(await cell(threshold, 'monthly')).toBe('999,999,999 Unlimited');
    expect(await threshold.locator('[data-monthly]').getAttribute('data-monthly')).toBe('unlimited');
    expect(await plan.locator('[data-setup]').innerText()).toBe('+ $1,000 setup fee');
    expect(await plan.innerText()).toContain("Need the provider's approval");
  });

  it('hourly, weekly and annual limits in their monthly equivalents', async () => {
    let plan = await openPlan('/productDetails/prod-sms/plans/plan-sms-payg');
    expect(await cell(quota(plan, 'plan-sms-payg-q2'), 'monthly')).toBe('2,592,000'); // 3,600 ×24×30
    expect(await cell(quota(plan, 'plan-sms-payg-q2'), 'interval')).toBe('Hourly');
    expect(await cell(quota(plan, 'plan-sms-payg-q1'), 'unit-price')).toContain('$7.50 per 1,000 units');

    plan = await openPlan('/productDetails/prod-geocoding/plans/plan-geocoding-free');
    const weekly = plan.locator('[data-quota]').first();
    expect(await cell(weekly, 'interval')).toBe('Weekly');
    expect(await cell(weekly, 'monthly')).toBe('40,000'); // 10,000 ×4
    expect(await plan.locator('[data-price]').innerText()).toBe('Free');

    plan = await openPlan('/productDetails/prod-email/plans/plan-email-annual');
    const annual = quota(plan, 'plan-email-annual-q1');
    expect(await cell(annual, 'interval')).toBe('Annually');
    expect(await cell(annual, 'monthly')).toBe('100,000'); // 1,200,000 / 12
    expect(await cell(annual, 'overages')).toContain('€0.80 per 1,000 units');

    plan = await openPlan('/productDetails/prod-storefront/plans/plan-storefront-plus');
    const weeklyTiers = quota(plan, 'plan-storefront-plus-q1');
    expect(await weeklyTiers.innerText()).toContain('Billed weekly.');
    expect(await weeklyTiers.locator('tbody tr').first().locator('[data-cost]').innerText()).toBe('$0');
  });
});

describe('plan page navigation and availability', () => {
  it('goes back to the plans list', async () => {
    const plan = await openPlan(`${V3}/plans/plan-payments-starter`);
    await plan.locator('[data-back]').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${V3}/plans`);
    await page.locator('agora-portal [data-part="plans"] [data-plan]').first().waitFor();
    expect(pageErrors(page)).toEqual([]);
  });

  it('says plan not found for an unknown plan, with the back button', async () => {
    await page.goto(`${suite.portal.baseUrl}${V3}/plans/plan-nope`);
    const error = page.locator('agora-portal [data-part="plan-error"]');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.locator('h2').innerText()).toBe('Plan not found');
    await error.locator('[data-back]').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${V3}/plans`);
  });

  it('disables subscribing to a plan that is not active, with the reason as a tooltip', async () => {
    const admin = await suite.pageAs('admin');
    const plan = await openPlan(`${V3}/plans/plan-payments-legacy`, admin);
    const button = plan.locator('button[data-subscribe-blocked="state"]');
    expect(await button.isDisabled()).toBe(true);
    // A disabled button takes no pointer events: its wrapper shows the tooltip.
    const box = (await button.boundingBox())!;
    await admin.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const tip = admin.locator('agora-portal [role="tooltip"]');
    await tip.waitFor({ timeout: 5000 });
    expect(await tip.innerText()).toBe('This plan is archived: only active plans can be subscribed to.');
    await admin.context().close();
  });

  it('disables paid plans when billing is off', async () => {
    const noBilling = await startPortal({ settings: { billing: { enabled: false } } });
    try {
      const p = await pageAs(suite.browser, noBilling, 'orgadmin');
      const plan = await openPlan(`${V3}/plans/plan-payments-starter`, p, noBilling.baseUrl);
      expect(await plan.locator('button[data-subscribe-blocked="billing"]').isDisabled()).toBe(true);
      expect(await plan.innerText()).toContain('Paid plans are not enabled on this marketplace.');
      await p.goto(`${noBilling.baseUrl}${V3}/plans/plan-payments-free`);
      await p.locator('agora-portal [data-plan-page="plan-payments-free"]').waitFor();
      expect(await p.locator('agora-portal button[data-subscribe-blocked]').count()).toBe(0);
      await p.context().close();
    } finally {
      await noBilling.close();
    }
  });
});

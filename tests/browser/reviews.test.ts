// The ratings tab and the review side panel against the real server (spec 3 §2.1, §2.4, §4, §5),
// under manual moderation: the author writes a review (rating required, title max length, comment
// counter with its grace), sees it under review with view and edit links, edits it (submit off
// while nothing changed) and reads it in the read-only panel; another user of the organisation does
// not see it; the provider approves it in <agora-approvals>; then everyone sees it and the summary
// counts it. Someone without a subscription gets the disabled button with its reason.
// Screenshots at 1280 and 375 px of the ratings tab and the review panel.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { reviews } from '../../server/src/db/schema.ts';
import { pageErrors, poll, RESULTS_DIR, useSuite } from './harness.ts';

const suite = useSuite({ settings: { reviews: { enabled: true, moderation_process: 'manual', char_limit: 280, instructions: 'Tell us which events you consume.' } } });
const SHOTS = join(RESULTS_DIR, 'screenshots');
const VIEWPORT = { viewport: { width: 1280, height: 900 } };
const PRODUCT = 'prod-order-events';
const TITLE = 'Reliable event stream';
const COMMENT = 'Order events arrive in order and the CloudEvents envelope is consistent.';

const tab = () => `${suite.portal.baseUrl}/productDetails/${PRODUCT}/ratings`;
const root = 'agora-portal [data-part="reviews"]';
const pane = 'agora-portal [data-part="pane-ratings"]';
const form = 'agora-portal [data-part="review-form"]';
const submit = 'agora-portal [data-action="submit-review"]';

async function openTab(p: Page): Promise<void> {
  await p.goto(tab());
  await p.locator(`${root} [data-action="write-review"]`).waitFor({ timeout: 30_000 });
}
const listText = (p: Page) => p.locator(root).innerText();
const stored = async () => (await suite.portal.db.select().from(reviews).where(eq(reviews.productId, PRODUCT)));

let author: Page;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  author = await suite.pageAs('orgadmin', VIEWPORT);
});
afterAll(async () => { await author?.context().close(); });

describe('writing a review', () => {
  it('starts with an empty list and an enabled write button for a subscriber', async () => {
    await openTab(author);
    await poll(() => author.locator(`${root} [role="status"]`).first().innerText()).toContain('No reviews found');
    // Enabled once the product (canReview) and the caller's own review are known.
    await poll(() => author.locator(`${root} [data-action="write-review"]`).isDisabled()).toBe(false);
    // The tab is the reviews screen now; the summary is the right pane's, not repeated in the tab.
    await expect(author.locator(`${pane} [data-part="ratings-none"]`).count()).resolves.toBe(1);
    await expect(author.locator(`${root} [data-part="ratings-summary"], ${root} [data-part="ratings-none"]`).count()).resolves.toBe(0);
  });

  it('opens the panel on its route; rating required, title max length named, comment counter', async () => {
    await author.locator(`${root} [data-action="write-review"]`).click();
    await poll(() => new URL(author.url()).pathname).toMatch(/\/ratings\/review$/);
    await author.locator(form).waitFor({ timeout: 30_000 });
    await expect(author.locator(`${form} [data-part="instructions"]`).innerText()).resolves.toBe('Tell us which events you consume.');
    // Spec 3 §2.4: "Review guidelines" is a link, to the settings' links.review_guidelines_url (demo settings).
    await expect(author.locator(`${form} [data-part="guidelines-link"]`).getAttribute('href')).resolves.toBe('https://community.agora.test/review-guidelines');
    await expect(author.locator(`${form} [data-part="comment-counter"]`).innerText()).resolves.toContain('0 / 280');
    await expect(author.locator(submit).isDisabled()).resolves.toBe(true);

    await author.locator(`${form} [data-part="review-title-input"]`).fill('x'.repeat(101));
    await expect(author.locator(`${form} [data-part="title-error"]`).innerText()).resolves.toBe('Max length exceeded: Title must be at most 100 characters.');
    await author.locator(`${form} [role="radio"]`).nth(3).click();
    await expect(author.locator(submit).isDisabled()).resolves.toBe(true);
    await author.locator(`${form} [data-part="review-title-input"]`).fill(TITLE);
    await expect(author.locator(`${form} [data-part="title-error"]`).count()).resolves.toBe(0);

    // Over the limit but within the grace (280 + 10): accepted, the counter says so.
    await author.locator(`${form} [data-part="review-comment-input"]`).fill('y'.repeat(285));
    await expect(author.locator(`${form} [data-part="comment-counter"]`).innerText()).resolves.toContain('285 / 280');
    await expect(author.locator(`${form} [data-part="comment-counter"]`).innerText()).resolves.toContain('over the limit');
    await expect(author.locator(`${form} [data-part="review-comment-input"]`).getAttribute('maxlength')).resolves.toBe('290');
    await author.locator(`${form} [data-part="review-comment-input"]`).fill(COMMENT);
    await expect(author.locator(submit).isDisabled()).resolves.toBe(false);
    await author.screenshot({ path: join(SHOTS, 'review-panel-1280.png') });
  });

  it('saves it pending under manual moderation and shows it to its author under review', async () => {
    await author.locator(submit).click();
    await poll(() => author.locator('agora-portal [data-part="review-saved"]').getAttribute('data-state')).toBe('pending');
    await expect(author.locator('agora-portal [data-part="review-saved"]').innerText()).resolves.toContain('under review');
    const [row] = await stored();
    expect(row).toMatchObject({ rating: 4, title: TITLE, comment: COMMENT, approvalState: 'pending', userId: 'user-orgadmin' });

    await author.locator('agora-portal [data-action="close-review"]').click();
    await poll(() => new URL(author.url()).pathname).toMatch(/\/ratings$/);
    const own = author.locator(`${root} [data-own="true"]`);
    await own.waitFor({ timeout: 30_000 });
    await expect(own.locator('[data-part="review-title"]').innerText()).resolves.toBe(TITLE);
    await expect(own.locator('[data-part="review-comment"]').innerText()).resolves.toBe(COMMENT);
    await expect(own.locator('[data-part="under-review"]').count()).resolves.toBe(1);
    await expect(own.locator('[data-action="view-review"]').count()).resolves.toBe(1);
    await expect(own.locator('[data-action="edit-review"]').count()).resolves.toBe(1);
    // Pending: not counted in the summary yet.
    await expect(author.locator(`${pane} [data-part="ratings-none"]`).count()).resolves.toBe(1);
    await author.screenshot({ path: join(SHOTS, 'ratings-tab-1280.png'), fullPage: true });
  });

  it('edits it: submit disabled while nothing changed, then saved pending again', async () => {
    await author.locator(`${root} [data-own="true"] [data-action="edit-review"]`).click();
    await poll(() => new URL(author.url()).pathname).toMatch(/\/ratings\/review$/);
    await author.locator(`${form} [data-part="review-title-input"]`).waitFor({ timeout: 30_000 });
    await expect(author.locator(`${form} [data-part="review-title-input"]`).inputValue()).resolves.toBe(TITLE);
    await expect(author.locator(submit).isDisabled()).resolves.toBe(true);
    await author.locator(`${form} [data-part="review-comment-input"]`).fill(`${COMMENT} Schemas are versioned.`);
    await expect(author.locator(submit).isDisabled()).resolves.toBe(false);
    await author.locator(submit).click();
    await poll(() => author.locator('agora-portal [data-part="review-saved"]').getAttribute('data-state')).toBe('pending');
    await poll(async () => (await stored())[0]?.comment).toBe(`${COMMENT} Schemas are versioned.`);
    await author.keyboard.press('Escape');
    await poll(() => new URL(author.url()).pathname).toMatch(/\/ratings$/);
  });

  it('shows it read-only from the view link (readOnly=true)', async () => {
    await author.locator(`${root} [data-own="true"] [data-action="view-review"]`).click();
    await poll(() => new URL(author.url()).search).toBe('?readOnly=true');
    await author.locator(`${form}[data-readonly="true"]`).waitFor({ timeout: 30_000 });
    await expect(author.locator(`${form} [data-part="review-title-input"]`).getAttribute('readonly')).resolves.not.toBeNull();
    await expect(author.locator(submit).count()).resolves.toBe(0);
    await expect(author.locator(`${form} [data-part="under-review"]`).count()).resolves.toBe(1);
    await author.keyboard.press('Escape');
    await poll(() => new URL(author.url()).search).toBe('');
    expect(pageErrors(author)).toEqual([]);
  });
});

describe('moderation', () => {
  it('hides the pending review from another user of the organisation', async () => {
    const other = await suite.pageAs('consumer', VIEWPORT);
    await openTab(other);
    await poll(() => listText(other)).toContain('No reviews found');
    expect(await listText(other)).not.toContain(TITLE);
    expect(await listText(other)).not.toContain('CloudEvents envelope');
    await other.context().close();
  });

  it('the provider approves it in <agora-approvals>; then everyone sees it and the summary counts it', async () => {
    const admin = await suite.pageAs('admin', VIEWPORT);
    await admin.goto(`${suite.portal.baseUrl}/approvals?type=review`);
    const item = admin.locator(`agora-portal [data-approval-item][data-type="review"]`, { hasText: TITLE });
    await item.waitFor({ timeout: 30_000 });
    await item.locator('[data-action="details"]').click();
    await expect(item.locator('[data-part="approval-details"]').innerText()).resolves.toContain('Schemas are versioned.');
    await item.locator('[data-action="approve"]').click();
    await admin.locator('agora-portal dialog[open][role="alertdialog"] button', { hasText: 'Approve' }).click();
    await poll(async () => (await stored())[0]?.approvalState).toBe('approved');
    await poll(() => item.count()).toBe(0);
    await admin.context().close();

    const other = await suite.pageAs('consumer', VIEWPORT);
    await openTab(other);
    const shown = other.locator(`${root} [data-review]`, { hasText: TITLE });
    await shown.waitFor({ timeout: 30_000 });
    await expect(shown.locator('[data-part="review-comment"]').innerText()).resolves.toBe(`${COMMENT} Schemas are versioned.`);
    // Only the author gets view and edit links.
    await expect(shown.locator('[data-action="edit-review"], [data-action="view-review"]').count()).resolves.toBe(0);
    await expect(other.locator(`${pane} [data-rating-average]`).innerText()).resolves.toBe('4.0');
    await expect(other.locator(`${pane} [data-rating-total]`).innerText()).resolves.toBe('1 rating');
    await expect(other.locator(`${pane} [data-stars="4"] [data-count]`).innerText()).resolves.toBe('1');
    expect(pageErrors(other)).toEqual([]);
    await other.context().close();

    await openTab(author);
    await poll(() => author.locator(`${root} [data-own="true"] [data-part="under-review"]`).count()).toBe(0);
  });
});

describe('<agora-reviews> alone on a page', () => {
  it('shows the summary with the list, and opens the panel itself', async () => {
    const page = await suite.pageAs('orgadmin', VIEWPORT);
    await page.route(`${suite.portal.baseUrl}/__cms/reviews`, (route) => route.fulfill({
      status: 200, contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><script type="module" src="/dist/elements/agora-reviews.js"></script></head>
<body><agora-reviews product-id="${PRODUCT}"></agora-reviews></body></html>`,
    }));
    await page.goto(`${suite.portal.baseUrl}/__cms/reviews`);
    const el = page.locator('agora-reviews');
    await el.locator('[data-own="true"]').waitFor({ timeout: 30_000 });
    await expect(el.locator('[data-rating-average]').innerText()).resolves.toBe('4.0');
    await el.locator('[data-own="true"] [data-action="view-review"]').click();
    await el.locator('[data-part="review-form"][data-readonly="true"]').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/__cms/reviews');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('without a subscription', () => {
  it('disables the write button and says why', async () => {
    const globex = await suite.pageAs('globex', VIEWPORT);
    await openTab(globex);
    const button = globex.locator(`${root} [data-action="write-review"]`);
    await expect(button.isDisabled()).resolves.toBe(true);
    await expect(globex.locator(`${root} [data-part="write-blocked"]`).innerText()).resolves.toContain('No subscription found');
    // The disabled button's wrapper takes the keyboard focus and shows the reason as its tooltip.
    await globex.locator(`${root} span[tabindex="0"][aria-describedby]`).focus();
    await poll(() => globex.locator(`${root} [role="tooltip"]`).innerText()).toContain('No subscription found');
    await globex.context().close();
  });
});

describe('at 375 px', () => {
  it('shows the ratings tab and the review panel', async () => {
    const narrow = await suite.pageAs('orgadmin', { viewport: { width: 375, height: 812 } });
    await openTab(narrow);
    await narrow.locator(`${root} [data-own="true"]`).waitFor({ timeout: 30_000 });
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(376);
    await narrow.locator(`${root} [data-own="true"]`).scrollIntoViewIfNeeded();
    await narrow.screenshot({ path: join(SHOTS, 'ratings-tab-375.png'), fullPage: true });
    await narrow.goto(`${tab()}/review`);
    await narrow.locator(`${form} [data-part="review-title-input"]`).waitFor({ timeout: 30_000 });
    await narrow.screenshot({ path: join(SHOTS, 'review-panel-375.png') });
    expect(pageErrors(narrow)).toEqual([]);
    await narrow.context().close();
  });
});

// Try-it through the gateway, against the seeded server and its built-in mock upstreams: the
// call goes to the gateway, the mock answers, the answer shows, and the call is a transaction
// row (read through the harness's database handle), with the console's credentials applied.
// Also the code samples (of an operation, of GraphiQL's query, of an AsyncAPI channel) and the
// collection downloads of issue 30.
// Covers the explorer's own list (every OpenAPI description: the Petstore, Payments, GitHub's
// 13 MB one), Swagger UI (the second tab of a small description),
// GraphiQL, and the Authorize panel (external credentials typed in; internal ones: an application
// with an approved access request for the resource and its usable credential).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { and, desc, eq, gte } from 'drizzle-orm';
import { accessRequests, assetResources, transactions } from '../../server/src/db/schema.ts';
import { ORG, USER } from '../../server/seed/accounts.ts';
import { indexSpecification } from '../../server/src/spec/store.ts';
import { newPage, pageErrors, sessionToken, signIn, useSuite } from './harness.ts';
import { PACKAGE_VERSION } from '../../server/src/app.ts';
import { OWN_API, ownApiIds } from '../../server/src/openapi/product.ts';

const suite = useSuite();
const execFileAsync = promisify(execFile);

async function consumerPage(): Promise<{ page: Page; userId: string }> {
  const a = suite.account('consumer');
  const page = await newPage(suite.browser, { viewport: { width: 1280, height: 900 } });
  const tokens = await signIn(page, suite.portal.baseUrl, a.email, a.password);
  const session = await (await page.request.get(`${suite.portal.baseUrl}/api/v1/auth/findSession`, { headers: { Authorization: `Bearer ${tokens.accessToken}` } })).json() as { user: { id: string } };
  return { page, userId: session.user.id };
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(suite.portal.baseUrl + path);
  await page.locator('agora-portal [data-page="resource"] [data-part="tab-content"]').waitFor({ timeout: 30_000 });
}

/** The transactions of a resource recorded since `since`, newest first. */
async function recorded(resourceId: string, since: Date) {
  return suite.portal.db.select().from(transactions)
    .where(and(eq(transactions.assetResourceId, resourceId), gte(transactions.at, since)))
    .orderBy(desc(transactions.at));
}

type Leg = { transactionEvent: { destination: string; requestHeaders: Record<string, string> } };

/** The explorer's own row of an operation, opened, its panel drawn. */
async function openOperation(page: Page, method: string, path: string) {
  const row = page.locator(`agora-portal [data-operation][data-method="${method}"][data-path="${path}"]`).first();
  await row.waitFor({ timeout: 60_000 });
  await row.locator(':scope > button').click();
  const panel = row.locator('[data-operation-panel]');
  await panel.locator('[data-part="responses"]').waitFor({ timeout: 30_000 });
  return panel;
}

/** Tries the open operation through the gateway and waits for the answer. */
async function tryOperation(panel: ReturnType<Page['locator']>) {
  await panel.locator('[data-action="try-it"]').click();
  await panel.locator('[data-action="execute"]').click();
  const answer = panel.locator('[data-part="try-it-response"]');
  await answer.waitFor({ timeout: 30_000 });
  return answer;
}

/** Opens the code samples of an operation (or of the GraphQL or AsyncAPI panel) and waits for them drawn. */
async function openSamples(within: ReturnType<Page['locator']>) {
  await within.locator('[data-action="code-samples"]').click();
  const samples = within.locator('[data-samples-selected]');
  await samples.waitFor({ timeout: 30_000 });
  return samples;
}

describe('the explorer’s own list on a small description (Petstore, OpenAPI 2)', () => {
  it('is the default view; authorizes with a typed API key, tries GET /pets through the gateway, records the call', async () => {
    const { page, userId } = await consumerPage();
    await open(page, '/productDetails/prod-petstore/resources/res-petstore/methods');
    expect(await page.locator('agora-portal [data-explorer="openapi"]').getAttribute('data-mode')).toBe('list');
    expect(await page.locator('agora-portal [data-view="list"]').getAttribute('aria-selected')).toBe('true');
    await page.locator('agora-portal [data-action="open-authorize"]').click();
    const panel = page.locator('agora-portal [data-part="authorize"]');
    await panel.waitFor();
    await panel.locator('select').first().selectOption('api_key');
    await panel.locator('[data-field="apiKey"]').fill('demo-key-123');
    await page.locator('agora-portal [data-action="authorize"]').click();
    await expect.poll(() => page.locator('agora-portal [data-action="open-authorize"]').innerText()).toBe('Authorized');

    const op = await openOperation(page, 'get', '/pets');
    // What Swagger UI showed: the operation's security, its parameters, its responses.
    expect(await op.locator('[data-part="security"]').count()).toBe(1);
    const since = new Date(Date.now() - 1000);
    const answer = await tryOperation(op);
    expect(await answer.locator('[data-answer-status]').getAttribute('data-answer-status')).toBe('200');
    expect(await answer.locator('[data-code-viewer] code').innerText()).toContain('"name"');
    await expect.poll(async () => (await recorded('res-petstore', since)).length).toBeGreaterThan(0);
    const [row] = await recorded('res-petstore', since);
    expect(row!.path).toMatch(/^\/pets(\?|$)/);
    expect(row).toMatchObject({ method: 'GET', status: 200, userId, productId: 'prod-petstore', upstreamUrl: 'mock:oas2' });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the marketplace’s own API in its catalogue (issue 34)', () => {
  it('opens "Agora Marketplace API", tries GET /marketplace: the real /api/v1 answers 200 with the session', { timeout: 120_000 }, async () => {
    const { page, userId } = await consumerPage();
    const { resourceId } = ownApiIds(PACKAGE_VERSION);
    await open(page, `/productDetails/${OWN_API.productId}/resources/${resourceId}/methods`);
    // Over the large threshold (~330 kB): tags start folded, the filter finds the operation.
    await page.locator('agora-portal [data-field="filter"]').fill('/marketplace');
    const since = new Date(Date.now() - 1000);
    const answer = await tryOperation(await openOperation(page, 'get', '/marketplace'));
    expect(await answer.locator('[data-answer-status]').getAttribute('data-answer-status')).toBe('200');
    // The server's own site settings, as GET /api/v1/marketplace gives them.
    const settings = await (await page.request.get(`${suite.portal.baseUrl}/api/v1/marketplace`)).json() as Record<string, unknown>;
    const firstKey = Object.keys(settings)[0]!;
    expect(await answer.locator('[data-code-viewer] code').innerText()).toContain(`"${firstKey}"`);
    await expect.poll(async () => (await recorded(resourceId, since)).length).toBeGreaterThan(0);
    const [row] = await recorded(resourceId, since);
    expect(row).toMatchObject({ method: 'GET', path: '/marketplace', status: 200, userId, upstreamUrl: 'self:' });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('Swagger UI, the second tab of a small description (Petstore, OpenAPI 2)', () => {
  it('authorizes with a typed API key, tries GET /pets through the gateway, shows the mock answer, records the call', async () => {
    const { page, userId } = await consumerPage();
    await open(page, '/productDetails/prod-petstore/resources/res-petstore/methods');
    // Offered under the large threshold only, chosen by the reader.
    await page.locator('agora-portal [role="tab"][data-view="swagger"]').click();
    expect(await page.locator('agora-portal [data-view="swagger"]').getAttribute('aria-selected')).toBe('true');
    const swagger = page.locator('agora-portal [data-viewer="swagger-ui"]');
    await swagger.locator('.opblock').first().waitFor({ timeout: 60_000 });

    // Authorize: the spec's api_key scheme, typed in. The consumer's applications have no approved
    // access to this resource, so the internal origin is offered but disabled, saying why.
    await page.locator('agora-portal [data-action="open-authorize"]').click();
    const panel = page.locator('agora-portal [data-part="authorize"]');
    await panel.waitFor();
    await panel.locator('select').first().selectOption('api_key');
    const internal = panel.locator('[data-origin="internal"]');
    expect(await internal.locator('input').isDisabled()).toBe(true);
    // Said once the user's credentials are looked up ('Looking for your credentials…' until then).
    await expect.poll(() => internal.innerText(), { timeout: 30_000 }).toContain('None of your applications with approved access to this resource');
    await panel.locator('[data-field="apiKey"]').fill('demo-key-123');
    await page.locator('agora-portal [data-action="authorize"]').click();
    await expect.poll(() => page.locator('agora-portal [data-action="open-authorize"]').innerText()).toBe('Authorized');

    const op = swagger.locator('#operations-pet-listPets');
    await op.locator('.opblock-summary-control').click();
    const tryOut = op.locator('.try-out__btn');
    await tryOut.waitFor();
    // The provider's colours reach inside the viewer's own shadow root.
    const primary = await page.evaluate(() => getComputedStyle(document.querySelector('agora-portal')!).getPropertyValue('--agora-theme-primary').trim());
    const expected = await page.evaluate((c) => { const d = document.createElement('i'); d.style.color = c; document.body.append(d); const v = getComputedStyle(d).color; d.remove(); return v; }, primary);
    expect(await tryOut.evaluate((b) => getComputedStyle(b).borderTopColor)).toBe(expected);

    const since = new Date(Date.now() - 1000);
    await tryOut.click();
    await op.locator('.execute').click();
    const status = op.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ timeout: 30_000 });
    expect((await status.innerText()).trim()).toBe('200');
    expect(await op.locator('.live-responses-table tbody .response-col_description').first().innerText()).toContain('"name"');

    await expect.poll(async () => (await recorded('res-petstore', since)).length).toBeGreaterThan(0);
    const [row] = await recorded('res-petstore', since);
    expect(row!.path).toMatch(/^\/pets(\?|$)/);
    expect(row).toMatchObject({ method: 'GET', status: 200, userId, productId: 'prod-petstore', upstreamUrl: 'mock:oas2' });
    const upstream = (row!.legs as Leg[])[1]!.transactionEvent;
    expect(upstream.destination).toBe('mock');
    // The typed key went upstream under the scheme's own header name (kept secret in the record).
    expect(upstream.requestHeaders.api_key).toBe('[redacted]');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the explorer’s own list (GitHub REST, 13 MB, read-only)', () => {
  it('tries GET /emojis through the gateway and records it; write operations cannot be tried', async () => {
    const { page, userId } = await consumerPage();
    await open(page, '/productDetails/prod-github-rest/resources/res-github-rest/methods');
    await page.locator('agora-portal [data-field="filter"]').fill('/emojis');
    const row = page.locator('agora-portal [data-operation][data-path="/emojis"]');
    await row.locator(':scope > button').click();
    const panel = row.locator('[data-operation-panel]');
    await panel.locator('[data-part="responses"]').waitFor({ timeout: 30_000 });
    const since = new Date(Date.now() - 1000);
    await panel.locator('[data-action="try-it"]').click();
    await panel.locator('[data-action="execute"]').click();
    const answer = panel.locator('[data-part="try-it-response"]');
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.locator('[data-answer-status]').getAttribute('data-answer-status')).toBe('200');
    expect(await answer.locator('[data-code-viewer] code').innerText()).toContain('"+1"');
    await expect.poll(async () => (await recorded('res-github-rest', since)).length).toBeGreaterThan(0);
    const [tx] = await recorded('res-github-rest', since);
    expect(tx).toMatchObject({ method: 'GET', path: '/emojis', status: 200, userId });

    // A required parameter left empty is named before anything is sent.
    await page.locator('agora-portal [data-field="filter"]').fill('get-commit');
    const commit = page.locator('agora-portal [data-operation][data-path="/repos/{owner}/{repo}/commits/{ref}"]').first();
    await commit.locator(':scope > button').click();
    await commit.locator('[data-action="try-it"]').click();
    await commit.locator('[data-action="execute"]').click();
    expect(await commit.locator('[role="alert"]').innerText()).toBe('Fill in the required fields first.');
    expect(await commit.locator('[data-input="owner"]').getAttribute('aria-invalid')).toBe('true');

    // Read-only specification: a POST shows why it cannot be tried, and no try-it button.
    await page.locator('agora-portal [data-field="filter"]').fill('markdown');
    const post = page.locator('agora-portal [data-operation][data-method="post"][data-path="/markdown"]');
    await post.locator(':scope > button').click();
    await post.locator('[data-part="responses"]').waitFor();
    expect(await post.locator('[data-operation-panel]').innerText()).toContain('Read-only specification: this operation changes data');
    expect(await post.locator('[data-action="try-it"]').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('GraphiQL (Storefront)', () => {
  it('runs a query against its seeded endpoint through the gateway, with the endpoint selector offered; the edited query as curl and fetch samples, the curl one run', { timeout: 120_000 }, async () => {
    const { page, userId } = await consumerPage();
    await open(page, '/productDetails/prod-storefront/resources/res-storefront/methods');
    const options = await page.locator('agora-portal [data-field="server"] option').allInnerTexts();
    expect(options.map((o) => o.split(' — ')[1])).toEqual(['Sandbox', 'Production']);
    const ide = page.locator('agora-portal [data-viewer="graphiql"]');
    await ide.locator('.graphiql-execute-button').waitFor({ timeout: 60_000 });
    await ide.locator('.monaco-editor').first().waitFor();
    const since = new Date(Date.now() - 1000);
    await ide.locator('.graphiql-execute-button').click();
    await expect.poll(() => ide.locator('.graphiql-response').innerText(), { timeout: 30_000 }).toContain('"shop"');
    await expect.poll(async () => (await recorded('res-storefront', since)).length).toBeGreaterThan(0);
    const [tx] = await recorded('res-storefront', since);
    expect(tx).toMatchObject({ method: 'POST', status: 200, userId, upstreamUrl: 'mock:graphql' });
    // Monaco's layers stay in the viewer's shadow root, not the page's body.
    expect(await page.evaluate(() => !!document.querySelector('body > .context-view, body > .monaco-aria-container'))).toBe(false);

    // Code samples (issue 30) of the query in the editor, with its variables: typed in, then read
    // as curl and fetch to the gateway URL try-it calls, and the curl one run with a real key.
    await ide.locator('.graphiql-query-editor .monaco-editor').first().click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText('query Product($handle: String) { product(handle: $handle) { title } }');
    await ide.locator('.graphiql-editor-tools button', { hasText: 'Variables' }).click();
    await ide.locator('.graphiql-editor-tool .monaco-editor').first().click();
    await page.keyboard.insertText('{"handle": "tee"}');
    const samples = await openSamples(page.locator('agora-portal [data-samples="graphql"]'));
    expect(await samples.locator('[role="tab"]').allInnerTexts()).toEqual(['cURL', 'JavaScript']);
    const code = samples.locator('[data-sample-text] [data-code-viewer] code');
    // GraphiQL names the operation it runs (the one query of the editor): the sample sends it too.
    const body = '{"query":"query Product($handle: String) { product(handle: $handle) { title } }","variables":{"handle":"tee"},"operationName":"Product"}';
    await expect.poll(() => code.innerText()).toContain(body);
    const curl = await code.innerText();
    expect(curl).toMatch(new RegExp(`--url ${suite.portal.baseUrl}/api/v1/gateway/prod-storefront/[^/ ]+/res-storefront \\\\`));
    expect(curl).toContain('"X-API-Key: $AGORA_API_KEY"');
    await screenshotBoth(page, samples, 'graphql');
    await page.setViewportSize({ width: 1280, height: 900 });
    await samples.locator('[role="tab"]', { hasText: 'JavaScript' }).click();
    await expect.poll(() => code.innerText()).toContain('await fetch(url, options)');
    expect(await code.innerText()).toContain(`body: '${body}'`);

    const key = await storefrontKey();
    const run = await execFileAsync('sh', ['-c', `${curl} -sS`], { env: { ...process.env, AGORA_API_KEY: key } });
    expect(JSON.parse(run.stdout)).toMatchObject({ data: { product: expect.objectContaining({ title: expect.any(String) }) } });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

/** A fresh API key of the Checkout Service application for the Storefront (the seed's keys cover other APIs). */
async function storefrontKey(): Promise<string> {
  // The approved access request a credential for the resource needs (the seed approves Payments only).
  await suite.portal.db.insert(accessRequests).values({
    id: 'acc-checkout-storefront', orgId: ORG.acme, title: 'Storefront', applicationId: 'app-acme-checkout', subscriptionId: 'sub-acme-storefront-plus',
    productId: 'prod-storefront', productVersionId: 'ver-storefront-1', assetResourceId: 'res-storefront', approvalState: 'approved',
    decidedAt: new Date(), data: {}, provisioningStatus: 'success', createdBy: USER.orgadmin!, history: [],
  }).onConflictDoNothing();
  const page = await suite.pageAs('orgadmin');
  const auth = { Authorization: `Bearer ${await sessionToken(page, suite.portal.baseUrl)}` };
  const created = await page.request.post(`${suite.portal.baseUrl}/api/v1/applications/app-acme-checkout/credentials`, {
    headers: auth,
    data: { title: 'graphql sample', credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' }, data: {}, resources: [{ id: 'res-storefront' }] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  let key = '';
  await expect.poll(async () => {
    const shown = (await (await page.request.get(`${suite.portal.baseUrl}/api/v1/credentials/${id}?decrypt=true`, { headers: auth })).json()) as { provisioning: { data?: { apiKey?: string } } };
    key = shown.provisioning.data?.apiKey ?? '';
    return key;
  }, { timeout: 15_000 }).not.toBe('');
  await page.context().close();
  return key;
}

describe('AsyncAPI subscribe samples (Order Events, Kafka)', () => {
  it('one per channel and server: KafkaJS with TLS and the document\'s SASL mechanism for the secure cluster, plain for the sandbox', { timeout: 120_000 }, async () => {
    const { page } = await consumerPage();
    await open(page, '/productDetails/prod-order-events/resources/res-order-events/methods');
    const samples = await openSamples(page.locator('agora-portal [data-samples="asyncapi"]'));
    const channel = samples.locator('select[data-field="channel"]');
    expect(await channel.locator('option').allInnerTexts()).toEqual(['commerce.orders.v2', 'commerce.refunds.v2', 'commerce.orders.v2.dlq']);
    expect(await samples.locator('[role="tab"]').allInnerTexts()).toEqual(['production · kafka-secure', 'sandbox · kafka']);
    const code = samples.locator('[data-sample-text] [data-code-viewer] code');
    // The production cluster's security scheme is SCRAM-SHA-512 (the document's components).
    await expect.poll(() => code.innerText()).toContain("brokers: ['kafka.commerce.agora.test:9093'],\n  ssl: true,\n  sasl: { mechanism: 'scram-sha-512',");
    expect(await code.innerText()).toContain("await consumer.subscribe({ topics: ['commerce.orders.v2'] });");
    await channel.selectOption('commerce.refunds.v2');
    await expect.poll(() => code.innerText()).toContain("topics: ['commerce.refunds.v2']");
    await screenshotBoth(page, samples, 'asyncapi');
    await page.setViewportSize({ width: 1280, height: 900 });
    await samples.locator('[role="tab"]', { hasText: 'sandbox' }).click();
    await expect.poll(() => code.innerText()).toContain("brokers: ['sandbox-kafka.commerce.agora.test:9092'],\n});");
    // The viewer itself is still drawn under the samples.
    await page.locator('agora-portal [data-viewer="asyncapi"] .aui-root #introduction').waitFor({ timeout: 60_000 });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('Authorize panel, internal origin (spec 2 "API console", §4, §5)', () => {
  it('lists the applications with approved access and their usable credentials; try-it carries them', async () => {
    const page = await suite.pageAs('orgadmin', { viewport: { width: 1280, height: 900 } });
    const accessToken = await sessionToken(page, suite.portal.baseUrl);
    const me = await (await page.request.get(`${suite.portal.baseUrl}/api/v1/auth/findSession`, { headers: { Authorization: `Bearer ${accessToken}` } })).json() as { user: { id: string } };
    await open(page, '/productDetails/prod-payments/resources/res-payments/methods');
    await page.locator('agora-portal [data-operation]').first().waitFor({ timeout: 60_000 });
    const panel = page.locator('agora-portal [data-part="authorize"]');
    // Once in a clean-clone CI run (session 13) the panel never opened after a click made as the
    // operations first drew; not reproduced alone. Clicked again while it is not open, so this
    // test checks the internal origin; the other Authorize tests here click once.
    await expect.poll(async () => {
      if (!(await panel.isVisible())) await page.locator('agora-portal [data-action="open-authorize"]').click({ timeout: 5_000 }).catch(() => undefined);
      return panel.isVisible();
    }, { timeout: 40_000, interval: 3_000 }).toBe(true);
    await panel.locator('select').first().selectOption('apiKey');
    const internal = panel.locator('[data-origin="internal"] input');
    await expect.poll(() => internal.isDisabled()).toBe(false);
    await internal.check();
    // Checkout Service holds the approved request for res-payments (seed); Acme Mobile's is pending.
    const apps = panel.locator('select').nth(1);
    expect((await apps.locator('option').allInnerTexts()).slice(1)).toEqual(['Checkout Service']);
    await apps.selectOption({ label: 'Checkout Service' });
    const creds = panel.locator('select').nth(2);
    // The suspended (inactive) old key is listed but cannot be chosen.
    expect(await creds.locator('option', { hasText: 'Old sandbox key' }).isDisabled()).toBe(true);
    expect(await creds.locator('option', { hasText: 'Checkout production client' }).isDisabled()).toBe(false);
    await creds.selectOption({ label: 'Checkout production client' });
    await page.locator('agora-portal [data-action="authorize"]').click();
    await expect.poll(() => page.locator('agora-portal [data-action="open-authorize"]').innerText()).toBe('Authorized');

    const op = await openOperation(page, 'get', '/payments');
    const since = new Date(Date.now() - 1000);
    await tryOperation(op);
    await expect.poll(async () => (await recorded('res-payments', since)).length).toBeGreaterThan(0);
    const [row] = await recorded('res-payments', since);
    expect(row).toMatchObject({ userId: me.user.id, applicationId: 'app-acme-checkout', credentialId: 'cred-checkout-oauth' });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('Authorize panel', () => {
  it('offers the authorization URL and the token URL by grant type (spec 2 §5)', async () => {
    const { page } = await consumerPage();
    await open(page, '/productDetails/prod-petstore/resources/res-petstore/methods');
    await page.locator('agora-portal [data-action="open-authorize"]').click();
    const panel = page.locator('agora-portal [data-part="authorize"]');
    await panel.waitFor();
    // Petstore's OAuth 2 scheme is implicit: an authorization URL, no token URL.
    await panel.locator('select').first().selectOption('petstore_auth');
    expect(await panel.locator('[data-field="authorizationUrl"]').count()).toBe(1);
    expect(await panel.locator('[data-field="tokenUrl"]').count()).toBe(0);
    expect(await panel.innerText()).toContain('Declared: https://petstore.agora.test/oauth/authorize');
    await page.locator('agora-portal [data-action="authorize"]').isDisabled();
    expect(await page.locator('agora-portal [data-action="authorize"]').isDisabled()).toBe(true);
    await page.context().close();
  });

  it('gets a client-credentials token from the mock authorization server and sends it as the upstream Authorization', async () => {
    const { page, userId } = await consumerPage();
    await open(page, '/productDetails/prod-payments/resources/res-payments/methods');
    await page.locator('agora-portal [data-operation]').first().waitFor({ timeout: 60_000 });
    await page.locator('agora-portal [data-action="open-authorize"]').click();
    const panel = page.locator('agora-portal [data-part="authorize"]');
    await panel.waitFor();
    const options = await panel.locator('select').first().locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    const oauth = options.find((o) => /oauth/i.test(o));
    expect(oauth).toBeDefined();
    await panel.locator('select').first().selectOption(oauth!);
    await panel.locator('[data-field="grant"]').selectOption('clientCredentials');
    expect(await panel.locator('[data-field="authorizationUrl"]').count()).toBe(0);
    expect(await panel.locator('[data-field="tokenUrl"]').count()).toBe(1);
    await panel.locator('[data-field="clientId"]').fill('console-client');
    await panel.locator('[data-field="clientSecret"]').fill('console-secret');
    await page.locator('agora-portal [data-action="authorize"]').click();
    await expect.poll(() => page.locator('agora-portal [data-action="open-authorize"]').innerText(), { timeout: 30_000 }).toBe('Authorized');

    // The token travels with the next call as the API's own Authorization header.
    const op = await openOperation(page, 'get', '/payments');
    const since = new Date(Date.now() - 1000);
    await tryOperation(op);
    await expect.poll(async () => (await recorded('res-payments', since)).length).toBeGreaterThan(0);
    const [row] = await recorded('res-payments', since);
    const upstream = (row!.legs as Leg[])[1]!.transactionEvent;
    expect(upstream.requestHeaders.authorization).toBe('[redacted]');
    // The portal's own bearer token authenticated the caller at the gateway, and never went upstream as such.
    expect(row!.userId).toBe(userId);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('code samples (issue 30)', () => {
  /** A small description whose operation carries the provider's own samples, one an XSS payload. */
  const PROVIDER_DOC = JSON.stringify({
    openapi: '3.0.3', info: { title: 'Samples', version: '1' }, servers: [{ url: 'https://samples.agora.test' }],
    paths: {
      '/things/{id}': {
        get: {
          operationId: 'getThing', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, example: 't-1' }],
          'x-codeSamples': [
            { lang: 'JavaScript', label: 'Node SDK', source: 'const thing = await client.things.get("t-1");' },
            { lang: 'PHP', source: '<img src=x onerror="window.__samplesXss=1"><script>window.__samplesXss=2</script>' },
          ],
          responses: { 200: { description: 'OK', content: { 'application/json': { example: { id: 't-1' } } } } },
        },
      },
    },
  });

  it('load on first open, call the gateway with the authorized credential as $AGORA_API_KEY, remember the language', async () => {
    const { page } = await consumerPage();
    const chunks: string[] = [];
    page.on('request', (r) => { if (/codeSamples/i.test(r.url())) chunks.push(r.url()); });
    await open(page, '/productDetails/prod-petstore/resources/res-petstore/methods');
    await page.locator('agora-portal [data-action="open-authorize"]').click();
    const authorize = page.locator('agora-portal [data-part="authorize"]');
    await authorize.waitFor();
    await authorize.locator('select').first().selectOption('api_key');
    await authorize.locator('[data-field="apiKey"]').fill('demo-secret-samples-77');
    await page.locator('agora-portal [data-action="authorize"]').click();
    const op = await openOperation(page, 'get', '/pets/{petId}');
    expect(chunks, 'the generator is not loaded before the samples are opened').toEqual([]);

    const samples = await openSamples(op);
    expect(chunks.length).toBeGreaterThan(0);
    expect(await samples.getAttribute('data-samples-selected')).toBe('curl');
    const text = () => samples.locator('[data-sample-text] [data-code-viewer] code').innerText();
    await expect.poll(text).toContain('curl --request GET');
    const curl = await text();
    expect(curl).toContain(`${suite.portal.baseUrl}/api/v1/gateway/prod-petstore/ver-petstore-2/res-petstore/pets/`);
    expect(curl).toContain('"api_key: $AGORA_API_KEY"');
    expect(curl).not.toContain('demo-secret-samples-77');
    // Highlighted as shell (a grammar loaded with the samples, not with the code viewer).
    await expect.poll(() => samples.locator('[data-sample-text] code .hljs-string').count()).toBeGreaterThan(0);
    await screenshotBoth(page, samples, 'curl');
    await page.setViewportSize({ width: 1280, height: 900 });
    // Nine languages; Python chosen is remembered for this user after a reload.
    expect(await samples.locator('[role="tab"]').allInnerTexts()).toEqual(['cURL', 'JavaScript', 'Node.js', 'Python', 'Go', 'Java', 'C#', 'PHP', 'Ruby']);
    await samples.locator('[role="tab"]', { hasText: 'Python' }).click();
    await expect.poll(text).toContain('import requests');
    expect(await text()).toContain('os.environ["AGORA_API_KEY"]');
    await samples.locator('[data-code-viewer] button').first().waitFor();

    await page.reload();
    await page.locator('agora-portal [data-page="resource"] [data-part="tab-content"]').waitFor({ timeout: 30_000 });
    const again = await openSamples(await openOperation(page, 'get', '/pets/{petId}'));
    expect(await again.getAttribute('data-samples-selected')).toBe('python');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it("show the provider's own samples first, highlighted, an XSS payload as text", async () => {
    await suite.portal.db.insert(assetResources).values({
      id: 'res-samples', productVersionId: 'ver-petstore-2', title: 'Samples', type: 'oas3', specification: PROVIDER_DOC,
      specificationSize: PROVIDER_DOC.length, upstreamUrl: 'mock:',
    }).onConflictDoNothing();
    await indexSpecification(suite.portal.db, 'res-samples');
    const { page } = await consumerPage();
    await open(page, '/productDetails/prod-petstore/resources/res-samples/methods');
    const samples = await openSamples(await openOperation(page, 'get', '/things/{id}'));
    const tabs = await samples.locator('[role="tab"]').allInnerTexts();
    expect(tabs.slice(0, 3)).toEqual(['Node SDK', 'PHP', 'cURL']);
    expect(await samples.getAttribute('data-samples-selected')).toBe('provider:0:JavaScript');
    const code = samples.locator('[data-sample-text] [data-code-viewer] code');
    await expect.poll(() => code.innerText()).toContain('client.things.get("t-1")');
    expect(await code.locator('.hljs-string').count()).toBeGreaterThan(0);
    await samples.locator('[role="tab"][id$="-tab-provider:1:PHP"]').click();
    await expect.poll(() => code.innerText()).toContain('<img src=x onerror="window.__samplesXss=1">');
    expect(await page.evaluate(() => (window as unknown as { __samplesXss?: number }).__samplesXss)).toBeUndefined();
    expect(await code.locator('img, script').count()).toBe(0);
    await screenshotBoth(page, samples, 'provider');
    await page.context().close();
  });
});

describe('collections (issue 30)', () => {
  it("download as a Postman collection v2.1 and as OpenAPI, both calling this portal's gateway, the key a variable", async () => {
    const { page } = await consumerPage();
    await open(page, '/productDetails/prod-petstore/resources/res-petstore/methods');
    const group = page.locator('agora-portal [data-part="collection"]');
    const save = async (format: string) => {
      const [file] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), group.locator(`[data-action="collection-${format}"]`).click()]);
      return { name: file.suggestedFilename(), json: JSON.parse(await readFile((await file.path())!, 'utf8')) as Record<string, unknown> };
    };
    const gateway = `${suite.portal.baseUrl}/api/v1/gateway/prod-petstore/ver-petstore-2/res-petstore`;
    const postman = await save('postman');
    expect(postman.name).toMatch(/\.postman_collection\.json$/);
    expect((postman.json.info as { schema: string }).schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
    expect(postman.json.variable).toEqual(expect.arrayContaining([{ key: 'baseUrl', value: gateway, type: 'string' }, { key: 'apiKey', value: '', type: 'string' }]));
    const openapi = await save('openapi');
    expect(openapi.name).toMatch(/\.openapi\.json$/);
    // The Petstore is OpenAPI 2: re-based through host, basePath and schemes.
    expect(`${openapi.json.schemes as string}://${openapi.json.host as string}${openapi.json.basePath as string}`).toBe(gateway);
    if (process.env.SAMPLES_SHOTS) {
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: `${process.env.SAMPLES_SHOTS}/collection-${width}.png` });
      }
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

/** The open samples at 1280 and 375 px, for the reviewer (issue 30's screenshots). */
async function screenshotBoth(page: Page, samples: ReturnType<Page['locator']>, name: string) {
  const dir = process.env.SAMPLES_SHOTS;
  if (!dir) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await samples.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/samples-${name}-${width}.png` });
  }
}

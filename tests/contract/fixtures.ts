// The values the contract run puts in paths and bodies (portman-config.json names them as
// {{variables}}): tokens of two signed-in demo accounts and ids of the demo store's rows, read
// through the API as those accounts see them.
import { accounts } from '../../server/seed/accounts.ts';

/** An access token (and refresh token) of the demo account whose e-mail starts with `${who}@`. */
export async function signIn(api: string, who: string): Promise<string> {
  const account = accounts.find((a) => a.email.startsWith(`${who}@`));
  if (!account) throw new Error(`no demo account ${who}`);
  const response = await fetch(`${api}/auth/signin`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${account.email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function get<T = any>(api: string, path: string, token: string): Promise<T> {
  const response = await fetch(`${api}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

async function send<T = any>(api: string, method: string, path: string, token: string | null, body: unknown): Promise<T> {
  const response = await fetch(`${api}${path}`, {
    method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** Polls `find` (the server's jobs send mail and webhooks a moment later) for up to 30 s. */
async function until<T>(what: string, find: () => Promise<T | undefined>): Promise<T> {
  for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const found = await find();
    if (found !== undefined) return found;
  }
  throw new Error(`the contract fixtures waited 30 s in vain for ${what}`);
}

/** The single-use token of the last e-mail of `kind` to `to`, read in the outbox as the provider
 * (polled until the mail job has written its text: at load the row came first, without it). */
async function mailedToken(api: string, adminToken: string, kind: string, to: string): Promise<{ token: string; mailId: string }> {
  return until(`the ${kind} e-mail to ${to} with its link`, async () => {
    const mail = (await get<{ items: Array<{ id: string; kind: string; to: string }> }>(api, '/outbox?limit=50', adminToken)).items.find((m) => m.kind === kind && m.to === to);
    if (!mail) return undefined;
    const token = /token=([A-Za-z0-9_-]{20,})/.exec(JSON.stringify(await get(api, `/outbox/${mail.id}`, adminToken)))?.[1];
    return token ? { token, mailId: mail.id } : undefined;
  });
}

/** Collection variables of the run besides the seeded ids portman-config.json holds: tokens of
 * Acme's Administrator (the default caller) and of the provider's, and ids only a running server
 * has: e-mailed tokens, a gateway transaction, a webhook delivery. */
export async function discoverVariables(api: string): Promise<Record<string, string>> {
  const consumerToken = await signIn(api, 'orgadmin');
  const adminToken = await signIn(api, 'admin');
  // The marketplace's own API (upstream self:) is the one upstream the gateway reaches here.
  const own = 'prod-agora-api';
  const version = (await get<{ items: Array<{ id: string }> }>(api, `/products/${own}/versions`, consumerToken)).items[0]!;
  const resource = (await get<{ items: Array<{ id: string }> }>(api, `/products/${own}/versions/${version.id}/assetresources`, consumerToken)).items[0]!;
  await get(api, `/gateway/${own}/${version.id}/${resource.id}/marketplace`, consumerToken);
  // The Storefront's GraphQL API, on its built-in mock: the one upstream here that answers at its
  // root (GET and POST of a query).
  const graphql = 'prod-storefront';
  const graphqlVersion = (await get<{ items: Array<{ id: string }> }>(api, `/products/${graphql}/versions`, consumerToken)).items[0]!;
  const graphqlResource = (await get<{ items: Array<{ id: string }> }>(api, `/products/${graphql}/versions/${graphqlVersion.id}/assetresources`, consumerToken)).items[0]!;
  // An API whose description documents its root for the methods no demo API answers there, on
  // its built-in mock, imported by the provider as any description is: the gateway root's PUT,
  // PATCH, DELETE and OPTIONS (what the explorer's try-it sends to such an API) run against it.
  const rootApi = await importRootApi(api, adminToken);
  const range = 'from=2020-01-01T00:00:00Z&to=2030-01-01T00:00:00Z';
  const transaction = await until('a gateway transaction', async () => (await get<{ items: Array<{ transactionId: string }> }>(api, `/analytics/transactions?${range}`, consumerToken)).items[0]);
  // A password-reset link for Devi, and a verification link for an account registered here.
  await send(api, 'POST', '/auth/passwordReset', null, { email: 'developer@agora.test' });
  const reset = await mailedToken(api, adminToken, 'reset', 'developer@agora.test');
  const email = `contract-${Date.now()}@register.test`;
  await send(api, 'POST', '/auth/register', null, { email, password: 'Correct-horse-42', name: 'Contract', organisation: 'Contract Ltd' });
  const verify = await mailedToken(api, adminToken, 'verify', email);
  // A webhook hears a new subscription: one delivery to redeliver.
  const webhook = await send<{ id: string }>(api, 'POST', '/webhooks', adminToken, { url: 'https://hooks.example.com/contract', events: ['subscription.created'] });
  await send(api, 'POST', '/subscriptions', consumerToken, { product: { id: 'prod-weather' }, plan: { id: 'plan-weather-free' }, owner: { type: 'user', id: 'user-orgadmin' } });
  // A conversation with the assistant, continued by the contract test.
  const conversation = await send<{ context: { conversationId: string } }>(api, 'POST', '/ai/conversations', consumerToken, { content: { messages: [{ role: 'user', parts: [{ type: 'text', mimeType: 'text/plain', data: 'Which APIs take payments?' }] }] } });
  // An OAuth client of Acme's checkout application, for POST /oauth/token (its secret is shown
  // once provisioned, inside the credential's visibility window).
  const client = await send<{ id: string }>(api, 'POST', '/applications/app-acme-checkout/credentials', consumerToken, {
    title: 'Contract OAuth client', credentialRequestDefinition: { crdId: { id: 'crd-oauth' }, crdType: 'OAuth' },
    data: { grantTypes: ['client_credentials'] }, resources: [{ id: 'res-payments' }], owner: { type: 'team', id: 'team-acme-platform' },
  });
  const oauth = await until('the OAuth client\'s provisioning', async () => {
    const response = await fetch(`${api}/credentials/${client.id}?decrypt=true`, { headers: { authorization: `Bearer ${consumerToken}` } });
    const shown = response.ok ? (await response.json()) as { provisioning: { status: string; data?: { clientId?: string; clientSecret?: string } } } : null;
    return shown?.provisioning.status === 'success' ? shown.provisioning.data : undefined;
  });
  if (!oauth.clientId || !oauth.clientSecret) throw new Error(`the OAuth client ${client.id} has no client id or secret`);
  const delivery = await until('a webhook delivery', async () => (await get<{ items: Array<{ id: string }> }>(api, `/webhooks/${webhook.id}/deliveries`, adminToken)).items[0]);
  return {
    consumerToken, adminToken, gatewayProductId: own, gatewayVersionId: version.id, gatewayResourceId: resource.id,
    graphqlProductId: graphql, graphqlVersionId: graphqlVersion.id, graphqlResourceId: graphqlResource.id,
    rootProductId: rootApi.productId, rootVersionId: rootApi.versionId, rootResourceId: rootApi.resourceId,
    transactionId: transaction.transactionId, resetToken: reset.token, verifyToken: verify.token, outboxId: reset.mailId,
    deliveryWebhookId: webhook.id, deliveryId: delivery.id, conversationId: conversation.context.conversationId,
    oauthClientId: oauth.clientId, oauthClientSecret: oauth.clientSecret,
  };
}

/** The methods of the gateway root that only an API documenting its root answers. */
const ROOT_METHODS = ['put', 'patch', 'delete', 'options'];

/** Imports "Contract Root API" (its root documented for ROOT_METHODS, each answering JSON) as the
 * provider, open to every visitor, and returns where it was published. */
async function importRootApi(api: string, adminToken: string): Promise<{ productId: string; versionId: string; resourceId: string }> {
  const answer = { description: 'Done', content: { 'application/json': { schema: { type: 'object', properties: { done: { type: 'boolean' } } }, example: { done: true } } } };
  const description = {
    openapi: '3.0.3', info: { title: 'Contract Root API', version: '1.0.0' },
    paths: { '/': Object.fromEntries(ROOT_METHODS.map((m) => [m, { operationId: `${m}Root`, summary: `${m.toUpperCase()} the root`, responses: { 200: answer } }])) },
  };
  const job = await send<{ id: string }>(api, 'POST', '/products/import', adminToken, { content: JSON.stringify(description), fileName: 'contract-root.json', visibility: 'unrestricted' });
  return until('the root API\'s import', async () => {
    const state = await get<{ state: string; error: string | null; result: { productId: string; versionId: string; resourceId: string } | null }>(api, `/imports/${job.id}`, adminToken);
    if (state.state === 'refused' || state.state === 'failed') throw new Error(`the root API's import ${state.state}: ${state.error}`);
    return state.state === 'published' ? state.result! : undefined;
  });
}

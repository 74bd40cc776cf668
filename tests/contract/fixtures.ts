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

/** The single-use token of the last e-mail of `kind` to `to`, read in the outbox as the provider. */
async function mailedToken(api: string, adminToken: string, kind: string, to: string): Promise<{ token: string; mailId: string }> {
  const mail = await until(`the ${kind} e-mail to ${to}`, async () => (await get<{ items: Array<{ id: string; kind: string; to: string }> }>(api, '/outbox?limit=50', adminToken)).items.find((m) => m.kind === kind && m.to === to));
  const text = JSON.stringify(await get(api, `/outbox/${mail.id}`, adminToken));
  const token = /token=([A-Za-z0-9_-]{20,})/.exec(text)?.[1];
  if (!token) throw new Error(`no token in the ${kind} e-mail to ${to}`);
  return { token, mailId: mail.id };
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
  const delivery = await until('a webhook delivery', async () => (await get<{ items: Array<{ id: string }> }>(api, `/webhooks/${webhook.id}/deliveries`, adminToken)).items[0]);
  return {
    consumerToken, adminToken, gatewayProductId: own, gatewayVersionId: version.id, gatewayResourceId: resource.id,
    transactionId: transaction.transactionId, resetToken: reset.token, verifyToken: verify.token, outboxId: reset.mailId,
    deliveryWebhookId: webhook.id, deliveryId: delivery.id, conversationId: conversation.context.conversationId,
  };
}

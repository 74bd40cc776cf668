// The main journey walked through Prism's validating proxy (`prism proxy --errors`,
// @stoplight/prism-cli): every request and every answer of the server is checked against the
// served description. A violation fails the walk wherever Prism reports it: the sl-violations
// header (warnings included, e.g. an undeclared status), an error answer of its own (with
// --errors, a response that breaks the description), or a "Violation" line in its log.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from '../browser/harness.ts';

/** A free port for Prism, which takes no port 0. */
const freePort = () => new Promise<number>((resolve) => {
  const server = createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    server.close(() => resolve(port));
  });
});

export async function walkThroughPrism(options: { api: string; description: string; out: string; consumer: string }): Promise<number> {
  const t0 = Date.now();
  const port = await freePort();
  const proxy = `http://127.0.0.1:${port}`;
  const prism = spawn(process.execPath, [join(ROOT, 'node_modules', '.bin', 'prism'), 'proxy', options.description, options.api, '--errors', '-p', String(port), '-h', '127.0.0.1'], { cwd: ROOT });
  let log = '';
  prism.stdout.on('data', (chunk) => { log += chunk; });
  prism.stderr.on('data', (chunk) => { log += chunk; });
  const violations: string[] = [];
  let calls = 0;
  try {
    for (const until = Date.now() + 120_000; !/Prism is listening/.test(log);) {
      if (Date.now() > until || prism.exitCode !== null) throw new Error(`prism did not start:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    console.log(`[contract] prism proxy listening in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    /** One call through Prism; what Prism says of it goes to `violations`. */
    const call = async (method: string, path: string, o: { token?: string; body?: unknown; status?: number } = {}) => {
      calls++;
      const response = await fetch(`${proxy}${path}`, {
        method,
        headers: { ...(o.body ? { 'content-type': 'application/json' } : {}), ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) },
        ...(o.body ? { body: JSON.stringify(o.body) } : {}),
      });
      const text = await response.text();
      const header = response.headers.get('sl-violations');
      if (header) violations.push(`${method} ${path}: sl-violations ${header}`);
      if (/stoplight\.io\/prism\/errors/.test(text)) violations.push(`${method} ${path}: ${response.status} ${text.slice(0, 600)}`);
      else if (response.status !== (o.status ?? 200)) violations.push(`${method} ${path}: ${response.status} instead of ${o.status ?? 200}: ${text.slice(0, 300)}`);
      return text && /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : null;
    };

    // A visitor browses the catalogue. (No deliberately malformed request: Prism answers those
    // itself, as the violations they are.)
    await call('GET', '/marketplace');
    await call('GET', '/features');
    await call('GET', '/categories');
    const products = await call('GET', '/products?limit=5');
    const product = await call('GET', `/products/${products?.items?.[0]?.id ?? 'prod-payments'}`);
    await call('GET', `/products/${product?.id ?? 'prod-payments'}/plans`);
    await call('GET', '/search?search=payments');
    await call('GET', '/products/prod-payments/reviews');
    await call('GET', '/products/unknown-product', { status: 404 });
    // Someone registers an account and organisation, then signs in (the response has tokens).
    await call('POST', '/auth/register', { status: 201, body: { email: `walk-${Date.now()}@register.test`, password: 'Correct-horse-42', name: 'Prism Walk', organisation: 'Walk Ltd' } });
    // Acme's Administrator: reads the product, subscribes, makes an application, asks for access, gets a key.
    const signIn = await call('POST', '/auth/signin', { body: { username: 'orgadmin@agora.test', password: 'agora-orgadmin' } });
    const token: string = signIn?.accessToken ?? options.consumer;
    await call('GET', '/auth/findSession', { token });
    const versions = await call('GET', '/products/prod-weather/versions', { token });
    const version = versions?.items?.[0]?.id ?? 'ver-weather-3';
    const resources = await call('GET', `/products/prod-weather/versions/${version}/assetresources`, { token });
    const resource = resources?.items?.[0]?.id ?? 'res-weather';
    await call('GET', `/products/prod-weather/versions/${version}/assetresources/${resource}/spec/index`, { token });
    await call('GET', '/subscriptionOptions?product=prod-weather&plan=plan-weather-free', { token });
    await call('GET', '/subscriptions', { token });
    const owners = await call('GET', '/applicationOwners', { token });
    const owner = owners?.items?.find((o: { type: string }) => o.type === 'team') ?? owners?.items?.[0] ?? { type: 'team', id: 'team-acme-platform' };
    const subscription = await call('POST', '/subscriptions', { token, status: 201, body: { product: { id: 'prod-weather' }, plan: { id: 'plan-weather-free' }, owner: { type: owner.type, id: owner.id } } });
    const application = await call('POST', '/applications', { token, status: 201, body: { title: 'Prism walk', owner: { type: owner.type, id: owner.id } } });
    await call('GET', `/applications/${application?.id}`, { token });
    await call('GET', '/applications', { token });
    await call('POST', `/applications/${application?.id}/accessRequests`, { token, status: 201, body: { product: { id: 'prod-weather', version: { id: version } }, assetResource: { id: resource }, subscription: { id: subscription?.id ?? 'sub-acme-weather-free' } } });
    await call('GET', '/accessRequests', { token });
    const credential = await call('POST', `/applications/${application?.id}/credentials`, { token, status: 201, body: { title: 'Prism walk key', credentialRequestDefinition: { crdId: { id: 'crd-apikey' }, crdType: 'APIKey' } } });
    await call('GET', `/credentials/${credential?.id}`, { token });
    await call('GET', '/credentials', { token });
    await call('GET', '/invoices', { token });
    await call('GET', '/analytics/summary?from=2020-01-01T00:00:00Z&to=2030-01-01T00:00:00Z', { token });
    await call('GET', `/subscriptions/${subscription?.id}`, { token });
  } finally {
    prism.kill();
  }
  for (const line of log.split('\n')) if (/Violation/.test(line)) violations.push(`prism log: ${line.trim()}`);
  for (const violation of violations) console.log(`  ✖ ${violation}`);
  console.log(`[contract] prism walk: ${calls} calls, ${violations.length} violation(s) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return violations.length;
}

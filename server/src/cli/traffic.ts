// `npm run traffic [-- --url http://127.0.0.1:8080 --calls 300]`: real calls through the running
// server's runtime gateway with the demo applications' own credentials (API keys and HTTP Basic
// of Acme's and Globex's applications, read decrypted by their organisation Administrators), over
// their resources, methods and outcomes: documented operations (2xx), unknown paths and methods
// (4xx), and a documented 5xx answer asked of the mock (Prefer: code=5xx) where one exists. Every
// call becomes a transaction the insights count. Prints the split by outcome it got.
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { url: { type: 'string', default: 'http://127.0.0.1:8080' }, calls: { type: 'string', default: '300' } } });
const BASE = values.url!.replace(/\/$/, '');
const API = `${BASE}/api/v1`;
const CALLS = Number(values.calls);
const ADMINS = [['orgadmin@agora.test', 'agora-orgadmin'], ['globex@agora.test', 'agora-globex']] as const;

interface Target { headers: Record<string, string>; gateway: string; operations: Array<{ method: string; path: string; errors: number[] }> }

async function json(url: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Operations of a resource's specification index: any object with an HTTP method and a path. */
function operationsOf(index: unknown): Target['operations'] {
  const found: Target['operations'] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.method === 'string' && typeof o.path === 'string' && !o.path.includes('{')) {
        const codes = Array.isArray(o.responses) ? o.responses.map((r: any) => Number(r?.code ?? r?.status)) : Object.keys((o.responses as object) ?? {}).map(Number);
        found.push({ method: o.method.toUpperCase(), path: o.path, errors: codes.filter((c) => c >= 500 && c < 600) });
      }
      Object.values(o).forEach(walk);
    }
  };
  walk(index);
  return found;
}

async function targets(): Promise<Target[]> {
  const out: Target[] = [];
  for (const [username, password] of ADMINS) {
    const { accessToken } = await json(`${API}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    const auth = { authorization: `Bearer ${accessToken}` };
    const { items } = await json(`${API}/credentials?limit=100`, { headers: auth });
    for (const c of items) {
      if (c.state && c.state !== 'active') continue;
      const full = await json(`${API}/credentials/${c.id}?decrypt=true`, { headers: auth }).catch(() => null);
      const data = full?.provisioning?.data ?? {};
      const type = full?.credentialRequestDefinition?.crdType ?? c.crdType;
      const headers: Record<string, string> | null = type === 'APIKey' && data.apiKey ? { 'x-api-key': data.apiKey as string }
        : type === 'HTTPBasic' && data.username && data.password ? { authorization: `Basic ${Buffer.from(`${data.username}:${data.password}`).toString('base64')}` } : null;
      if (!headers) continue;
      const resources = await json(`${API}/credentials/${c.id}/resources?pageSize=100`, { headers: auth }).catch(() => ({ items: [] }));
      for (const r of resources.items) {
        const spec = `${API}/products/${r.product.id}/versions/${r.productVersionId}/assetresources/${r.id}/spec/index`;
        const operations = operationsOf(await json(spec, { headers: auth }).catch(() => ({})));
        out.push({ headers, gateway: `${API}/gateway/${r.product.id}/${r.productVersionId}/${r.id}`, operations });
      }
    }
  }
  return out;
}

const all = await targets();
if (!all.length) {
  console.error('No usable application credential found (is the server running on a seeded store?).');
  process.exit(1);
}
const split = { success: 0, failure: 0, exception: 0 };
let seed = 7;
const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
for (let i = 0; i < CALLS; i++) {
  const t = all[Math.floor(rnd() * all.length)]!;
  const op = t.operations.length ? t.operations[Math.floor(rnd() * t.operations.length)]! : { method: 'GET', path: '/', errors: [] };
  const r = rnd();
  const headers: Record<string, string> = { ...t.headers };
  let { method, path } = op;
  if (r > 0.8 && r <= 0.92) path = `/no-such-path-${i}`;
  else if (r > 0.92 && op.errors.length) headers.prefer = `code=${op.errors[0]}`;
  else if (r > 0.92) method = 'PATCH';
  const res = await fetch(`${t.gateway}${path}`, { method, headers, ...(method === 'POST' || method === 'PUT' || method === 'PATCH' ? { body: '{}', headers: { ...headers, 'content-type': 'application/json' } } : {}) });
  await res.arrayBuffer();
  split[res.status >= 500 ? 'exception' : res.status >= 400 ? 'failure' : 'success']++;
}
console.log(`${CALLS} calls through ${BASE}'s gateway over ${all.length} credential/resource pairs:`, split);

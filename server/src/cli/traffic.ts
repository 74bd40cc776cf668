// `npm run traffic [-- --url http://127.0.0.1:8080 --calls 300]`: real calls through the running
// server's runtime gateway with the demo applications' own credentials (API keys and HTTP Basic of
// Acme's and Globex's applications, read decrypted by their organisation Administrators), over
// their resources, methods and outcomes: documented operations (2xx), unknown paths and methods
// (4xx), and a documented 5xx answer asked of the mock (Prefer: code=5xx) where one exists (the demo
// specifications document none: its live 5xx come only from a real upstream failing). Every call
// becomes a transaction the insights count. Prints the split by outcome and application it got.
//
// A seeded credential's secret is shown only inside its visibility window (3 days from its seeded
// provisioning date, long past): for such a credential the script uses a companion credential of
// the same application, definition and resources titled "<title> (traffic)", created on the first
// run and rotated by later runs once its own window has closed. The seeded credentials are untouched.
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { url: { type: 'string', default: 'http://127.0.0.1:8080' }, calls: { type: 'string', default: '300' } } });
const BASE = values.url!.replace(/\/$/, '');
const API = `${BASE}/api/v1`;
const CALLS = Number(values.calls);
const ADMINS = [['orgadmin@agora.test', 'agora-orgadmin'], ['globex@agora.test', 'agora-globex']] as const;
const TYPES = new Set(['APIKey', 'HTTPBasic']);
const COMPANION = ' (traffic)';

interface Operation { method: string; path: string; errors: number[] }
interface Target { application: string; headers: Record<string, string>; gateway: string; operations: Operation[] }

async function json(url: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}
const post = (url: string, auth: Record<string, string>, body: unknown) =>
  json(url, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The call's authentication headers from a decrypted credential, or null when it has none (yet). */
function headersOf(full: any): Record<string, string> | null {
  const data = full?.provisioning?.data ?? {};
  if (full?.crdType === 'APIKey' && data.apiKey) return { [data.header ?? 'x-api-key']: data.apiKey as string };
  if (full?.crdType === 'HTTPBasic' && data.username && data.password) {
    return { authorization: `Basic ${Buffer.from(`${data.username}:${data.password}`).toString('base64')}` };
  }
  return null;
}

/** The secret's headers, waiting for the provisioning job (a few hundred ms) after a create or rotate. */
async function decrypted(id: string, auth: Record<string, string>, waitMs = 0): Promise<Record<string, string> | null> {
  const until = Date.now() + waitMs;
  for (;;) {
    const res = await fetch(`${API}/credentials/${id}?decrypt=true`, { headers: auth });
    const headers = res.ok ? headersOf(await res.json()) : (await res.arrayBuffer(), null);
    if (headers || Date.now() >= until) return headers;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A usable secret for a seeded credential: its own, or its companion's (created or rotated). */
async function secretFor(c: any, all: any[], auth: Record<string, string>): Promise<Record<string, string> | null> {
  const own = await decrypted(c.id, auth);
  if (own) return own;
  const title = `${c.title}${COMPANION}`;
  const companion = all.find((x) => x.title === title && x.application?.id === c.application?.id);
  if (companion) {
    const still = await decrypted(companion.id, auth);
    if (still) return still;
    await post(`${API}/credentials/${companion.id}/rotate`, auth, { title });
    return decrypted(companion.id, auth, 15_000);
  }
  const { items: resources } = await json(`${API}/credentials/${c.id}/resources?pageSize=100`, { headers: auth });
  // A Basic username is unique: the companion's is the seeded one's with a suffix.
  const data = { ...(c.data ?? {}), ...(c.crdType === 'HTTPBasic' ? { username: `${String(c.data?.username ?? 'demo').slice(0, 32)}-traffic` } : {}) };
  const created = await post(`${API}/applications/${c.application.id}/credentials`, auth, {
    title, credentialRequestDefinition: c.credentialRequestDefinition.crdId && { crdId: c.credentialRequestDefinition.crdId, crdType: c.crdType },
    data, resources: resources.map((r: any) => ({ id: r.id })),
  });
  return decrypted(created.id, auth, 15_000);
}

/** A resource's operations with their documented 5xx codes (path parameters get sample values), or
 * null for a resource the gateway does not call (an AsyncAPI one: refused before any record). */
async function operationsOf(spec: string, auth: Record<string, string>): Promise<Operation[] | null> {
  const index = await json(`${spec}/index`, { headers: auth }).catch(() => null);
  if (index?.tryIt?.allowed === false) return null;
  const listed: Array<{ ordinal: number; method: string; path: string }> = (index?.tags ?? []).flatMap((t: any) => t.operations ?? [])
    .filter((o: any) => typeof o?.method === 'string' && typeof o?.path === 'string' && /^(get|put|post|delete|patch|head|options)$/i.test(o.method));
  const out: Operation[] = [];
  for (let at = 0; at < listed.length; at += 100) {
    const q = listed.slice(at, at + 100).map((o) => `ordinal=${o.ordinal}`).join('&');
    const { items } = await json(`${spec}/operations?${q}`, { headers: auth }).catch(() => ({ items: [] }));
    for (const o of items) {
      const codes = Object.keys(o.operation?.responses ?? {}).map(Number).filter((n) => n >= 500 && n < 600);
      out.push({ method: String(o.method).toUpperCase(), path: String(o.path).replace(/\{[^}]*\}/g, (p) => `${p.slice(1, -1)}-1`), errors: codes });
    }
  }
  return out;
}

async function targets(): Promise<Target[]> {
  const out: Target[] = [];
  for (const [username, password] of ADMINS) {
    const { accessToken } = await post(`${API}/auth/signin`, {}, { username, password });
    const auth = { authorization: `Bearer ${accessToken}` };
    const { items } = await json(`${API}/credentials?limit=100`, { headers: auth });
    const seeded = items.filter((c: any) => TYPES.has(c.crdType) && c.state === 'active' && !String(c.title).endsWith(COMPANION));
    for (const c of seeded) {
      const { items: resources } = await json(`${API}/credentials/${c.id}/resources?pageSize=100`, { headers: auth });
      const callable: Array<{ gateway: string; operations: Operation[] }> = [];
      for (const r of resources) {
        const operations = await operationsOf(`${API}/products/${r.product.id}/versions/${r.productVersionId}/assetresources/${r.id}/spec`, auth);
        if (operations) callable.push({ gateway: `${API}/gateway/${r.product.id}/${r.productVersionId}/${r.id}`, operations });
      }
      if (!callable.length) continue;
      const headers = await secretFor(c, items, auth).catch((e: Error) => (console.warn(`${c.id}: ${e.message}`), null));
      if (headers) out.push(...callable.map((r) => ({ application: c.application.title, headers, ...r })));
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
const byApplication: Record<string, typeof split> = {};
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
  const body = method === 'POST' || method === 'PUT' || method === 'PATCH';
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(`${t.gateway}${path}`, { method, headers, ...(body ? { body: '{}' } : {}) });
  await res.arrayBuffer();
  const outcome = res.status >= 500 ? 'exception' : res.status >= 400 ? 'failure' : 'success';
  split[outcome]++;
  (byApplication[t.application] ??= { success: 0, failure: 0, exception: 0 })[outcome]++;
}
console.log(`${CALLS} calls through ${BASE}'s gateway over ${all.length} credential/resource pairs:`, split);
for (const [application, counts] of Object.entries(byApplication)) console.log(`  ${application}:`, counts);

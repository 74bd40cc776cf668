// Builds the real app on a real store for server tests, plus fixtures (organisations, users,
// teams, site settings) and sign-in tokens.
//
//   const t = await buildTestApp();                       // one per suite (beforeAll), t.close() in afterAll
//   const org = await t.createOrg({ name: 'Acme' });
//   const ann = await t.createUser({ orgId: org.id, orgRoles: [ORG_ROLES.Consumer] });
//   const team = await t.createTeam({ orgId: org.id, members: [{ userId: ann.id, roles: ['consumer'] }] });
//   const res = await t.request(ann, { url: `${API}/team` });      // { status, body (parsed JSON), headers }
//   const raw = await t.app.inject({ url, headers: await t.headersFor(ann) });   // or inject yourself
//   await t.setSettings({ public: false });                        // site settings, merged over defaults
//   buildTestApp({ demo: true })                            // start from the demo data (seedDemo)
//   buildTestApp({ seed: async (db) => { … } })             // start from your own rows
//
// Store: in-memory PGlite loaded from a migrated template made once per process (a fresh PGlite
// takes seconds; loading the template about one). With TEST_DATABASE_URL=postgres://… each suite
// gets its own database on that server instead (a copy of the run's migrated template database),
// dropped by close();
// createScratchDatabase() gives another empty one when a test needs it.
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, PACKAGE_VERSION } from '../../server/src/app.ts';
import { syncOwnApiProduct } from '../../server/src/openapi/product.ts';
import type { MailOptions } from '../../server/src/mail/mailer.ts';
import { openStore, type Db, type Store } from '../../server/src/db/store.ts';
import { openStoreCopy, templateFolder } from '../storeFolder.ts';
import { organisations, sessions, teamMembers, teams, users } from '../../server/src/db/schema.ts';
import { hashPassword } from '../../server/src/auth/password.ts';
import type { AuthOptions } from '../../server/src/plugins/auth.ts';
import type { Clock } from '../../server/src/clock.ts';
import type { HttpTimeouts } from '../../server/src/httpTimeouts.ts';
import { writeSiteSettings } from '../../server/src/db/siteConfig.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { dataPlaneTests, withDataPlane } from './dataplane.helper.ts';

export const API = '/api/v1';
export const DEFAULT_PASSWORD = 'correct horse battery';

export interface TestOrg { id: string; name: string }
export interface TestUser { id: string; orgId: string; email: string; name: string; password: string; orgRoles: string[] }
export interface TestTeam { id: string; orgId: string; name: string; tags: string[] }

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  store: Store;
  close(): Promise<void>;
  /** A consumer organisation (kind 'provider' for the marketplace owner). */
  createOrg(o?: { id?: string; name?: string; kind?: 'provider' | 'consumer'; entitlements?: string[] }): Promise<TestOrg>;
  /** A user who can sign in with `password` (default DEFAULT_PASSWORD). */
  createUser(o: { orgId: string; email?: string; name?: string; password?: string; orgRoles?: string[]; providerGuid?: string | null; state?: string }): Promise<TestUser>;
  /** A team, with members and their team roles. */
  createTeam(o: { orgId: string; id?: string; name?: string; tags?: string[]; type?: 'consumer' | 'provider'; members?: Array<{ userId: string; roles: string[] }> }): Promise<TestTeam>;
  addToTeam(teamId: string, userId: string, roles: string[]): Promise<void>;
  /** A valid access token for the user (a real session row, signed like sign-in does). */
  tokenFor(user: { id: string; orgId: string }): Promise<string>;
  /** Authorization and X-Tenant-Id headers for the user; pass to app.inject. */
  headersFor(user: { id: string; orgId: string }): Promise<Record<string, string>>;
  /** Store site settings (merged over what is stored); features replace the stored list when given. */
  setSettings(patch: Record<string, unknown>, features?: string[]): Promise<void>;
  /** app.inject as the user (or as a visitor when user is null), JSON body parsed. */
  request(user: { id: string; orgId: string } | null, options: InjectOptions): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
}

export interface BuildTestAppOptions {
  /** Start from the demo data (seedDemo), copied from a store seeded once per run (openDemoStore). */
  demo?: boolean;
  /** Fill the store before the app starts (your own rows; after the demo data when `demo`). */
  seed?: (db: Db) => Promise<void>;
  /** Override auth options (secret, TTLs, oidc). */
  auth?: Partial<AuthOptions>;
  /** Serve dist/ and demo/ as npm start does. */
  serveStatic?: boolean;
  /** Folder holding dist/ and demo/ when serveStatic (default: the project root). */
  staticRoot?: string;
  /** The server's clock (a ManualClock moves time in tests); default the system clock. */
  clock?: Clock;
  /** Run background jobs by themselves (default false here: tests call t.app.jobs.drain()). */
  runJobs?: boolean;
  /** Hosts outbound calls may reach though private (GATEWAY_ALLOW_HOSTS), e.g. ['127.0.0.1'] for a local upstream. */
  allowHosts?: string[];
  /** The portal's origins (PUBLIC_URL): the mock authorize page redirects only there. */
  publicOrigins?: string[];
  /** Limits for slow clients (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS); default 10 s and 30 s. */
  httpTimeouts?: HttpTimeouts;
  /** TRUST_PROXY (X-Forwarded-For / -Proto believed). */
  trustProxy?: boolean | number | string;
  /** CORS_ORIGINS: origins whose pages may call the API. */
  corsOrigins?: string[];
  /** METRICS_TOKEN: the bearer token of GET /metrics (server/src/ops). */
  metricsToken?: string;
  /** SMTP_URL, MAIL_FROM (server/src/mail); default none: messages stay in the outbox. */
  mail?: MailOptions;
  /** Publish "Agora Marketplace API" once ready on a demo store (server/src/openapi/product.ts). */
  ownApiProduct?: boolean;
  /** The data plane ahead of the app (buildApp's dataPlane; default true). */
  dataPlane?: boolean;
}

let template: Promise<string | undefined> | undefined;
/** The migrated template's data folder, made once per run by the suite's globalSetup
 * (scripts/store-template.ts); undefined when the file runs without it. */
function migratedTemplate(): Promise<string | undefined> {
  template ??= (async () => {
    const made = process.env.AGORA_STORE_TEMPLATE;
    return made ? templateFolder(made) : undefined;
  })();
  return template;
}

/** With TEST_DATABASE_URL: a new database on that server (empty, or a copy of `template`), and a
 * way to drop it. */
export async function createScratchDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('createScratchDatabase needs TEST_DATABASE_URL');
  const pg = (await import('pg')).default;
  const name = `agora_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try { await client.query(statement); } finally { await client.end(); }
  };
  await run(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function openTestStore(): Promise<{ store: Store; drop(): Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) {
    const folder = await migratedTemplate();
    const store = folder ? await openStoreCopy(folder) : await openStore();
    return { store, drop: async () => {} };
  }
  // A copy of the migrated template database globalSetup made for the run (a fraction of a
  // second) instead of migrating an empty one (a second or two per suite).
  const scratch = await createScratchDatabase(process.env.AGORA_PG_TEMPLATE);
  return { store: await openStore({ databaseUrl: scratch.url }), drop: scratch.drop };
}

// The demo data as a store seeded once per run and copied per file, as the migrated template is:
// seeding it (every demo product, GitHub's 13 MB description and the operation index) cost each of
// the 25 files that start from it 5-10 s of a core, on each database. Made by the first worker
// that needs it (the others wait), in the run's folder (PGlite: AGORA_TEST_STORES, deleted at the
// end) or next to the run's template database (PostgreSQL: dropped at the end, store-template.ts).
async function openDemoStore(): Promise<{ store: Store; drop(): Promise<void> }> {
  const database = await demoDatabase();
  if (database) {
    const scratch = await createScratchDatabase(database);
    return { store: await openStore({ databaseUrl: scratch.url }), drop: scratch.drop };
  }
  const folder = await demoFolder();
  if (folder) return { store: await openStoreCopy(folder), drop: async () => {} };
  // Outside the suite's globalSetup (no template): seeded here.
  const opened = await openTestStore();
  await seedDemo(opened.store.db);
  return opened;
}

/** On PostgreSQL: the name of the run's demo template database (made on first use). */
async function demoDatabase(): Promise<string | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = process.env.AGORA_PG_TEMPLATE;
  const name = process.env.AGORA_PG_DEMO_TEMPLATE;
  if (!adminUrl || !template || !name) return undefined;
  await makeDemoDatabaseOnce(adminUrl, template, name);
  return name;
}

/** On PGlite: the run's demo template data folder (made on first use). */
async function demoFolder(): Promise<string | undefined> {
  const runFolder = process.env.AGORA_TEST_STORES;
  const migrated = await migratedTemplate();
  if (process.env.TEST_DATABASE_URL || !runFolder || !migrated) return undefined;
  const folder = join(runFolder, 'demo-template');
  await makeFolderOnce(folder, async (draft) => {
    cpSync(migrated, draft, { recursive: true });
    const store = await openStore({ dataDir: draft });
    try { await seedDemo(store.db); } finally { await store.close(); }
  });
  return folder;
}

/** For a server process a test starts itself: the demo data at `dataDir` (PGlite, a copy of the
 * run's template; nothing without one, so the caller's seedDemo still seeds), or on PostgreSQL a new
 * database holding it (a copy of the run's template, else a copy of the migrated one). */
export async function demoDataDir(dataDir: string): Promise<void> {
  const folder = await demoFolder();
  if (folder) cpSync(folder, dataDir, { recursive: true });
}
export async function createDemoDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createScratchDatabase((await demoDatabase()) ?? process.env.AGORA_PG_TEMPLATE);
}

async function makeDemoDatabaseOnce(adminUrl: string, template: string, name: string): Promise<void> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // The workers of a run take turns here; the first makes it, the others find it made.
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database ${name} template ${template}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      // Seeded, then closed: a database with a session open on it cannot be copied.
      try {
        const store = await openStore({ databaseUrl: url.toString() });
        try { await seedDemo(store.db); } finally { await store.close(); }
      } catch (error) {
        await client.query(`drop database if exists ${name} with (force)`); // the next one tries again
        throw error;
      }
    }
  } finally {
    await client.end(); // ends the session, and with it the lock
  }
}

/** Makes `folder` with `make(draft)` unless it exists; the first caller of a run makes it (a lock
 * folder), the others wait for it. */
async function makeFolderOnce(folder: string, make: (draft: string) => Promise<void>): Promise<void> {
  const done = () => existsSync(join(folder, 'PG_VERSION'));
  const lock = `${folder}.lock`;
  while (!done()) {
    try {
      mkdirSync(lock);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100)); // another worker is making it
      continue;
    }
    const draft = `${folder}.${process.pid}`;
    try {
      if (!done()) {
        rmSync(draft, { recursive: true, force: true });
        await make(draft);
        renameSync(draft, folder);
      }
    } finally {
      rmSync(draft, { recursive: true, force: true });
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const { store, drop } = options.demo ? await openDemoStore() : await openTestStore();
  const db = store.db;
  if (options.seed) await options.seed(db);
  const app = await buildApp({
    store,
    auth: { secret: 'test-secret-of-at-least-32-characters!', ...options.auth },
    serveStatic: options.serveStatic ?? false,
    runJobs: options.runJobs ?? false,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.staticRoot ? { staticRoot: options.staticRoot } : {}),
    egress: { allowHosts: options.allowHosts ?? [] },
    publicOrigins: options.publicOrigins ?? [],
    corsOrigins: options.corsOrigins ?? [],
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    metricsToken: options.metricsToken,
    ...(options.httpTimeouts ? { httpTimeouts: options.httpTimeouts } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    ...(options.dataPlane === false ? { dataPlane: false } : {}),
  });
  await app.ready();
  if (options.ownApiProduct) await syncOwnApiProduct(app, db, PACKAGE_VERSION);
  // Gateway calls go through the server's request listener, the data plane (./dataplane.helper.ts).
  const closePlane = dataPlaneTests && options.dataPlane !== false ? await withDataPlane(app, API) : null;

  const t: TestApp = {
    app, db, store,
    async close() {
      await closePlane?.();
      await app.close();
      await store.close();
      await drop();
    },
    async createOrg(o = {}) {
      const id = o.id ?? `org-${randomUUID().slice(0, 8)}`;
      const name = o.name ?? `Org ${id}`;
      await db.insert(organisations).values({ id, name, kind: o.kind ?? 'consumer', entitlements: o.entitlements ?? [] });
      return { id, name };
    },
    async createUser(o) {
      const id = randomUUID();
      const email = o.email ?? `user-${id.slice(0, 8)}@agora.test`;
      const name = o.name ?? email.split('@')[0]!;
      const password = o.password ?? DEFAULT_PASSWORD;
      const orgRoles = o.orgRoles ?? [];
      await db.insert(users).values({
        id, orgId: o.orgId, email, name, passwordHash: hashPassword(password), orgRoles,
        providerGuid: o.providerGuid ?? null, state: o.state ?? 'active',
      });
      return { id, orgId: o.orgId, email, name, password, orgRoles };
    },
    async createTeam(o) {
      const id = o.id ?? `team-${randomUUID().slice(0, 8)}`;
      const name = o.name ?? `Team ${id}`;
      const tags = o.tags ?? [];
      await db.insert(teams).values({ id, orgId: o.orgId, name, tags, type: o.type ?? 'consumer' });
      for (const m of o.members ?? []) await t.addToTeam(id, m.userId, m.roles);
      return { id, orgId: o.orgId, name, tags };
    },
    async addToTeam(teamId, userId, roles) {
      await db.insert(teamMembers).values({ teamId, userId, roles });
    },
    async tokenFor(user) {
      const sessionId = randomUUID();
      await db.insert(sessions).values({
        id: sessionId, userId: user.id, refreshTokenHash: randomBytes(24).toString('base64url'),
        expiresAt: new Date(Date.now() + 3600_000),
      });
      return app.auth.keys.sign({ userId: user.id, orgId: user.orgId, sessionId });
    },
    async headersFor(user) {
      return { authorization: `Bearer ${await t.tokenFor(user)}`, 'x-tenant-id': user.orgId };
    },
    async setSettings(patch, features) {
      await writeSiteSettings(db, patch, features);
    },
    async request(user, inject) {
      const headers = { ...(user ? await t.headersFor(user) : {}), ...(inject.headers as Record<string, string> | undefined) };
      const res = await app.inject({ ...inject, headers });
      let body: unknown = res.body;
      if (String(res.headers['content-type'] ?? '').includes('json') && res.body) body = res.json();
      return { status: res.statusCode, body, headers: res.headers as Record<string, unknown> };
    },
  };
  return t;
}

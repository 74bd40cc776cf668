// Server configuration from the environment, read once in main.ts and handed down explicitly,
// so tests build the app with their own values instead of touching process.env.
import { relative, resolve } from 'node:path';
import type { AuthOptions } from './plugins/auth.ts';
import type { CredentialsOptions } from './credentials/runtime.ts';
import type { EgressOptions } from './gateway/egress.ts';
import { canonicalHost } from './gateway/host.ts';
import type { AiModelOptions } from './assistant/external.ts';
import { availableParallelism } from 'node:os';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './httpTimeouts.ts';
import type { MailOptions } from './mail/mailer.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder of the embedded store (and nothing else); ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  auth: AuthOptions;
  logger: boolean;
  /** TRUST_PROXY: whose X-Forwarded-For names the client (sign-in limits count per client address). */
  trustProxy: boolean | number | string;
  /** SECRETS_KEY, GATEWAY_MTLS_HEADER. */
  credentials: CredentialsOptions;
  /** GATEWAY_ALLOW_HOSTS. */
  egress: EgressOptions;
  /** PUBLIC_URL's origin, else the addresses the server prints at start. */
  publicOrigins: string[];
  /** AI_BASE_URL, AI_API_KEY, AI_MODEL: the assistant's external model; null (unset) keeps it offline. */
  ai: AiModelOptions | null;
  /** ASSISTANT_VECTORS (true | false, default true): the offline assistant ranks by meaning too (sentence
   * vectors made by the job runner, server/src/assistant/vectors.ts; the model adds ~120 MB). */
  assistantVectors: boolean;
  /** CORS_ORIGINS: origins whose pages may call the API (elements embedded there); '*' any. */
  corsOrigins: string[];
  /** TRANSACTIONS_RETENTION_DAYS (default 30): raw gateway transactions kept this long; the
   * insights' rollups are kept 13 months (server/src/analytics/rollups.ts). */
  transactionsRetentionDays: number;
  /** METRICS_TOKEN: bearer token of GET /metrics (unset: /metrics refuses every scrape). */
  metricsToken: string | undefined;
  /** SHUTDOWN_GRACE_MS: after SIGTERM, how long the server keeps serving (readiness 503) before it
   * stops accepting connections, so the load balancer stops sending first. */
  shutdownGraceMs: number;
  /** SHUTDOWN_TIMEOUT_MS: then, how long calls in flight may take before their connections are cut. */
  shutdownTimeoutMs: number;
  /** HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS: limits for slow clients (httpTimeouts.ts). */
  httpTimeouts: HttpTimeouts;
  /** SMTP_URL, MAIL_FROM: outbound e-mail (server/src/mail); no SMTP_URL, messages stay in the outbox. */
  mail: MailOptions;
  /** GATEWAY_WORKERS: processes of the gateway's data plane (server/src/dataplane; 0: none, the
   * plane runs in the server's process ahead of the portal's app; `auto`: one per core). */
  gatewayWorkers: number;
}

export class ConfigError extends Error {}

function httpTimeouts(env: NodeJS.ProcessEnv): HttpTimeouts {
  const headersMs = int(env, 'HTTP_HEADERS_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.headersMs, 100, 600_000);
  const requestMs = int(env, 'HTTP_REQUEST_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.requestMs, 100, 3_600_000);
  // Node refuses a headers limit longer than the whole request's.
  if (headersMs > requestMs) throw new ConfigError(`HTTP_HEADERS_TIMEOUT_MS (${headersMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${requestMs}).`);
  return { headersMs, requestMs };
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number between ${min} and ${max}, not "${raw}".`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, not "${env[name]}".`);
}

/** SECRETS_KEY: the AES-256-GCM key of credential secrets, 32 bytes as 64 hex digits or base64
 * (base64url too). Unset: one is generated once and kept in the store. */
export function secretsKey(env: NodeJS.ProcessEnv): Buffer | undefined {
  const raw = env.SECRETS_KEY?.trim();
  if (!raw) return undefined;
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(raw) ? Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64') : null;
  if (!key || key.length !== 32) {
    throw new ConfigError('SECRETS_KEY must be 32 bytes, written as 64 hex digits or in base64 (e.g. `openssl rand -base64 32`).');
  }
  return key;
}

/** GATEWAY_MTLS_HEADER: a header name (RFC 7230 token). */
function headerName(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(raw)) throw new ConfigError(`${name} must be a header name, not "${raw}".`);
  return raw.toLowerCase();
}

/** AI_BASE_URL (an OpenAI-compatible API root, e.g. https://api.openai.com/v1), AI_MODEL (required
 * with it), AI_API_KEY (optional bearer key). Unset AI_BASE_URL: the offline engine answers. */
function aiModel(env: NodeJS.ProcessEnv): AiModelOptions | null {
  const baseUrl = env.AI_BASE_URL?.trim();
  if (!baseUrl) return null;
  let url: URL | null = null;
  try { url = new URL(baseUrl); } catch { /* refused below */ }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ConfigError(`AI_BASE_URL must be an http(s) URL, not "${baseUrl}".`);
  const model = env.AI_MODEL?.trim();
  if (!model) throw new ConfigError('AI_MODEL must name the model when AI_BASE_URL is set.');
  return { baseUrl, model, apiKey: env.AI_API_KEY?.trim() || undefined };
}

/** GATEWAY_ALLOW_HOSTS: host names or IP addresses, separated by commas or spaces. */
function allowHosts(env: NodeJS.ProcessEnv): string[] {
  const entries = (env.GATEWAY_ALLOW_HOSTS ?? '').split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    if (/[/@?#]/.test(entry) || !canonicalHost(entry)) throw new ConfigError(`GATEWAY_ALLOW_HOSTS must list host names or IP addresses, not "${entry}".`);
  }
  return entries;
}

/** Where browsers reach the portal: PUBLIC_URL's origin; unset, http://HOST:PORT (and the
 * loopback names when HOST is a loopback or every-interface address). */
function publicOrigins(env: NodeJS.ProcessEnv, host: string, port: number): string[] {
  const raw = env.PUBLIC_URL?.trim();
  if (raw) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ConfigError(`PUBLIC_URL must be an http(s) URL, not "${raw}".`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`PUBLIC_URL must be an http(s) URL, not "${raw}".`);
    return [url.origin];
  }
  const local = ['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(host);
  const names = local ? ['localhost', '127.0.0.1', '[::1]'] : [host.includes(':') ? `[${host}]` : host];
  return names.map((name) => new URL(`http://${name}:${port}`).origin);
}

/** CORS_ORIGINS: origins (scheme://host[:port]) separated by commas or spaces, or '*'. */
function corsOrigins(env: NodeJS.ProcessEnv): string[] {
  const entries = (env.CORS_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean);
  return entries.map((entry) => {
    if (entry === '*') return entry;
    let url: URL | null = null;
    try {
      url = new URL(entry);
    } catch {
      // reported below
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== entry.replace(/\/$/, '')) {
      throw new ConfigError(`CORS_ORIGINS must list origins such as https://www.example.com (no path), or *, not "${entry}".`);
    }
    return url.origin;
  });
}

/** TRUST_PROXY: true/false, a number of proxy hops, or a comma-separated list of the proxies'
 * addresses or CIDR ranges (Fastify's trustProxy). */
function trustProxy(env: NodeJS.ProcessEnv): boolean | number | string {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (/^(true|false|yes|no|on|off|0|1)$/i.test(raw)) return flag(env, 'TRUST_PROXY', false);
  if (!/^[0-9A-Fa-f:.\/]+(\s*,\s*[0-9A-Fa-f:.\/]+)*$/.test(raw)) {
    throw new ConfigError(`TRUST_PROXY must be true, false, a number of proxies or their addresses (comma-separated), not "${raw}".`);
  }
  return raw;
}

/** METRICS_TOKEN: at least 16 characters of a bearer token (RFC 6750 token68 characters). */
function metricsToken(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.METRICS_TOKEN?.trim();
  if (!raw) return undefined;
  if (raw.length < 16 || !/^[A-Za-z0-9._~+/=-]+$/.test(raw)) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters of letters, digits and ._~+/=- (e.g. `openssl rand -hex 24`).');
  }
  return raw;
}

/** SMTP_URL (smtp:// or smtps://, credentials in the URL, e.g. smtps://user:pass@smtp.example.com:465)
 * and MAIL_FROM (an address, optionally with a name: `Acme APIs <apis@acme.com>`). */
function mail(env: NodeJS.ProcessEnv): MailOptions {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl) {
    let url: URL | null = null;
    try { url = new URL(smtpUrl); } catch { /* refused below */ }
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
      throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL (smtps://user:password@smtp.example.com:465), not the value given.');
    }
  }
  const from = env.MAIL_FROM?.trim() || undefined;
  if (from && !/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(from)) {
    throw new ConfigError(`MAIL_FROM must be an e-mail address, optionally with a name (Acme APIs <apis@acme.com>), not "${from}".`);
  }
  return { smtpUrl, from };
}

/** The store a configuration opens, as the commands tell their user (a data folder relative to
 * the working directory). */
export function storeDescription(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${relative(process.cwd(), config.dataDir) || '.'}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const issuer = env.OIDC_ISSUER?.trim() || undefined;
  const jwksUrl = env.OIDC_JWKS_URL?.trim() || undefined;
  if (Boolean(issuer) !== Boolean(jwksUrl)) {
    throw new ConfigError('OIDC_ISSUER and OIDC_JWKS_URL must be set together.');
  }
  const auth: AuthOptions = {
    secret: env.AUTH_SECRET || undefined,
    accessTokenTtlSeconds: int(env, 'AUTH_ACCESS_TTL', 15 * 60, 30, 24 * 3600),
    refreshTokenTtlSeconds: int(env, 'AUTH_REFRESH_TTL', 30 * 24 * 3600, 60),
    builtinSignIn: flag(env, 'AUTH_BUILTIN', true),
    ...(issuer && jwksUrl ? {
      oidc: {
        issuer,
        jwksUrl,
        audience: env.OIDC_AUDIENCE?.trim() || undefined,
        orgClaim: env.OIDC_ORG_CLAIM?.trim() || 'org_id',
        rolesClaim: env.OIDC_ROLES_CLAIM?.trim() || 'roles',
        defaultOrgId: env.OIDC_DEFAULT_ORG?.trim() || undefined,
      },
    } : {}),
  };
  const port = int(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST?.trim() || '127.0.0.1';
  return {
    port,
    host,
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    auth,
    logger: flag(env, 'LOG', false),
    trustProxy: trustProxy(env),
    credentials: { secretsKey: secretsKey(env), mtlsHeader: headerName(env, 'GATEWAY_MTLS_HEADER') },
    egress: { allowHosts: allowHosts(env) },
    publicOrigins: publicOrigins(env, host, port),
    ai: aiModel(env),
    assistantVectors: flag(env, 'ASSISTANT_VECTORS', true),
    corsOrigins: corsOrigins(env),
    transactionsRetentionDays: int(env, 'TRANSACTIONS_RETENTION_DAYS', 30, 1, 3650),
    metricsToken: metricsToken(env),
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 5000, 0, 600_000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 30_000, 0, 600_000),
    httpTimeouts: httpTimeouts(env),
    mail: mail(env),
    gatewayWorkers: env.GATEWAY_WORKERS?.trim() === 'auto' ? availableParallelism() : int(env, 'GATEWAY_WORKERS', 0, 0, 256),
  };
}

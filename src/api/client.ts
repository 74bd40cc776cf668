// The HTTP client every fetcher uses: base path, bearer token, X-Tenant-Id, Accept-Language,
// repeated-key list parameters, page -> offset paging, { items, totalCount } lists, typed errors,
// and one token refresh on a 401 (a failed refresh ends the session and asks for a new sign-in).
// On the API's own origin the refresh token is an HttpOnly cookie (cookie session): refreshes send
// X-Agora-Session: cookie and no token; elsewhere the refresh token is held in memory and sent.
// Plain fetch with a timeout (ky did no more for us, and cost 4 KB gzip on every page).
import { ApiError, isAbort } from './errors.ts';
import type { Tokens } from '../state/store.ts';

export type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | ReadonlyArray<QueryScalar | null | undefined>;
export type Query = Record<string, QueryValue>;

export interface Page<T> {
  items: T[];
  totalCount: number;
}

export interface ClientOptions {
  /** e.g. '/api/v1' or 'https://market.example.com/api/v1' */
  apiBase: string;
  tenant?: string | null;
  locale?: string | null;
  getTokens: () => Tokens | null;
  setTokens: (tokens: Tokens | null) => void;
  /** Called when a refresh failed: the session is gone. */
  onSessionLost: () => void;
  /** The page's session restore in progress, which signed-in requests wait for. */
  ready?: () => Promise<void> | null;
  /** Refresh token in the HttpOnly cookie; default: when apiBase is this page's origin. */
  cookieSession?: boolean;
  /** For tests and non-browser callers. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface RequestOptions {
  query?: Query;
  signal?: AbortSignal;
  /** Send no bearer token and never refresh (sign-in, refresh itself). */
  anonymous?: boolean;
  headers?: Record<string, string>;
}

export interface ListOptions extends RequestOptions {
  /** 1-based page; sent as offset = (page - 1) * limit. */
  page?: number;
  limit?: number;
}

export interface Api {
  /** Identifies base + tenant + locale, so cache entries of different configurations never mix. */
  readonly scope: string;
  readonly options: Readonly<ClientOptions>;
  /** Whether the session's refresh token is the HttpOnly cookie (same origin as the page). */
  readonly cookieSession: boolean;
  /** Headers of sign-in, register, refresh and sign-out: ask for the cookie when cookieSession. */
  readonly sessionHeaders: Record<string, string>;
  /** One refresh by the cookie, at page load: the tokens, or null for nobody signed in here. */
  restore(): Promise<Tokens | null>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  list<T>(path: string, options?: ListOptions): Promise<Page<T>>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T = void>(path: string, options?: RequestOptions): Promise<T>;
  text(path: string, options?: RequestOptions): Promise<string>;
  blob(path: string, options?: RequestOptions): Promise<Blob>;
  /** The raw answer (any status is thrown as ApiError), for streams. */
  response(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<Response>;
}

/** Repeated keys for lists (?status=a&status=b); null/undefined/'' values are left out. */
export function toSearchParams(query: Query | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values as ReadonlyArray<QueryScalar | null | undefined>) {
      if (v === null || v === undefined || v === '') continue;
      params.append(key, String(v));
    }
  }
  return params;
}

/** offset = (page - 1) * limit; pages below 1 count as 1. */
export function pageToOffset(page: number, limit: number): number {
  const p = Number.isFinite(page) && page >= 1 ? Math.trunc(page) : 1;
  return (p - 1) * Math.max(0, Math.trunc(limit));
}

/** Lists answer { items, totalCount }; a bare array is accepted so a fetcher never crashes on one. */
export function readList<T>(body: unknown): Page<T> {
  if (Array.isArray(body)) return { items: body as T[], totalCount: body.length };
  const b = (body ?? {}) as { items?: unknown; totalCount?: unknown };
  const items = Array.isArray(b.items) ? (b.items as T[]) : [];
  const totalCount = typeof b.totalCount === 'number' ? b.totalCount : items.length;
  return { items, totalCount };
}

function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return base.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '');
}

/** Asks the server for the refresh token in the cookie (server/src/auth/cookie.ts); a custom
 * header, which no cross-site form can send. */
export const COOKIE_SESSION_HEADERS: Readonly<Record<string, string>> = { 'X-Agora-Session': 'cookie' };

/** Whether apiBase is on this page's origin, where the session cookie is sent (a cookie of
 * another origin is a third-party cookie, which browsers block). */
export function isSameOrigin(apiBase: string): boolean {
  if (typeof location === 'undefined' || !/^https?:$/.test(location.protocol)) return false;
  try {
    return new URL(apiBase, location.href).origin === location.origin;
  } catch {
    return false;
  }
}

/** A controller that aborts too when `outer` does (with its reason); release() stops following it. */
function linkedAbort(outer: AbortSignal | undefined) {
  const controller = new AbortController();
  const forward = () => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  return { controller, release: () => outer?.removeEventListener('abort', forward) };
}

/** A visitor's request sent ahead (see send): its answer, or dropped (aborted, never read). */
function speculate(attempt: (tokens: null, signal: AbortSignal) => Promise<Response>, outer: AbortSignal | undefined) {
  const { controller, release } = linkedAbort(outer);
  const response = attempt(null, controller.signal);
  response.then(release, release); // dropped, or read later: no unhandled rejection meanwhile
  return { response, drop: () => controller.abort() };
}

/** Refresh ahead of time when the access token is about to expire, instead of collecting a 401. */
const EXPIRY_MARGIN_MS = 10_000;

// One refresh at a time for the whole page: every element shares the same tokens.
const inflight = new Map<string, Promise<Tokens | null>>();

type Send = (url: string, init: RequestInit & { signal?: AbortSignal | undefined }) => Promise<Response>;

/** fetch that gives up after `timeoutMs` (a TimeoutError, reported as a network error) or when the
 * caller's signal aborts (an AbortError, as fetch gives it). */
function timedFetch(fetchImpl: typeof fetch | undefined, timeoutMs: number): Send {
  return async (url, { signal, ...init }) => {
    const { controller, release } = linkedAbort(signal);
    const timer = setTimeout(() => controller.abort(new DOMException(`Request timed out: ${init.method ?? 'GET'} ${url}`, 'TimeoutError')), timeoutMs);
    try {
      return await (fetchImpl ?? fetch)(url, { ...init, signal: controller.signal });
    } finally {
      clearTimeout(timer);
      release();
    }
  };
}

export function createClient(options: ClientOptions): Api {
  const http = timedFetch(options.fetch, options.timeoutMs ?? 60_000);
  const scope = `${options.apiBase}|${options.tenant ?? ''}|${options.locale ?? ''}`;
  const cookieSession = options.cookieSession ?? isSameOrigin(options.apiBase);
  const sessionHeaders: Record<string, string> = cookieSession ? { ...COOKIE_SESSION_HEADERS } : {};

  function headersFor(tokens: Tokens | null, extra: Record<string, string> | undefined, json: boolean): Headers {
    const headers = new Headers(extra);
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    if (json) headers.set('Content-Type', 'application/json');
    if (options.locale) headers.set('Accept-Language', options.locale);
    if (options.tenant) headers.set('X-Tenant-Id', options.tenant);
    if (tokens) headers.set('Authorization', `Bearer ${tokens.accessToken}`);
    return headers;
  }

  /** POST /auth/refresh with the token held, or by the cookie; null when refused (4xx). */
  async function refreshed(refreshToken: string | null): Promise<Tokens | null> {
    const byCookie = refreshToken === null;
    const res = await http(joinUrl(options.apiBase, '/auth/refresh'), {
      method: 'POST',
      body: JSON.stringify(byCookie ? {} : { refreshToken }),
      headers: headersFor(null, byCookie ? COOKIE_SESSION_HEADERS : undefined, true),
    });
    if (!res.ok) {
      if (res.status >= 400 && res.status < 500) return null;
      throw await ApiError.fromResponse(res);
    }
    const body = (await res.json()) as { accessToken: string; refreshToken?: string; expiresIn: number };
    return { accessToken: body.accessToken, refreshToken: body.refreshToken ?? null, expiresAt: Date.now() + body.expiresIn * 1000 };
  }

  async function refresh(current: Tokens): Promise<Tokens | null> {
    // Without a refresh token and away from the cookie (a host page's token), nothing to refresh with.
    if (current.refreshToken === null && !cookieSession) {
      if (options.getTokens()?.accessToken === current.accessToken) options.onSessionLost();
      return null;
    }
    const key = current.refreshToken ?? `cookie|${current.accessToken}`;
    let promise = inflight.get(key);
    if (!promise) {
      promise = (async () => {
        const next = await refreshed(current.refreshToken);
        // The session is over; another element may already have replaced the tokens: only clear ours.
        if (!next) {
          if (options.getTokens()?.accessToken === current.accessToken) options.onSessionLost();
          return null;
        }
        options.setTokens(next);
        return next;
      })().finally(() => inflight.delete(key));
      inflight.set(key, promise);
    }
    return promise;
  }

  async function send(method: string, path: string, body: unknown, opts: RequestOptions = {}): Promise<Response> {
    const query = toSearchParams(opts.query).toString();
    const url = joinUrl(options.apiBase, path) + (query ? `?${query}` : '');
    const isJson = body !== undefined && !(body instanceof FormData) && !(body instanceof Blob);
    const attempt = (tokens: Tokens | null, signal = opts.signal) =>
      http(url, {
        method,
        headers: headersFor(tokens, opts.headers, isJson),
        ...(body === undefined ? {} : isJson ? { body: JSON.stringify(body) } : { body: body as BodyInit }),
        signal,
      });
    try {
      const restoring = opts.anonymous ? null : options.ready?.();
      // A read asked for while the page's session restore is still out goes at once, as a visitor's:
      // most visitors have no session, and would wait a round trip for a refresh that says so. If the
      // restore brings a session back, that early answer is dropped and the read sent signed in.
      const early = restoring && method === 'GET' && !options.getTokens() ? speculate(attempt, opts.signal) : null;
      if (restoring) await restoring;
      let tokens = opts.anonymous ? null : options.getTokens();
      if (tokens && tokens.expiresAt && tokens.expiresAt - EXPIRY_MARGIN_MS < Date.now()) {
        tokens = await refresh(tokens);
      }
      if (early && tokens) early.drop();
      let res = await (early && !tokens ? early.response : attempt(tokens));
      if (res.status === 401 && tokens) {
        // One refresh, then one retry with the new token.
        const next = await refresh(tokens);
        if (next) res = await attempt(next);
      }
      if (!res.ok) throw await ApiError.fromResponse(res);
      return res;
    } catch (error) {
      if (error instanceof ApiError || isAbort(error)) throw error;
      if (error instanceof Error && error.name === 'AbortError') throw error;
      throw ApiError.network(error);
    }
  }

  async function json<T>(res: Response): Promise<T> {
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return {
    scope,
    options,
    cookieSession,
    sessionHeaders,
    restore: async () => {
      if (!cookieSession) return null;
      const tokens = await refreshed(null);
      if (tokens) options.setTokens(tokens);
      return tokens;
    },
    get: async (path, opts) => json(await send('GET', path, undefined, opts)),
    list: async <T>(path: string, opts: ListOptions = {}) => {
      const { page, limit, query, ...rest } = opts;
      const paging: Query = {};
      if (limit !== undefined) paging.limit = limit;
      if (page !== undefined && limit !== undefined) paging.offset = pageToOffset(page, limit);
      const body = await json<unknown>(await send('GET', path, undefined, { ...rest, query: { ...query, ...paging } }));
      return readList<T>(body);
    },
    post: async (path, body, opts) => json(await send('POST', path, body, opts)),
    put: async (path, body, opts) => json(await send('PUT', path, body, opts)),
    patch: async (path, body, opts) => json(await send('PATCH', path, body, opts)),
    delete: async (path, opts) => json(await send('DELETE', path, undefined, opts)),
    text: async (path, opts) => (await send('GET', path, undefined, { ...opts, headers: { Accept: '*/*', ...opts?.headers } })).text(),
    blob: async (path, opts) => (await send('GET', path, undefined, { ...opts, headers: { Accept: '*/*', ...opts?.headers } })).blob(),
    response: (method, path, body, opts) => send(method, path, body, opts),
  };
}

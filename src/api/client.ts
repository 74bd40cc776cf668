// The HTTP client every fetcher uses: base path, bearer token, X-Tenant-Id, Accept-Language,
// repeated-key list parameters, page -> offset paging, { items, totalCount } lists, typed errors,
// and one token refresh on a 401 (a failed refresh ends the session and asks for a new sign-in).
// On the API's own origin the refresh token is an HttpOnly cookie (cookie session): refreshes send
// X-Agora-Session: cookie and no token; elsewhere the refresh token is held in memory and sent.
// ky (the design card's client) does the time-out, the retries with back-off of idempotent reads
// and writes, and carries the token (refreshed ahead of expiry) in its beforeRequest hook; the one
// refresh on a 401 is done around the ky call (see attempt in send); its errors become ApiError.
import ky, { HTTPError, type KyInstance, type Options } from 'ky';
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
  let settled = false;
  const done = () => { settled = true; release(); };
  response.then(done, done); // dropped, or read later: no unhandled rejection meanwhile
  // An answer already in is left alone: there is nothing left to save by aborting it.
  return { response, drop: () => { if (!settled) controller.abort(); } };
}

/** Refresh ahead of time when the access token is about to expire, instead of collecting a 401. */
const EXPIRY_MARGIN_MS = 10_000;

/** Idempotent requests are asked again, after 0.3 s then 0.6 s, on no answer or on an answer that
 * says "not now" (a proxy, or an instance stopping behind a load balancer). A 500 is a fault and a
 * 429 a throttle whose wait the reader is told: neither is asked again. */
const RETRY = { limit: 2, methods: ['get', 'put', 'head', 'delete', 'options'], statusCodes: [408, 502, 503, 504] };

// One refresh at a time for the whole page: every element shares the same tokens.
const inflight = new Map<string, Promise<Tokens | null>>();

/** What one call hands its beforeRequest hook (as context.sent: ky copies the context, not what it
 * holds): the tokens it goes with (null: as a visitor), replaced there when refreshed ahead of
 * expiry, so that a 401 refreshes the token actually sent. */
interface Sent { tokens: Tokens | null }

/** Every failure as the ApiError screens read (status 0: no answer, a time-out included); an
 * abort stays an abort. */
async function toApiError(error: unknown): Promise<unknown> {
  if (error instanceof HTTPError) return ApiError.fromResponse(error.response);
  if (error instanceof ApiError || isAbort(error) || (error instanceof Error && error.name === 'AbortError')) return error;
  return ApiError.network(error);
}

export function createClient(options: ClientOptions): Api {
  const scope = `${options.apiBase}|${options.tenant ?? ''}|${options.locale ?? ''}`;
  const cookieSession = options.cookieSession ?? isSameOrigin(options.apiBase);
  const sessionHeaders: Record<string, string> = cookieSession ? { ...COOKIE_SESSION_HEADERS } : {};

  const http: KyInstance = ky.create({
    timeout: options.timeoutMs ?? 60_000,
    retry: RETRY,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    headers: {
      Accept: 'application/json',
      ...(options.locale ? { 'Accept-Language': options.locale } : {}),
      ...(options.tenant ? { 'X-Tenant-Id': options.tenant } : {}),
    },
    hooks: {
      beforeRequest: [
        async (request, { context }) => {
          const sent = (context as { sent?: Sent }).sent;
          if (!sent) return;
          if (sent.tokens?.expiresAt && sent.tokens.expiresAt - EXPIRY_MARGIN_MS < Date.now()) sent.tokens = await refresh(sent.tokens);
          if (sent.tokens) request.headers.set('Authorization', `Bearer ${sent.tokens.accessToken}`);
        },
      ],
    },
  });

  /** POST /auth/refresh with the token held, or by the cookie; null when refused (4xx). */
  async function refreshed(refreshToken: string | null): Promise<Tokens | null> {
    const byCookie = refreshToken === null;
    const res = await http.post(joinUrl(options.apiBase, '/auth/refresh'), {
      json: byCookie ? {} : { refreshToken },
      ...(byCookie ? { headers: COOKIE_SESSION_HEADERS } : {}),
      throwHttpErrors: false,
      retry: 0,
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
    const isJson = body !== undefined && !(body instanceof FormData) && !(body instanceof Blob);
    const request: Options = {
      method,
      searchParams: toSearchParams(opts.query),
      ...(opts.headers ? { headers: opts.headers } : {}),
      ...(body === undefined ? {} : isJson ? { json: body } : { body: body as BodyInit }),
    };
    const call = (sent: Sent, signal: AbortSignal | undefined) =>
      http(joinUrl(options.apiBase, path), { ...request, ...(signal ? { signal } : {}), context: { sent } });
    // One refresh on a 401, then the call once more with the new token (a 401 again is the answer).
    // Around the ky call rather than in an afterResponse hook: ky hands such a hook a clone of every
    // response and cancels it, and in happy-dom (the unit tests' DOM) that tee closes the stream the
    // original is read from ("Controller is already closed").
    const attempt = async (tokens: Tokens | null, signal = opts.signal): Promise<Response> => {
      const sent: Sent = { tokens };
      try {
        return await call(sent, signal);
      } catch (error) {
        if (!(error instanceof HTTPError) || error.response.status !== 401 || !sent.tokens) throw error;
        const next = await refresh(sent.tokens);
        if (!next) throw error;
        void error.response.arrayBuffer().catch(() => undefined); // read, so its connection is free
        return call({ tokens: next }, signal);
      }
    };
    try {
      const restoring = opts.anonymous ? null : options.ready?.();
      // A read asked for while the page's session restore is still out goes at once, as a visitor's:
      // most visitors have no session, and would wait a round trip for a refresh that says so. If the
      // restore brings a session back, that early answer is dropped and the read sent signed in.
      const early = restoring && method === 'GET' && !options.getTokens() ? speculate(attempt, opts.signal) : null;
      if (restoring) await restoring;
      const tokens = opts.anonymous ? null : options.getTokens();
      if (early && tokens) early.drop();
      return await (early && !tokens ? early.response : attempt(tokens));
    } catch (error) {
      throw await toApiError(error);
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
      const tokens = await refreshed(null).catch(async (error: unknown) => { throw await toApiError(error); });
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

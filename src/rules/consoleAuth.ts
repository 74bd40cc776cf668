// The API console's Authorize panel (spec 2 "API console", §4, §5): which authorization types a
// specification offers, which grant types and URLs each takes, which of the user's credentials
// may be chosen, when the panel may be applied, and how the chosen credentials travel with a
// try-it call through the gateway (server/src/gateway/README.md: the API's own credentials go as
// X-Agora-Upstream-<Name>, the user's application and credential as X-Agora-Application/-Credential).
import { GATEWAY_APPLICATION_HEADER, GATEWAY_CREDENTIAL_HEADER, GATEWAY_UPSTREAM_HEADER_PREFIX } from './constants.ts';
import { usableInConsole, type CredentialFacts } from './credentials.ts';
import type { SampleCredential } from './codeSamples.ts';

/** Grant types named by OpenAPI 3 flows, OpenAPI 2 flows and RFC 6749. */
export type GrantType =
  | 'implicit' | 'authorizationCode' | 'authorization_code' | 'accessCode'
  | 'clientCredentials' | 'application' | 'password';

/** Spec 2 §5: the authorization URL is offered for these grant types… */
export const AUTHORIZATION_URL_GRANTS: readonly GrantType[] = ['implicit', 'authorizationCode', 'authorization_code', 'accessCode'];
/** …and the token URL for these. */
export const TOKEN_URL_GRANTS: readonly GrantType[] = ['clientCredentials', 'authorizationCode', 'authorization_code', 'accessCode', 'application'];

export const offersAuthorizationUrl = (grant: string | null | undefined) => AUTHORIZATION_URL_GRANTS.includes(grant as GrantType);
/** The password grant also posts to a token URL, though spec 2 lists only the others for the field. */
export const offersTokenUrl = (grant: string | null | undefined) => TOKEN_URL_GRANTS.includes(grant as GrantType);
const needsTokenEndpoint = (grant: string | null | undefined) => offersTokenUrl(grant) || grant === 'password';

/** The token request's grant_type (RFC 6749) for a console grant type; null for implicit (no token call). */
export function tokenGrantOf(grant: string | null | undefined): 'client_credentials' | 'authorization_code' | 'password' | null {
  if (grant === 'clientCredentials' || grant === 'application') return 'client_credentials';
  if (grant === 'authorizationCode' || grant === 'authorization_code' || grant === 'accessCode') return 'authorization_code';
  if (grant === 'password') return 'password';
  return null;
}

export type AuthKind = 'none' | 'apiKey' | 'basic' | 'bearer' | 'oauth2';

/** One choice of the "authorization type" select. */
export interface AuthOption {
  /** The scheme's name in the specification, or the kind itself for a generic choice. */
  id: string;
  kind: AuthKind;
  /** apiKey: where the key goes and under which name. */
  in?: 'header' | 'query' | 'cookie';
  name?: string;
  /** oauth2: the grant types the scheme declares, with their URLs and scopes. */
  flows?: OAuthFlow[];
  description?: string;
  /** Declared by the specification (false: a generic choice offered because none is declared). */
  declared: boolean;
}

export interface OAuthFlow {
  grant: GrantType;
  authorizationUrl?: string;
  tokenUrl?: string;
  scopes: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

const OAS3_FLOWS: GrantType[] = ['implicit', 'authorizationCode', 'clientCredentials', 'password'];

function flowsOf(scheme: Record<string, unknown>): OAuthFlow[] {
  const scopes = (s: unknown) => (isObject(s) ? Object.keys(s) : []);
  if (isObject(scheme.flows)) {
    const flows = scheme.flows;
    return OAS3_FLOWS.filter((g) => isObject(flows[g])).map((grant) => {
      const f = flows[grant] as Record<string, unknown>;
      return { grant, authorizationUrl: str(f.authorizationUrl), tokenUrl: str(f.tokenUrl), scopes: scopes(f.scopes) };
    });
  }
  // OpenAPI 2: one flow per scheme.
  const flow = str(scheme.flow);
  if (flow === 'implicit' || flow === 'password' || flow === 'application' || flow === 'accessCode') {
    return [{ grant: flow, authorizationUrl: str(scheme.authorizationUrl), tokenUrl: str(scheme.tokenUrl), scopes: scopes(scheme.scopes) }];
  }
  return [];
}

/** Every grant type a console may use when the specification declares none for OAuth 2. */
export const GENERIC_FLOWS: OAuthFlow[] = [
  { grant: 'clientCredentials', scopes: [] },
  { grant: 'authorizationCode', scopes: [] },
  { grant: 'implicit', scopes: [] },
  { grant: 'password', scopes: [] },
];

/** The generic choices offered when the specification declares no security scheme. */
export const GENERIC_OPTIONS: AuthOption[] = [
  { id: 'apiKey', kind: 'apiKey', in: 'header', name: 'X-API-Key', declared: false },
  { id: 'bearer', kind: 'bearer', declared: false },
  { id: 'basic', kind: 'basic', declared: false },
  { id: 'oauth2', kind: 'oauth2', flows: GENERIC_FLOWS, declared: false },
];

/** The authorization types of a specification (OpenAPI 2 securityDefinitions or OpenAPI 3
 * components.securitySchemes, as the explorer index gives them), 'none' first. */
export function authOptions(securitySchemes: Record<string, unknown> | null | undefined): AuthOption[] {
  const out: AuthOption[] = [{ id: 'none', kind: 'none', declared: false }];
  for (const [id, raw] of Object.entries(securitySchemes ?? {})) {
    if (!isObject(raw)) continue;
    const type = str(raw.type);
    const description = str(raw.description);
    const base = { id, declared: true, ...(description ? { description } : {}) };
    if (type === 'apiKey') {
      const where = str(raw.in);
      out.push({ ...base, kind: 'apiKey', in: where === 'query' || where === 'cookie' ? where : 'header', name: str(raw.name) ?? 'X-API-Key' });
    } else if (type === 'basic' || (type === 'http' && str(raw.scheme)?.toLowerCase() === 'basic')) {
      out.push({ ...base, kind: 'basic' });
    } else if (type === 'http') {
      out.push({ ...base, kind: 'bearer' });
    } else if (type === 'oauth2') {
      const flows = flowsOf(raw);
      out.push({ ...base, kind: 'oauth2', flows: flows.length ? flows : GENERIC_FLOWS });
    } else if (type === 'openIdConnect') {
      out.push({ ...base, kind: 'oauth2', flows: GENERIC_FLOWS });
    }
  }
  return out.length > 1 ? out : [...out, ...GENERIC_OPTIONS];
}

// ------------------------------------------------------------------------ credentials origin

export type CredentialsOrigin = 'external' | 'internal';

/** What the console needs of one of the user's credentials. */
export interface ConsoleCredential {
  id: string;
  title?: string;
  /** The credential's own state (a suspended one is inactive); absent counts as active. */
  state?: string | null;
  provisioning?: { state?: string | null; status?: string | null } | null;
}

/** Spec 2 §4: in the API console a credential is selectable only when its provisioning state is
 * active and its status is success. */
export function isCredentialSelectable(credential: ConsoleCredential): boolean {
  return usableInConsole({
    provisioningState: (credential.provisioning?.state ?? null) as CredentialFacts['provisioningState'],
    provisioningStatus: (credential.provisioning?.status ?? null) as CredentialFacts['provisioningStatus'],
    state: (credential.state ?? 'active') as CredentialFacts['state'],
  });
}

// ------------------------------------------------------------------------ the panel's state

export interface ConsoleAuth {
  /** An AuthOption id. */
  optionId: string;
  origin: CredentialsOrigin;
  // internal
  applicationId?: string;
  credentialId?: string;
  // external
  apiKey?: string;
  /** Overrides the option's key name (generic API key). */
  apiKeyName?: string;
  apiKeyIn?: 'header' | 'query' | 'cookie';
  token?: string;
  username?: string;
  password?: string;
  grant?: GrantType;
  clientId?: string;
  clientSecret?: string;
  scopes?: string[];
  /** Optional overrides of the declared URLs. */
  authorizationUrl?: string;
  tokenUrl?: string;
  /** Obtained through an OAuth 2 flow. */
  accessToken?: string;
}

/** An http(s) URL, or a path on this server (token and authorize URLs of the built-in mock). */
export function isUsableUrl(value: string | null | undefined): boolean {
  const v = (value ?? '').trim();
  if (!v) return false;
  if (v.startsWith('/') && !v.startsWith('//')) return true;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

const filled = (v: string | undefined | null) => !!v && v.trim() !== '';

/** The effective URLs of an OAuth flow: an override when typed, else the declared one. */
export function flowUrls(option: AuthOption | undefined, auth: Pick<ConsoleAuth, 'grant' | 'authorizationUrl' | 'tokenUrl'>): { authorizationUrl?: string; tokenUrl?: string } {
  const flow = option?.flows?.find((f) => f.grant === auth.grant);
  const authorizationUrl = filled(auth.authorizationUrl) ? auth.authorizationUrl!.trim() : flow?.authorizationUrl;
  const tokenUrl = filled(auth.tokenUrl) ? auth.tokenUrl!.trim() : flow?.tokenUrl;
  return { ...(authorizationUrl ? { authorizationUrl } : {}), ...(tokenUrl ? { tokenUrl } : {}) };
}

/** Why the panel cannot be applied yet (a message key suffix), or null when it can. */
export type AuthProblem =
  | 'application' | 'credential' | 'apiKey' | 'token' | 'username' | 'grant' | 'clientId' | 'clientSecret'
  | 'authorizationUrl' | 'tokenUrl' | 'password';

export function authProblem(option: AuthOption | undefined, auth: ConsoleAuth): AuthProblem | null {
  if (!option || option.kind === 'none') return null;
  // Spec 2 §5: the internal origin requires an application and a credential.
  if (auth.origin === 'internal') {
    if (!filled(auth.applicationId)) return 'application';
    if (!filled(auth.credentialId)) return 'credential';
    return null;
  }
  switch (option.kind) {
    case 'apiKey': return filled(auth.apiKey) ? null : 'apiKey';
    case 'bearer': return filled(auth.token) ? null : 'token';
    case 'basic': return filled(auth.username) ? null : 'username';
    case 'oauth2': {
      if (filled(auth.accessToken)) return null;
      if (!auth.grant || !option.flows?.some((f) => f.grant === auth.grant)) return 'grant';
      if (!filled(auth.clientId)) return 'clientId';
      const urls = flowUrls(option, auth);
      if (offersAuthorizationUrl(auth.grant) && !isUsableUrl(urls.authorizationUrl)) return 'authorizationUrl';
      if (needsTokenEndpoint(auth.grant) && !isUsableUrl(urls.tokenUrl)) return 'tokenUrl';
      if (tokenGrantOf(auth.grant) === 'client_credentials' && !filled(auth.clientSecret)) return 'clientSecret';
      if (auth.grant === 'password' && (!filled(auth.username) || !filled(auth.password))) return auth.username ? 'password' : 'username';
      return null;
    }
    default: return null;
  }
}

/** A token is still to be obtained (the apply button runs the flow first). */
export function needsToken(option: AuthOption | undefined, auth: ConsoleAuth): boolean {
  return option?.kind === 'oauth2' && auth.origin === 'external' && !filled(auth.accessToken);
}

function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

const upstream = (name: string) => `${GATEWAY_UPSTREAM_HEADER_PREFIX}${name.toLowerCase()}`;

export interface AppliedAuth {
  /** Headers to add to the gateway call. */
  headers: Record<string, string>;
  /** Query parameters to add (API keys in the query). */
  query: Record<string, string>;
}

/**
 * How the authorized credentials travel with a try-it call. The API's own credentials always go
 * through the upstream prefix, so they never collide with the portal's Authorization or Cookie.
 */
export function appliedAuth(option: AuthOption | undefined, auth: ConsoleAuth | null): AppliedAuth {
  const out: AppliedAuth = { headers: {}, query: {} };
  if (!auth || !option || option.kind === 'none') return out;
  if (auth.origin === 'internal') {
    if (filled(auth.applicationId)) out.headers[GATEWAY_APPLICATION_HEADER] = auth.applicationId!.trim();
    if (filled(auth.credentialId)) out.headers[GATEWAY_CREDENTIAL_HEADER] = auth.credentialId!.trim();
    return out;
  }
  switch (option.kind) {
    case 'apiKey': {
      if (!filled(auth.apiKey)) break;
      const name = (filled(auth.apiKeyName) ? auth.apiKeyName! : option.name ?? 'X-API-Key').trim();
      const where = auth.apiKeyIn ?? option.in ?? 'header';
      if (where === 'query') out.query[name] = auth.apiKey!;
      else if (where === 'cookie') out.headers[upstream('cookie')] = `${name}=${encodeURIComponent(auth.apiKey!)}`;
      else out.headers[upstream(name)] = auth.apiKey!;
      break;
    }
    case 'basic':
      if (filled(auth.username)) out.headers[upstream('authorization')] = `Basic ${base64Utf8(`${auth.username}:${auth.password ?? ''}`)}`;
      break;
    case 'bearer':
      if (filled(auth.token)) out.headers[upstream('authorization')] = `Bearer ${auth.token!.trim().replace(/^Bearer\s+/i, '')}`;
      break;
    case 'oauth2':
      if (filled(auth.accessToken)) out.headers[upstream('authorization')] = `Bearer ${auth.accessToken!.trim()}`;
      break;
  }
  return out;
}

// ------------------------------------------------------------------------ servers

export interface ServerChoice {
  url: string;
  description: string;
}

/** The servers a call may go to: the resource's endpoints (what the gateway accepts in
 * X-Agora-Endpoint), without duplicates or empty URLs, in their order. */
export function serverChoices(endpoints: unknown): ServerChoice[] {
  if (!Array.isArray(endpoints)) return [];
  const seen = new Set<string>();
  const out: ServerChoice[] = [];
  for (const e of endpoints) {
    const url = typeof e === 'string' ? e : isObject(e) ? str(e.url) : undefined;
    if (!url || seen.has(url.replace(/\/+$/, ''))) continue;
    seen.add(url.replace(/\/+$/, ''));
    out.push({ url, description: isObject(e) ? str(e.description) ?? '' : '' });
  }
  return out;
}

// ------------------------------------------------------------------------ code samples

/**
 * The credential a code sample names (src/rules/codeSamples.ts): the kind and name of what the
 * console applied, never its value. Without one, or with one of the user's own credentials
 * (internal), the sample calls the gateway as an application does: `X-API-Key` unless the chosen
 * credential is of another type (HTTPBasic, OAuth).
 */
export function sampleCredentialOf(option: AuthOption | undefined, auth: ConsoleAuth | null, internalType?: string | null): SampleCredential {
  const gatewayKey: SampleCredential = { kind: 'apiKey', in: 'header', name: 'X-API-Key' };
  if (!auth || !option || option.kind === 'none' || auth.origin === 'internal') {
    if (internalType === 'HTTPBasic') return { kind: 'basic' };
    if (internalType === 'OAuth') return { kind: 'bearer' };
    return gatewayKey;
  }
  switch (option.kind) {
    case 'apiKey':
      return { kind: 'apiKey', in: auth.apiKeyIn ?? option.in ?? 'header', name: (filled(auth.apiKeyName) ? auth.apiKeyName! : option.name ?? 'X-API-Key').trim() };
    case 'basic': return { kind: 'basic' };
    default: return { kind: 'bearer' };
  }
}

// The API console of one resource: the authorization applied to try-it calls (Authorize panel),
// the server calls go to, and the permission to try at all. Every viewer of the resource (our
// operation list, Swagger UI, GraphiQL) reads it from here. The applied authorization lives for
// the page (module memory, never storage: it may hold secrets).
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { AssetResource, TryIt } from '../../../api/explorer.ts';
import { useApi } from '../../../api/context.ts';
import { authOptions, serverChoices, type AuthOption, type ConsoleAuth, type ServerChoice } from '../../../rules/consoleAuth.ts';
import { callGateway, interceptForGateway, type GatewayAnswer, type GatewayRequest, type InterceptedRequest } from './gateway.ts';

export interface ConsoleValue {
  productId: string;
  versionId: string;
  resourceId: string;
  resource: AssetResource;
  tryIt: TryIt;
  options: AuthOption[];
  auth: ConsoleAuth | null;
  option: AuthOption | undefined;
  setAuth: (auth: ConsoleAuth | null) => void;
  servers: ServerChoice[];
  /** The chosen endpoint, or null for the resource's default upstream. */
  server: string | null;
  setServer: (url: string | null) => void;
  authorizeOpen: boolean;
  setAuthorizeOpen: (open: boolean) => void;
  call: (request: GatewayRequest) => Promise<GatewayAnswer>;
  /** Swagger UI's requestInterceptor. */
  intercept: (request: InterceptedRequest) => Promise<InterceptedRequest>;
}

const ConsoleContext = createContext<ConsoleValue | null>(null);

export function useConsole(): ConsoleValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('useConsole: render inside ConsoleProvider');
  return value;
}

interface Remembered { auth: ConsoleAuth | null; server: string | null }
const remembered = new Map<string, Remembered>();

export interface ConsoleProviderProps {
  productId: string;
  versionId: string;
  resource: AssetResource;
  tryIt: TryIt;
  securitySchemes: Record<string, unknown> | null | undefined;
  /** Servers of the document (OpenAPI 2 host/basePath or OpenAPI 3 servers), for Swagger UI's URLs. */
  documentServers?: string[];
  children: ReactNode;
}

export function ConsoleProvider({ productId, versionId, resource, tryIt, securitySchemes, documentServers, children }: ConsoleProviderProps) {
  const api = useApi();
  const key = `${api.scope}|${resource.id}`;
  const [state, setState] = useState<Remembered>(() => remembered.get(key) ?? { auth: null, server: null });
  const [authorizeOpen, setAuthorizeOpen] = useState(false);
  const update = useCallback((patch: Partial<Remembered>) => {
    setState((s) => {
      const next = { ...s, ...patch };
      remembered.set(key, next);
      return next;
    });
  }, [key]);

  const options = useMemo(() => authOptions(securitySchemes as Record<string, unknown> | undefined), [securitySchemes]);
  const servers = useMemo(() => serverChoices(resource.endpoints), [resource.endpoints]);
  const option = options.find((o) => o.id === state.auth?.optionId);
  const settings = useMemo(() => ({ option, auth: state.auth, server: state.server }), [option, state.auth, state.server]);
  const known = useMemo(() => [...servers.map((s) => s.url), ...(documentServers ?? [])], [servers, documentServers]);

  const value = useMemo<ConsoleValue>(() => ({
    productId, versionId, resourceId: resource.id, resource, tryIt, options,
    auth: state.auth, option, setAuth: (auth) => update({ auth }),
    servers, server: state.server, setServer: (server) => update({ server }),
    authorizeOpen, setAuthorizeOpen,
    call: (request) => callGateway(api, tryIt, settings, request),
    intercept: (request) => interceptForGateway(api, tryIt, settings, known, request),
  }), [productId, versionId, resource, tryIt, options, state, option, update, servers, authorizeOpen, api, settings, known]);

  return <ConsoleContext.Provider value={value}>{children}</ConsoleContext.Provider>;
}

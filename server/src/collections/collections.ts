// Collections of a resource for the developer's own tools (issue 30): a Postman collection v2.1,
// converted by Postman's own converter (openapi-to-postmanv2), and the OpenAPI description
// re-based on the gateway (servers = the gateway URL), which Insomnia and Bruno import. Both call
// the gateway with the gateway's base URL and the credential as variables: `{{baseUrl}}` and
// `{{apiKey}}` (X-API-Key), filled in by the developer, never the secret itself. The text is read
// with server/src/spec/parse.ts parseDocument.
import { convertV2 } from 'openapi-to-postmanv2';
import { parseDocument } from '../spec/parse.ts';

/** The collection variable holding the API key (empty in the file; the developer fills it in). */
export const COLLECTION_KEY_VARIABLE = 'apiKey';
/** The header the gateway reads an application's API key from (server/src/gateway/README.md). */
export const GATEWAY_KEY_HEADER = 'X-API-Key';

type Json = Record<string, unknown>;

/** The files a resource's collection comes as: Postman v2.1, or OpenAPI re-based on the gateway. */
export const COLLECTION_FORMATS = ['postman', 'openapi'] as const;
export type CollectionFormat = typeof COLLECTION_FORMATS[number];

/** A description's text (JSON or YAML) as the collection file's JSON text. */
export async function collectionText(text: string, format: CollectionFormat, gatewayUrl: string): Promise<string> {
  const description = parseDocument(text);
  const out = format === 'postman' ? await postmanCollection(description, gatewayUrl) : rebaseOnGateway(description, gatewayUrl);
  return JSON.stringify(out, null, format === 'openapi' ? 2 : undefined);
}

/** The description with its servers replaced by the gateway (OpenAPI 3) or host/basePath/schemes (OpenAPI 2). */
export function rebaseOnGateway(description: Json, gatewayUrl: string): Json {
  const out: Json = { ...description };
  if (typeof description.swagger === 'string') {
    const url = new URL(gatewayUrl);
    out.host = url.host;
    out.basePath = url.pathname.replace(/\/+$/, '') || '/';
    out.schemes = [url.protocol.replace(':', '')];
    out.securityDefinitions = { ...(description.securityDefinitions as Json | undefined), agoraGateway: { type: 'apiKey', in: 'header', name: GATEWAY_KEY_HEADER } };
  } else {
    out.servers = [{ url: gatewayUrl, description: 'Agora gateway' }];
    const components = { ...(description.components as Json | undefined) };
    components.securitySchemes = { ...(components.securitySchemes as Json | undefined), agoraGateway: { type: 'apiKey', in: 'header', name: GATEWAY_KEY_HEADER } };
    out.components = components;
  }
  // Every call goes through the gateway, with the application's key.
  out.security = [{ agoraGateway: [] }];
  for (const item of Object.values((out.paths ?? {}) as Record<string, Json>)) {
    for (const op of Object.values(item ?? {})) if (op && typeof op === 'object' && 'security' in (op as Json)) (op as Json).security = [{ agoraGateway: [] }];
  }
  return out;
}

/** The Postman collection v2.1 of a description, calling the gateway with `{{apiKey}}`. */
export async function postmanCollection(description: Json, gatewayUrl: string): Promise<Json> {
  const rebased = rebaseOnGateway(description, gatewayUrl);
  const collection = await new Promise<Json>((resolve, reject) => {
    const done = (error: unknown, result: { result: boolean; reason?: string; output?: Array<{ data: Json }> }) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else if (!result.result || !result.output?.[0]) reject(new Error(result.reason ?? 'conversion failed'));
      else resolve(result.output[0].data);
    };
    convertV2({ type: 'json', data: rebased }, { folderStrategy: 'Tags', parametersResolution: 'Example', includeAuthInfoInExample: false }, done as never);
  });
  // The gateway's base URL and the credential as collection variables, the key as the collection's auth.
  const variables = ((collection.variable ?? []) as Array<{ key: string }>).filter((v) => v.key !== 'baseUrl' && v.key !== COLLECTION_KEY_VARIABLE);
  collection.variable = [
    { key: 'baseUrl', value: gatewayUrl, type: 'string' },
    { key: COLLECTION_KEY_VARIABLE, value: '', type: 'string' },
    ...variables,
  ];
  collection.auth = { type: 'apikey', apikey: [
    { key: 'key', value: GATEWAY_KEY_HEADER, type: 'string' },
    { key: 'value', value: `{{${COLLECTION_KEY_VARIABLE}}}`, type: 'string' },
    { key: 'in', value: 'header', type: 'string' },
  ] };
  stripItemAuth(collection.item);
  return collection;
}

/** Requests inherit the collection's auth (the converter writes each operation's own scheme). */
function stripItemAuth(items: unknown): void {
  if (!Array.isArray(items)) return;
  for (const item of items as Json[]) {
    if (item.request && typeof item.request === 'object') delete (item.request as Json).auth;
    delete item.auth;
    stripItemAuth(item.item);
  }
}

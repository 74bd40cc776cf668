// From the try-it form's values to a gateway request: path parameters filled in, query
// parameters (arrays as repeated keys for OpenAPI 3, comma-separated for OpenAPI 2), headers,
// cookies, and the body in the chosen media type.
import type { GatewayRequest } from '../console/gateway.ts';
import type { SampleBody, SampleField } from '../../../rules/codeSamples.ts';
import type { NormalizedOperation, Parameter } from './model.ts';

export interface TryItValues {
  params: Record<string, string>;
  body: string;
  contentType: string;
  accept: string;
}

export const paramKey = (p: Pick<Parameter, 'in' | 'name'>) => `${p.in}:${p.name}`;

function isArray(p: Parameter): boolean {
  return p.schema?.type === 'array';
}

/** Missing required values, by parameter key ('body' for a required body). */
export function missingValues(op: NormalizedOperation, values: TryItValues): string[] {
  const missing = op.parameters.filter((p) => p.required && !(values.params[paramKey(p)] ?? '').trim()).map(paramKey);
  if (op.requestBody?.required && !values.body.trim()) missing.push('body');
  return missing;
}

/** The request the form describes, as plain data: what try-it sends and the code samples show. */
export interface DescribedRequest {
  method: string;
  /** The path under the API, parameters filled in. */
  path: string;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  body: SampleBody | null;
}

export function describeRequest(method: string, path: string, op: NormalizedOperation, values: TryItValues, swagger2: boolean): DescribedRequest {
  let filled = path;
  const query: Array<[string, string]> = [];
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const p of op.parameters) {
    const raw = values.params[paramKey(p)];
    if (raw === undefined || raw.trim() === '') continue;
    const value = raw.trim();
    switch (p.in) {
      case 'path':
        filled = filled.split(`{${p.name}}`).join(encodeURIComponent(value));
        break;
      case 'query':
        if (isArray(p) && !swagger2) for (const item of value.split(',').map((s) => s.trim()).filter(Boolean)) query.push([p.name, item]);
        else query.push([p.name, value]);
        break;
      case 'header':
        headers[p.name] = value;
        break;
      case 'cookie':
        cookies.push(`${p.name}=${encodeURIComponent(value)}`);
        break;
      default:
        break;
    }
  }
  if (cookies.length) headers.Cookie = cookies.join('; ');
  if (values.accept) headers.Accept = values.accept;

  let body: SampleBody | null = null;
  if (op.requestBody && values.body.trim()) {
    const contentType = values.contentType || op.requestBody.contents[0]?.mediaType || 'application/json';
    if (/x-www-form-urlencoded|multipart\/form-data/.test(contentType)) {
      let fields: SampleField[];
      try {
        const parsed = JSON.parse(values.body) as Record<string, unknown>;
        fields = Object.entries(parsed).map(([name, v]) => ({ name, value: typeof v === 'string' ? v : JSON.stringify(v) }));
      } catch {
        fields = [...new URLSearchParams(values.body)].map(([name, value]) => ({ name, value }));
      }
      body = { contentType, fields };
    } else {
      body = { contentType, text: values.body };
    }
  }
  return { method, path: filled, query, headers, body };
}

export function buildRequest(method: string, path: string, op: NormalizedOperation, values: TryItValues, swagger2: boolean): GatewayRequest {
  const described = describeRequest(method, path, op, values, swagger2);
  const headers = { ...described.headers };
  let payload: string | URLSearchParams | FormData | undefined;
  const body = described.body;
  if (body?.fields) {
    const form = /multipart/.test(body.contentType) ? new FormData() : new URLSearchParams();
    for (const f of body.fields) form.append(f.name, f.value);
    payload = form;
    // The browser writes the multipart boundary itself.
    if (!/multipart/.test(body.contentType)) headers['Content-Type'] = body.contentType;
  } else if (body) {
    payload = body.text;
    headers['Content-Type'] = body.contentType;
  }
  return { method, path: described.path, query: described.query, headers, ...(payload !== undefined ? { body: payload } : {}) };
}

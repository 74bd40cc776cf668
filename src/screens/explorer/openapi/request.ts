// From the try-it form's values to a gateway request: path parameters filled in, query
// parameters (arrays as repeated keys for OpenAPI 3, comma-separated for OpenAPI 2), headers,
// cookies, and the body in the chosen media type.
import type { GatewayRequest } from '../console/gateway.ts';
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

export function buildRequest(method: string, path: string, op: NormalizedOperation, values: TryItValues, swagger2: boolean): GatewayRequest {
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

  let body: string | undefined;
  let formBody: URLSearchParams | FormData | undefined;
  if (op.requestBody && values.body.trim()) {
    const type = values.contentType || op.requestBody.contents[0]?.mediaType || 'application/json';
    if (/x-www-form-urlencoded|multipart\/form-data/.test(type)) {
      let fields: Record<string, unknown> = {};
      try {
        fields = JSON.parse(values.body) as Record<string, unknown>;
      } catch {
        formBody = new URLSearchParams(values.body);
      }
      if (!formBody) {
        const form = /multipart/.test(type) ? new FormData() : new URLSearchParams();
        for (const [k, v] of Object.entries(fields)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v));
        formBody = form;
      }
      // The browser writes the multipart boundary itself.
      if (!/multipart/.test(type)) headers['Content-Type'] = type;
    } else {
      body = values.body;
      headers['Content-Type'] = type;
    }
  }
  const payload = formBody ?? body;
  return { method, path: filled, query, headers, ...(payload !== undefined ? { body: payload } : {}) };
}

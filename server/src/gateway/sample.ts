// A deterministic example value for a JSON Schema (OpenAPI 2/3/3.1 flavours): the same schema
// always gives the same value, so mock answers are stable across calls, runs and instances.

type Schema = Record<string, unknown>;

const MAX_DEPTH = 8;

const STRING_FORMATS: Record<string, string> = {
  'date-time': '2024-01-15T09:30:00Z',
  date: '2024-01-15',
  time: '09:30:00Z',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  'uri-reference': '/example',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  byte: 'ZXhhbXBsZQ==',
  binary: '',
  password: '********',
};

export function sampleOf(schema: unknown, depth = 0): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return null;
  const s = schema as Schema;
  if (s['x-circular'] === true || depth > MAX_DEPTH) return null;
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map((p) => sampleOf(p, depth + 1));
    if (parts.every((p) => p !== null && typeof p === 'object' && !Array.isArray(p))) {
      return Object.assign({}, ...parts, objectSample(s, depth));
    }
    return parts.find((p) => p !== null) ?? null;
  }
  for (const key of ['oneOf', 'anyOf'] as const) {
    const options = s[key];
    if (Array.isArray(options) && options.length > 0) {
      const first = options.find((o) => !(o && typeof o === 'object' && (o as Schema).type === 'null')) ?? options[0];
      return sampleOf(first, depth + 1);
    }
  }
  switch (typeOf(s)) {
    case 'object':
      return objectSample(s, depth);
    case 'array': {
      const item = sampleOf(s.items, depth + 1);
      const count = Math.max(1, typeof s.minItems === 'number' ? s.minItems : 1);
      return Array.from({ length: Math.min(count, 3) }, () => item);
    }
    case 'integer':
      return numberSample(s, true);
    case 'number':
      return numberSample(s, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return stringSample(s);
    default:
      return null;
  }
}

function typeOf(s: Schema): string | undefined {
  const t = s.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') ?? 'null';
  if (s.properties || s.additionalProperties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

function objectSample(s: Schema, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = s.properties && typeof s.properties === 'object' ? (s.properties as Record<string, unknown>) : {};
  for (const [name, prop] of Object.entries(props)) {
    const p = prop as Schema | null;
    if (p && typeof p === 'object' && p.writeOnly === true) continue;
    out[name] = sampleOf(prop, depth + 1);
  }
  if (Object.keys(props).length === 0 && s.additionalProperties && typeof s.additionalProperties === 'object') {
    out.additionalProp1 = sampleOf(s.additionalProperties, depth + 1);
  }
  return out;
}

function numberSample(s: Schema, integer: boolean): number {
  let n = 0;
  if (typeof s.minimum === 'number') n = s.minimum;
  if (typeof s.exclusiveMinimum === 'number') n = s.exclusiveMinimum + (integer ? 1 : 0.5);
  else if (s.exclusiveMinimum === true) n += integer ? 1 : 0.5;
  if (typeof s.maximum === 'number' && n > s.maximum) n = s.maximum;
  return integer ? Math.ceil(n) : n;
}

function stringSample(s: Schema): string {
  const format = typeof s.format === 'string' ? s.format : '';
  let value = STRING_FORMATS[format] ?? 'string';
  if (typeof s.minLength === 'number' && value.length < s.minLength) value = value.padEnd(s.minLength, 'x');
  if (typeof s.maxLength === 'number' && value.length > s.maxLength) value = value.slice(0, s.maxLength);
  return value;
}

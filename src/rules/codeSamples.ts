// The one code-sample generator (DESIGN "One code-sample generator"): a described request ->
// the code that sends it, in nine languages. Used by the explorer's samples panel (a lazy chunk),
// the collections and the assistant's "how do I call it" answers, so its input is plain data.
//
// The code comes from httpsnippet 3's target clients (Kong's, MIT). We feed them a request
// prepared here rather than through `new HTTPSnippet()`: its `prepare` needs Node's `url`,
// `querystring`, `event-stream` and `form-data`, which a browser chunk would have to polyfill.
// (@scalar/snippetz, the other candidate, needs Node 22; httpsnippet's nine clients and their
// helpers are ~14 KB gzip.)
//
// The credential never enters the request: the caller names its kind, and each language reads
// it from the environment ($AGORA_API_KEY…); browser JavaScript, which has no environment,
// declares named placeholders to fill in.
import type { CodeLanguage } from './codeViewer.ts';
import { curl } from 'httpsnippet/dist/targets/shell/curl/client.js';
import { fetch as browserFetch } from 'httpsnippet/dist/targets/javascript/fetch/client.js';
import { fetch as nodeFetch } from 'httpsnippet/dist/targets/node/fetch/client.js';
import { requests } from 'httpsnippet/dist/targets/python/requests/client.js';
import { native as goNative } from 'httpsnippet/dist/targets/go/native/client.js';
import { nethttp } from 'httpsnippet/dist/targets/java/nethttp/client.js';
import { httpclient } from 'httpsnippet/dist/targets/csharp/httpclient/client.js';
import { guzzle } from 'httpsnippet/dist/targets/php/guzzle/client.js';
import { native as rubyNative } from 'httpsnippet/dist/targets/ruby/native/client.js';
import { escapeRegExp } from './regexp.ts';

export const SAMPLE_LANGUAGES = ['curl', 'javascript', 'node', 'python', 'go', 'java', 'csharp', 'php', 'ruby'] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

/** The language's name as a tab shows it (a proper name, the same in every locale). */
export const SAMPLE_LANGUAGE_LABELS: Record<SampleLanguage, string> = {
  curl: 'cURL', javascript: 'JavaScript', node: 'Node.js', python: 'Python', go: 'Go', java: 'Java', csharp: 'C#', php: 'PHP', ruby: 'Ruby',
};

/** The highlighter's language of each sample. */
export const SAMPLE_HIGHLIGHT: Record<SampleLanguage, CodeLanguage> = {
  curl: 'bash', javascript: 'javascript', node: 'javascript', python: 'python', go: 'go', java: 'java', csharp: 'csharp', php: 'php', ruby: 'ruby',
};

/** Where the samples read the credential from: environment variables, or placeholders of the same names. */
export const CREDENTIAL_ENV = { apiKey: 'AGORA_API_KEY', token: 'AGORA_TOKEN', username: 'AGORA_USERNAME', password: 'AGORA_PASSWORD' } as const;

/** The credential a request carries, by kind and name only: never its value. */
export type SampleCredential =
  | { kind: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string }
  | { kind: 'basic' }
  | { kind: 'bearer' };

export interface SampleField { name: string; value: string; fileName?: string }

export interface SampleBody {
  contentType: string;
  /** Raw text (JSON, XML, text…). */
  text?: string;
  /** Form fields (application/x-www-form-urlencoded, multipart/form-data). */
  fields?: SampleField[];
}

export interface SampleRequest {
  method: string;
  /** Absolute base URL (the gateway's), without a trailing slash. */
  server: string;
  /** The path under the server, parameters filled in (already URL-encoded). */
  path: string;
  query?: Array<[string, string]>;
  headers?: Array<[string, string]>;
  body?: SampleBody | null;
  credential?: SampleCredential | null;
}

/** Stands for the credential's value in the request handed to the clients; replaced afterwards. */
const SECRET = 'AGORA0SECRET0PLACEHOLDER';
const MULTIPART_BOUNDARY = '---011000010111000001101001';

interface Client { convert: (request: unknown, options?: Record<string, unknown>) => string }

const CLIENTS: Record<SampleLanguage, Client> = {
  curl, javascript: browserFetch, node: nodeFetch, python: requests, go: goNative, java: nethttp, csharp: httpclient, php: guzzle, ruby: rubyNative,
} as unknown as Record<SampleLanguage, Client>;

type Reduced = Record<string, string | string[]>;

function reduce(pairs: Array<{ name: string; value: string }>): Reduced {
  const out: Reduced = {};
  for (const { name, value } of pairs) {
    const current = out[name];
    out[name] = current === undefined ? value : Array.isArray(current) ? [...current, value] : [current, value];
  }
  return out;
}

const encodePair = (name: string, value: string) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;

function multipartText(fields: SampleField[]): string {
  let text = '';
  for (const f of fields) {
    text += `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${f.name}"`;
    text += f.fileName ? `; filename="${f.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n` : `\r\n\r\n${f.value}\r\n`;
  }
  return `${text}--${MULTIPART_BOUNDARY}--\r\n\r\n`;
}

const isJsonType = (type: string) => /^(application|text)\/([\w.+-]+\+)?(x-)?json\b/i.test(type);

/** The request as httpsnippet's clients read it (what its HTTPSnippet.prepare would produce). */
function prepare(request: SampleRequest): Record<string, unknown> {
  const credential = request.credential;
  // A parameter of the credential's own name (an API key the description declares as a header or
  // query parameter, typed into the form) gives way to the credential's placeholder.
  const own = (where: 'header' | 'query', name: string) => credential?.kind === 'apiKey' && credential.in === where
    && (where === 'query' ? name === credential.name : name.toLowerCase() === credential.name.toLowerCase());
  const authorization = (name: string) => credential && credential.kind !== 'apiKey' && name.toLowerCase() === 'authorization';
  const query = (request.query ?? []).filter(([name]) => !own('query', name)).map(([name, value]) => ({ name, value }));
  const headers = (request.headers ?? []).filter(([name]) => !own('header', name) && !authorization(name)).map(([name, value]) => ({ name, value }));
  if (credential?.kind === 'apiKey') {
    if (credential.in === 'query') query.push({ name: credential.name, value: SECRET });
    else if (credential.in === 'cookie') headers.push({ name: 'Cookie', value: `${credential.name}=${SECRET}` });
    else headers.push({ name: credential.name, value: SECRET });
  } else if (credential?.kind === 'basic') headers.push({ name: 'Authorization', value: `Basic ${SECRET}` });
  else if (credential?.kind === 'bearer') headers.push({ name: 'Authorization', value: `Bearer ${SECRET}` });

  const headersObj: Reduced = {};
  for (const h of headers) headersObj[h.name] = h.value;
  const postData: Record<string, unknown> = { mimeType: 'application/octet-stream' };
  const body = request.body;
  if (body) {
    const mimeType = body.contentType.split(';')[0]!.trim().toLowerCase() || 'application/octet-stream';
    const contentTypeName = Object.keys(headersObj).find((k) => k.toLowerCase() === 'content-type') ?? 'content-type';
    postData.mimeType = mimeType;
    if (/^multipart\//.test(mimeType)) {
      const fields = body.fields ?? [];
      postData.mimeType = 'multipart/form-data';
      postData.params = fields;
      postData.text = multipartText(fields);
      postData.boundary = MULTIPART_BOUNDARY;
      headersObj[contentTypeName] = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
    } else if (mimeType === 'application/x-www-form-urlencoded') {
      const fields = body.fields ?? [];
      postData.params = fields;
      postData.paramsObj = reduce(fields);
      postData.text = fields.map((f) => encodePair(f.name, f.value)).join('&');
      headersObj[contentTypeName] = body.contentType;
    } else {
      postData.text = body.text ?? '';
      headersObj[contentTypeName] = body.contentType;
      if (isJsonType(mimeType) && body.text) {
        try {
          postData.jsonObj = JSON.parse(body.text);
          postData.mimeType = 'application/json';
        } catch {
          postData.mimeType = 'text/plain';
        }
      }
    }
  }

  const path = request.path.replace(/^\/+/, '');
  const url = path ? `${request.server.replace(/\/+$/, '')}/${path}` : request.server;
  const search = query.map((q) => encodePair(q.name, q.value)).join('&');
  const fullUrl = search ? `${url}?${search}` : url;
  const parsed = new URL(url);
  return {
    method: request.method.toUpperCase(), url, fullUrl, httpVersion: 'HTTP/1.1',
    queryString: query, queryObj: reduce(query), headers, headersObj, allHeaders: { ...headersObj },
    cookies: [], cookiesObj: {}, headersSize: -1, bodySize: -1, postData,
    uriObj: {
      protocol: parsed.protocol, host: parsed.host, hostname: parsed.hostname, port: parsed.port, pathname: parsed.pathname,
      search, path: search ? `${parsed.pathname}?${search}` : parsed.pathname, query: reduce(query), href: fullUrl,
    },
  };
}

// ------------------------------------------------------------------ the credential, per language

interface Dialect {
  /** The expression of an environment variable (or a placeholder of that name). */
  env: (name: string) => string;
  /** The expression of base64("$AGORA_USERNAME:$AGORA_PASSWORD"). */
  basic: string;
  /** String concatenation operator. */
  concat: string;
  /** Lines the expressions need (imports, placeholders), put in by `prelude`. */
  prelude?: (text: string, kind: SampleCredential['kind']) => string;
}

const goImports = (text: string, kind: SampleCredential['kind']) =>
  text.replace('import (\n', `import (\n${kind === 'basic' ? '\t"encoding/base64"\n' : ''}\t"os"\n`);

const DIALECTS: Record<Exclude<SampleLanguage, 'curl'>, Dialect> = {
  javascript: {
    env: (name) => name,
    basic: `btoa(${CREDENTIAL_ENV.username} + ':' + ${CREDENTIAL_ENV.password})`,
    concat: '+',
    // A browser has no environment: the placeholders are declared, to be filled in by the reader.
    prelude: (text, kind) => `${envNames(kind).map((n) => `const ${n} = '<${n}>';`).join('\n')}\n\n${text}`,
  },
  node: {
    env: (name) => `process.env.${name}`,
    basic: `Buffer.from(process.env.${CREDENTIAL_ENV.username} + ':' + process.env.${CREDENTIAL_ENV.password}).toString('base64')`,
    concat: '+',
  },
  python: {
    env: (name) => `os.environ["${name}"]`,
    basic: `base64.b64encode((os.environ["${CREDENTIAL_ENV.username}"] + ":" + os.environ["${CREDENTIAL_ENV.password}"]).encode()).decode()`,
    concat: '+',
    prelude: (text, kind) => `${kind === 'basic' ? 'import base64\n' : ''}import os\n${text}`,
  },
  go: {
    env: (name) => `os.Getenv("${name}")`,
    basic: `base64.StdEncoding.EncodeToString([]byte(os.Getenv("${CREDENTIAL_ENV.username}") + ":" + os.Getenv("${CREDENTIAL_ENV.password}")))`,
    concat: '+',
    prelude: goImports,
  },
  java: {
    env: (name) => `System.getenv("${name}")`,
    basic: `java.util.Base64.getEncoder().encodeToString((System.getenv("${CREDENTIAL_ENV.username}") + ":" + System.getenv("${CREDENTIAL_ENV.password}")).getBytes())`,
    concat: '+',
  },
  csharp: {
    env: (name) => `Environment.GetEnvironmentVariable("${name}")`,
    basic: `Convert.ToBase64String(System.Text.Encoding.UTF8.GetBytes(Environment.GetEnvironmentVariable("${CREDENTIAL_ENV.username}") + ":" + Environment.GetEnvironmentVariable("${CREDENTIAL_ENV.password}")))`,
    concat: '+',
  },
  php: {
    env: (name) => `getenv('${name}')`,
    basic: `base64_encode(getenv('${CREDENTIAL_ENV.username}') . ':' . getenv('${CREDENTIAL_ENV.password}'))`,
    concat: '.',
  },
  ruby: {
    env: (name) => `ENV["${name}"]`,
    basic: `Base64.strict_encode64(ENV["${CREDENTIAL_ENV.username}"] + ":" + ENV["${CREDENTIAL_ENV.password}"])`,
    concat: '+',
    prelude: (text, kind) => (kind === 'basic' ? `require 'base64'\n${text}` : text),
  },
};

function envNames(kind: SampleCredential['kind']): string[] {
  if (kind === 'basic') return [CREDENTIAL_ENV.username, CREDENTIAL_ENV.password];
  return [kind === 'bearer' ? CREDENTIAL_ENV.token : CREDENTIAL_ENV.apiKey];
}


/**
 * Replaces the placeholder inside a string literal by the expression: the literal is split around
 * it ('a' + expr + 'b'), and empty halves left out. The literal's quote is the nearest one before
 * the placeholder on its line.
 */
function spliceExpression(text: string, expression: string, concat: string): string {
  return text.split('\n').map((line) => {
    let out = line;
    for (let at = out.indexOf(SECRET); at >= 0; at = out.indexOf(SECRET)) {
      const before = out.slice(0, at);
      const quote = [...before].reverse().find((c, i, all) => (c === '"' || c === "'") && all[i + 1] !== '\\') ?? '"';
      out = `${before}${quote} ${concat} ${expression} ${concat} ${quote}${out.slice(at + SECRET.length)}`;
      const q = escapeRegExp(quote);
      const c = escapeRegExp(concat);
      out = out.replace(new RegExp(`${q}${q} ${c} `, 'g'), '').replace(new RegExp(` ${c} ${q}${q}`, 'g'), '');
    }
    return out;
  }).join('\n');
}

/** curl: the credential from the shell's environment, in double quotes so the shell expands it. */
function shellCredential(text: string, credential: SampleCredential): string {
  if (credential.kind === 'basic') {
    return text.replace(new RegExp(`--header '[^'\\n]*${SECRET}'`), `--user "$${CREDENTIAL_ENV.username}:$${CREDENTIAL_ENV.password}"`);
  }
  const name = credential.kind === 'bearer' ? CREDENTIAL_ENV.token : CREDENTIAL_ENV.apiKey;
  return text.replace(new RegExp(`'([^'\\n]*)${SECRET}([^'\\n]*)'`, 'g'), (_all, a: string, b: string) => {
    const escape = (s: string) => s.replace(/[\\"$`]/g, '\\$&');
    return `"${escape(a)}$${/^[A-Za-z0-9_]/.test(b) ? `{${name}}` : name}${escape(b)}"`;
  });
}

const CLIENT_OPTIONS: Partial<Record<SampleLanguage, Record<string, unknown>>> = {
  curl: { indent: '  ', prettifyJson: false },
};

/** The code that sends `request` in `language`, reading the credential from the environment. */
export function codeSample(request: SampleRequest, language: SampleLanguage): string {
  const prepared = prepare(request);
  // A path parameter left empty stays `{name}` for the reader to fill in: curl would read the
  // braces as a glob, so it gets --globoff then.
  const options = language === 'curl' && /[{}[\]]/.test(String(prepared.fullUrl)) ? { ...CLIENT_OPTIONS.curl, globOff: true } : CLIENT_OPTIONS[language];
  let text = CLIENTS[language].convert(prepared, options);
  // Node 18+ has fetch built in; the top-level await wants an ES module (.mjs), not require().
  if (language === 'node') text = text.replace(/^const fetch = require\('node-fetch'\);\n\n/, '');
  // httpsnippet writes Python's file as the string "open('x', 'rb')": the file itself is meant.
  if (language === 'python') text = text.replace(/"(open\('[^'\n]*', 'rb'\))"/g, '$1');
  const credential = request.credential;
  if (!credential) return text;
  if (language === 'curl') return shellCredential(text, credential);
  const dialect = DIALECTS[language];
  const expression = credential.kind === 'basic' ? dialect.basic
    : dialect.env(credential.kind === 'bearer' ? CREDENTIAL_ENV.token : CREDENTIAL_ENV.apiKey);
  text = spliceExpression(text, expression, dialect.concat);
  return dialect.prelude ? dialect.prelude(text, credential.kind) : text;
}

// ------------------------------------------------------------------ GraphQL and AsyncAPI

/** A GraphQL operation as the HTTP request that runs it (POST, JSON body with query and variables):
 * its curl and fetch samples are then codeSample's. */
export function graphqlRequest(input: {
  server: string; query: string; variables?: Record<string, unknown> | null; operationName?: string | null; credential?: SampleCredential | null;
}): SampleRequest {
  const body: Record<string, unknown> = { query: input.query };
  if (input.variables && Object.keys(input.variables).length) body.variables = input.variables;
  if (input.operationName) body.operationName = input.operationName;
  return {
    method: 'POST', server: input.server, path: '', headers: [['Accept', 'application/json']],
    body: { contentType: 'application/json', text: JSON.stringify(body) }, credential: input.credential ?? null,
  };
}

export type AsyncProtocol = 'ws' | 'wss' | 'mqtt' | 'mqtts' | 'secure-mqtt' | 'kafka' | 'kafka-secure';

/** The protocols an AsyncAPI subscribe sample exists for (servers' `protocol`; AsyncAPI names TLS
 * MQTT `secure-mqtt`, some documents `mqtts`). */
export const ASYNC_PROTOCOLS: readonly AsyncProtocol[] = ['ws', 'wss', 'mqtt', 'mqtts', 'secure-mqtt', 'kafka', 'kafka-secure'];

/** Where an AsyncAPI server is: 2.x `url`, 3.x `host` and `pathname`. */
export function asyncServerAddress(server: { url?: unknown; host?: unknown; pathname?: unknown }): string {
  if (typeof server.url === 'string') return server.url;
  return `${typeof server.host === 'string' ? server.host : ''}${typeof server.pathname === 'string' ? server.pathname : ''}`;
}

/** The samples' own output line (spelled in two pieces: it is sample text, not a log of ours). */
const LOG = 'console' + '.log';

const js = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;

/** KafkaJS's SASL mechanism of an AsyncAPI security scheme type. */
const KAFKA_SASL: Record<string, string> = { plain: 'plain', scramSha256: 'scram-sha-256', scramSha512: 'scram-sha-512' };

/** The security scheme types a server requires: 3.x lists the (resolved) schemes, 2.x names them
 * in requirement objects ({ name: scopes }) looked up in `schemes`. */
export function asyncSecurityTypes(server: { security?: unknown }, schemes: Record<string, unknown> | null | undefined): string[] {
  const typeOf = (scheme: unknown) => (scheme && typeof scheme === 'object' && typeof (scheme as { type?: unknown }).type === 'string' ? (scheme as { type: string }).type : null);
  return (Array.isArray(server.security) ? server.security : []).flatMap((entry: unknown) => {
    const own = typeOf(entry);
    if (own) return [own];
    return entry && typeof entry === 'object' ? Object.keys(entry).map((name) => typeOf(schemes?.[name])).filter((t): t is string => !!t) : [];
  });
}

/**
 * Subscribing to an AsyncAPI channel in JavaScript, by the protocol of the document's server:
 * the browser's WebSocket, MQTT.js, KafkaJS. The credential is an environment variable, as in the
 * HTTP samples; Kafka's SASL mechanism is the server's security scheme's (`security`: its types),
 * PLAIN on a secure cluster that names none. null for a protocol without a sample.
 */
export function asyncSubscribeSample(input: { protocol: string; url: string; channel: string; security?: readonly string[] }): string | null {
  const protocol = input.protocol.toLowerCase();
  if (protocol === 'ws' || protocol === 'wss') {
    const base = /^wss?:\/\//.test(input.url) ? input.url : `${protocol}://${input.url}`;
    const url = `${base.replace(/\/+$/, '')}/${input.channel.replace(/^\/+/, '')}`;
    return [
      `const socket = new WebSocket(${js(url)});`,
      '',
      "socket.addEventListener('message', (event) => {",
      `  ${LOG}(JSON.parse(event.data));`,
      '});',
    ].join('\n');
  }
  if (protocol === 'mqtt' || protocol === 'mqtts' || protocol === 'secure-mqtt') {
    const url = /^mqtts?:\/\//.test(input.url) ? input.url : `${protocol === 'mqtt' ? 'mqtt' : 'mqtts'}://${input.url}`;
    // A channel parameter ({deviceId}) becomes MQTT's one-level wildcard: every device's messages.
    const topic = input.channel.replace(/\{[^}/]*\}/g, '+');
    return [
      "import mqtt from 'mqtt';",
      '',
      `const client = mqtt.connect(${js(url)}, {`,
      `  username: process.env.${CREDENTIAL_ENV.username},`,
      `  password: process.env.${CREDENTIAL_ENV.password},`,
      '});',
      '',
      `client.subscribe(${js(topic)});`,
      "client.on('message', (topic, payload) => {",
      `  ${LOG}(topic, JSON.parse(payload.toString()));`,
      '});',
    ].join('\n');
  }
  if (protocol === 'kafka' || protocol === 'kafka-secure') {
    const brokers = input.url.replace(/^kafka(-secure)?:\/\//, '');
    const declared = (input.security ?? []).map((type) => KAFKA_SASL[type]).find(Boolean);
    const mechanism = declared ?? (protocol === 'kafka-secure' ? 'plain' : null);
    return [
      "import { Kafka } from 'kafkajs';",
      '',
      'const kafka = new Kafka({',
      `  brokers: [${js(brokers)}],`,
      ...(protocol === 'kafka-secure' ? ['  ssl: true,'] : []),
      ...(mechanism ? [
        `  sasl: { mechanism: '${mechanism}', username: process.env.${CREDENTIAL_ENV.username}, password: process.env.${CREDENTIAL_ENV.password} },`,
      ] : []),
      '});',
      "const consumer = kafka.consumer({ groupId: 'my-group' });",
      '',
      'await consumer.connect();',
      `await consumer.subscribe({ topics: [${js(input.channel)}] });`,
      'await consumer.run({',
      '  eachMessage: async ({ topic, message }) => {',
      `    ${LOG}(topic, JSON.parse(message.value.toString()));`,
      '  },',
      '});',
    ].join('\n');
  }
  return null;
}

// The one code-sample generator: for a fixed request of each kind, the exact curl, Python and
// JavaScript text (reviewed by hand: these are what a developer copies), the other languages
// produced and naming the credential, and a known secret never in any sample.
import { describe, expect, it } from 'vitest';
import { asyncSecurityTypes, asyncServerAddress, asyncSubscribeSample, codeSample, graphqlRequest, SAMPLE_LANGUAGES, type SampleRequest } from '../../src/rules/codeSamples.ts';
import { authOptions, sampleCredentialOf, type ConsoleAuth } from '../../src/rules/consoleAuth.ts';
import { describeRequest } from '../../src/screens/explorer/openapi/request.ts';
import { normalizeOperation } from '../../src/screens/explorer/openapi/model.ts';

const SERVER = 'https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets';

const params: SampleRequest = {
  method: 'GET', server: SERVER, path: '/pets/42',
  query: [['status', 'sold out'], ['tag', 'a'], ['tag', 'b']],
  headers: [['X-Request-Id', 'r-1'], ['Accept', 'application/json']],
  credential: { kind: 'apiKey', in: 'header', name: 'X-API-Key' },
};
const json: SampleRequest = {
  method: 'POST', server: SERVER, path: '/pets', body: { contentType: 'application/json', text: '{"name":"Rex","tags":["dog"]}' },
  credential: { kind: 'bearer' },
};
const form: SampleRequest = {
  method: 'POST', server: SERVER, path: '/login',
  body: { contentType: 'application/x-www-form-urlencoded', fields: [{ name: 'user', value: 'ann' }, { name: 'note', value: 'a&b' }] },
  credential: { kind: 'basic' },
};
const multipart: SampleRequest = {
  method: 'POST', server: SERVER, path: '/pets/42/photo',
  body: { contentType: 'multipart/form-data', fields: [{ name: 'caption', value: 'Rex' }, { name: 'file', value: '', fileName: 'rex.png' }] },
  credential: { kind: 'apiKey', in: 'query', name: 'api_key' },
};

describe('curl', () => {
  it('path, query and header parameters with an API key in a header', () => {
    expect(codeSample(params, 'curl')).toMatchInlineSnapshot(`
      "curl --request GET \\
        --url 'https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets/pets/42?status=sold%20out&tag=a&tag=b' \\
        --header 'Accept: application/json' \\
        --header "X-API-Key: $AGORA_API_KEY" \\
        --header 'X-Request-Id: r-1'"
    `);
  });
  it('a JSON body with a bearer token', () => {
    expect(codeSample(json, 'curl')).toMatchInlineSnapshot(`
      "curl --request POST \\
        --url https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets/pets \\
        --header "Authorization: Bearer $AGORA_TOKEN" \\
        --header 'content-type: application/json' \\
        --data '{"name":"Rex","tags":["dog"]}'"
    `);
  });
  it('a form body with HTTP Basic', () => {
    expect(codeSample(form, 'curl')).toMatchInlineSnapshot(`
      "curl --request POST \\
        --url https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets/login \\
        --user "$AGORA_USERNAME:$AGORA_PASSWORD" \\
        --header 'content-type: application/x-www-form-urlencoded' \\
        --data user=ann \\
        --data 'note=a&b'"
    `);
  });
  it('multipart with an API key in the query', () => {
    expect(codeSample(multipart, 'curl')).toMatchInlineSnapshot(`
      "curl --request POST \\
        --url "https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets/pets/42/photo?api_key=$AGORA_API_KEY" \\
        --header 'content-type: multipart/form-data' \\
        --form caption=Rex \\
        --form file=@rex.png"
    `);
  });
});

describe('Python (requests)', () => {
  it('path, query and header parameters with an API key in a header', () => {
    expect(codeSample(params, 'python')).toMatchInlineSnapshot(`
      "import os
      import requests

      url = "https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets/pets/42"

      querystring = {"status":"sold out","tag":["a","b"]}

      headers = {
          "X-Request-Id": "r-1",
          "Accept": "application/json",
          "X-API-Key": os.environ["AGORA_API_KEY"]
      }

      response = requests.get(url, headers=headers, params=querystring)

      print(response.json())"
    `);
  });
  it('a JSON body with a bearer token', () => {
    expect(codeSample(json, 'python')).toMatchInlineSnapshot(`
      "import os
      import requests

      url = "https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets/pets"

      payload = {
          "name": "Rex",
          "tags": ["dog"]
      }
      headers = {
          "Authorization": "Bearer " + os.environ["AGORA_TOKEN"],
          "content-type": "application/json"
      }

      response = requests.post(url, json=payload, headers=headers)

      print(response.json())"
    `);
  });
  it('a form body with HTTP Basic', () => {
    expect(codeSample(form, 'python')).toMatchInlineSnapshot(`
      "import base64
      import os
      import requests

      url = "https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets/login"

      payload = {
          "user": "ann",
          "note": "a&b"
      }
      headers = {
          "Authorization": "Basic " + base64.b64encode((os.environ["AGORA_USERNAME"] + ":" + os.environ["AGORA_PASSWORD"]).encode()).decode(),
          "content-type": "application/x-www-form-urlencoded"
      }

      response = requests.post(url, data=payload, headers=headers)

      print(response.json())"
    `);
  });
  it('multipart with an API key in the query', () => {
    expect(codeSample(multipart, 'python')).toMatchInlineSnapshot(`
      "import os
      import requests

      url = "https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets/pets/42/photo"

      querystring = {"api_key":os.environ["AGORA_API_KEY"]}

      files = { "file": open('rex.png', 'rb') }
      payload = { "caption": "Rex" }

      response = requests.post(url, data=payload, files=files, params=querystring)

      print(response.json())"
    `);
  });
});

describe('JavaScript (fetch)', () => {
  it('path, query and header parameters with an API key in a header', () => {
    expect(codeSample(params, 'javascript')).toMatchInlineSnapshot(`
      "const AGORA_API_KEY = '<AGORA_API_KEY>';

      const url = 'https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets/pets/42?status=sold%20out&tag=a&tag=b';
      const options = {
        method: 'GET',
        headers: {
          'X-Request-Id': 'r-1',
          Accept: 'application/json',
          'X-API-Key': AGORA_API_KEY
        }
      };

      try {
        const response = await fetch(url, options);
        const data = await response.json();
        console.log(data);
      } catch (error) {
        console.error(error);
      }"
    `);
  });
  it('a JSON body with a bearer token', () => {
    expect(codeSample(json, 'javascript')).toMatchInlineSnapshot(`
      "const AGORA_TOKEN = '<AGORA_TOKEN>';

      const url = 'https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets/pets';
      const options = {
        method: 'POST',
        headers: {
          Authorization: 'Bearer ' + AGORA_TOKEN,
          'content-type': 'application/json'
        },
        body: '{"name":"Rex","tags":["dog"]}'
      };

      try {
        const response = await fetch(url, options);
        const data = await response.json();
        console.log(data);
      } catch (error) {
        console.error(error);
      }"
    `);
  });
  it('a form body with HTTP Basic', () => {
    expect(codeSample(form, 'javascript')).toMatchInlineSnapshot(`
      "const AGORA_USERNAME = '<AGORA_USERNAME>';
      const AGORA_PASSWORD = '<AGORA_PASSWORD>';

      const url = 'https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets/login';
      const options = {
        method: 'POST',
        headers: {
          Authorization: 'Basic ' + btoa(AGORA_USERNAME + ':' + AGORA_PASSWORD),
          'content-type': 'application/x-www-form-urlencoded'
        },
        body: new URLSearchParams({user: 'ann', note: 'a&b'})
      };

      try {
        const response = await fetch(url, options);
        const data = await response.json();
        console.log(data);
      } catch (error) {
        console.error(error);
      }"
    `);
  });
  it('multipart with an API key in the query', () => {
    expect(codeSample(multipart, 'javascript')).toMatchInlineSnapshot(`
      "const AGORA_API_KEY = '<AGORA_API_KEY>';

      const url = 'https://portal.example/api/v1/gateway/prod-pets/ver-1/res-pets/pets/42/photo?api_key=' + AGORA_API_KEY;
      const form = new FormData();
      form.append('caption', 'Rex');
      form.append('file', 'rex.png');

      const options = {method: 'POST'};

      options.body = form;

      try {
        const response = await fetch(url, options);
        const data = await response.json();
        console.log(data);
      } catch (error) {
        console.error(error);
      }"
    `);
  });
  it('Node reads the key from the environment and needs no fetch package', () => {
    const text = codeSample(params, 'node');
    expect(text).toContain("'X-API-Key': process.env.AGORA_API_KEY");
    expect(text).not.toContain('require(');
  });
});

describe('every language', () => {
  const expected: Record<string, RegExp> = {
    go: /os\.Getenv\("AGORA_API_KEY"\)/, java: /System\.getenv\("AGORA_API_KEY"\)/,
    csharp: /Environment\.GetEnvironmentVariable\("AGORA_API_KEY"\)/, php: /getenv\('AGORA_API_KEY'\)/, ruby: /ENV\["AGORA_API_KEY"\]/,
  };
  it.each(Object.keys(expected))('%s names the API key from the environment and calls the full URL', (language) => {
    const text = codeSample(params, language as (typeof SAMPLE_LANGUAGES)[number]);
    expect(text).toMatch(expected[language]!);
    expect(text).toContain(`${SERVER}/pets/42?status=sold%20out&tag=a&tag=b`);
  });
  it('curl turns globbing off when a path parameter is left as {name}', () => {
    const text = codeSample({ method: 'GET', server: SERVER, path: '/pets/{petId}', credential: null }, 'curl');
    expect(text).toBe(`curl --request GET \\\n  --globoff \\\n  --url '${SERVER}/pets/{petId}'`);
  });
  it('Go imports what the credential needs', () => {
    expect(codeSample(form, 'go')).toMatch(/import \(\n\t"encoding\/base64"\n\t"os"\n/);
  });
});

describe('the secret', () => {
  const SECRET = 'agk_KNOWN-secret-4f1c9e';
  const USER = 'known-user';
  const PASSWORD = 'known-pass-77';
  const schemes = {
    header: { type: 'apiKey', in: 'header', name: 'X-Key' },
    query: { type: 'apiKey', in: 'query', name: 'key' },
    basic: { type: 'http', scheme: 'basic' },
    bearer: { type: 'http', scheme: 'bearer' },
  };
  const options = authOptions(schemes);
  const auths: ConsoleAuth[] = [
    { optionId: 'header', origin: 'external', apiKey: SECRET },
    { optionId: 'query', origin: 'external', apiKey: SECRET },
    { optionId: 'basic', origin: 'external', username: USER, password: PASSWORD },
    { optionId: 'bearer', origin: 'external', token: SECRET },
    { optionId: 'header', origin: 'internal', applicationId: 'app-1', credentialId: 'cred-1' },
  ];
  // The description declares the key as parameters too, and the user typed the secret into them.
  const op = normalizeOperation({
    parameters: [
      { name: 'X-Key', in: 'header', schema: { type: 'string' } },
      { name: 'key', in: 'query', schema: { type: 'string' } },
      { name: 'Authorization', in: 'header', schema: { type: 'string' } },
    ],
    requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
  }, false);

  it('never appears in any sample of any language, whatever the credential', () => {
    const forbidden = [SECRET, PASSWORD, btoa(`${USER}:${PASSWORD}`)];
    for (const auth of auths) {
      const option = options.find((o) => o.id === auth.optionId);
      // The parameter standing for the console's credential holds it too (typed in by the user).
      const typed: Record<string, Record<string, string>> = {
        header: { 'header:X-Key': SECRET }, query: { 'query:key': SECRET },
        basic: { 'header:Authorization': `Basic ${btoa(`${USER}:${PASSWORD}`)}` }, bearer: { 'header:Authorization': `Bearer ${SECRET}` },
      };
      const described = describeRequest('post', '/things', op, {
        params: auth.origin === 'external' ? typed[auth.optionId]! : {}, body: '{"a":1}', contentType: 'application/json', accept: '',
      }, false);
      const credential = sampleCredentialOf(option, auth);
      for (const language of SAMPLE_LANGUAGES) {
        const text = codeSample({ ...described, headers: Object.entries(described.headers), server: SERVER, credential }, language);
        for (const secret of forbidden) expect(text, `${auth.optionId} ${auth.origin} ${language}`).not.toContain(secret);
        expect(text).toMatch(/AGORA_(API_KEY|TOKEN|USERNAME)/);
      }
    }
  });
});

describe('GraphQL', () => {
  // The request as the GraphiQL panel hands it over: the editor's query, variables and operation.
  const request = graphqlRequest({
    server: SERVER, query: 'query Shop($first: Int) { shop { name } }', variables: { first: 2 }, operationName: 'Shop',
    credential: { kind: 'apiKey', in: 'header', name: 'X-API-Key' },
  });
  const BODY = '{"query":"query Shop($first: Int) { shop { name } }","variables":{"first":2},"operationName":"Shop"}';

  it('curl: a POST of the query, variables and operation to the gateway URL, the key from the environment', () => {
    expect(codeSample(request, 'curl')).toBe([
      'curl --request POST \\',
      `  --url ${SERVER} \\`,
      "  --header 'Accept: application/json' \\",
      '  --header "X-API-Key: $AGORA_API_KEY" \\',
      "  --header 'content-type: application/json' \\",
      `  --data '${BODY}'`,
    ].join('\n'));
  });

  it('fetch: the same request, the key a named placeholder', () => {
    expect(codeSample(request, 'javascript')).toBe([
      "const AGORA_API_KEY = '<AGORA_API_KEY>';",
      '',
      `const url = '${SERVER}';`,
      'const options = {',
      "  method: 'POST',",
      '  headers: {',
      "    Accept: 'application/json',",
      "    'X-API-Key': AGORA_API_KEY,",
      "    'content-type': 'application/json'",
      '  },',
      `  body: '${BODY}'`,
      '};',
      '',
      'try {',
      '  const response = await fetch(url, options);',
      '  const data = await response.json();',
      '  console.log(data);',
      '} catch (error) {',
      '  console.error(error);',
      '}',
    ].join('\n'));
  });

  it('a bearer token is $AGORA_TOKEN; empty variables and no operation name are left out', () => {
    const bare = graphqlRequest({ server: SERVER, query: '{ shop { name } }', variables: {}, credential: { kind: 'bearer' } });
    expect(codeSample(bare, 'curl')).toContain(`--header "Authorization: Bearer $AGORA_TOKEN" \\\n  --header 'content-type: application/json' \\\n  --data '{"query":"{ shop { name } }"}'`);
  });

  it('never carries the console\'s secret, whatever the credential', () => {
    const SECRET = 'gql_KNOWN-secret-93ab';
    const schemes = { key: { type: 'apiKey', in: 'header', name: 'X-Key' }, query: { type: 'apiKey', in: 'query', name: 'key' }, bearer: { type: 'http', scheme: 'bearer' }, basic: { type: 'http', scheme: 'basic' } };
    const options = authOptions(schemes);
    const auths: ConsoleAuth[] = [
      { optionId: 'key', origin: 'external', apiKey: SECRET }, { optionId: 'query', origin: 'external', apiKey: SECRET },
      { optionId: 'bearer', origin: 'external', token: SECRET }, { optionId: 'basic', origin: 'external', username: 'u', password: SECRET },
    ];
    for (const auth of auths) {
      const credential = sampleCredentialOf(options.find((o) => o.id === auth.optionId), auth);
      for (const language of ['curl', 'javascript'] as const) {
        const text = codeSample(graphqlRequest({ server: SERVER, query: '{ shop { name } }', credential }), language);
        expect(text, `${auth.optionId} ${language}`).not.toContain(SECRET);
        expect(text).toMatch(/AGORA_(API_KEY|TOKEN|USERNAME)/);
      }
    }
  });
});

describe('AsyncAPI subscribe samples, by the server\'s protocol', () => {
  it('WebSocket (ws, wss): the browser\'s WebSocket on the server URL and the channel', () => {
    expect(asyncSubscribeSample({ protocol: 'wss', url: 'wss://events.example/ws', channel: 'orders/created' })).toBe([
      "const socket = new WebSocket('wss://events.example/ws/orders/created');",
      '',
      "socket.addEventListener('message', (event) => {",
      '  console.log(JSON.parse(event.data));',
      '});',
    ].join('\n'));
    // AsyncAPI 3: host and pathname, no scheme.
    expect(asyncSubscribeSample({ protocol: 'ws', url: asyncServerAddress({ host: 'events.example', pathname: '/ws' }), channel: 'orders' }))
      .toContain("new WebSocket('ws://events.example/ws/orders')");
  });

  it('MQTT (mqtt, secure-mqtt): MQTT.js, a channel parameter as the + wildcard, user and password from the environment', () => {
    expect(asyncSubscribeSample({ protocol: 'mqtt', url: 'mqtt://sandbox.iot.agora.test:1883', channel: 'devices/{deviceId}/telemetry' })).toBe([
      "import mqtt from 'mqtt';",
      '',
      "const client = mqtt.connect('mqtt://sandbox.iot.agora.test:1883', {",
      '  username: process.env.AGORA_USERNAME,',
      '  password: process.env.AGORA_PASSWORD,',
      '});',
      '',
      "client.subscribe('devices/+/telemetry');",
      "client.on('message', (topic, payload) => {",
      '  console.log(topic, JSON.parse(payload.toString()));',
      '});',
    ].join('\n'));
    expect(asyncSubscribeSample({ protocol: 'secure-mqtt', url: 'mqtt.iot.agora.test:8883', channel: 'alerts/{severity}' }))
      .toContain("mqtt.connect('mqtts://mqtt.iot.agora.test:8883', {");
  });

  it('Kafka (kafka, kafka-secure): KafkaJS, TLS and SASL for the secure one', () => {
    const run = [
      "const consumer = kafka.consumer({ groupId: 'my-group' });",
      '',
      'await consumer.connect();',
      "await consumer.subscribe({ topics: ['commerce.orders.v2'] });",
      'await consumer.run({',
      '  eachMessage: async ({ topic, message }) => {',
      '    console.log(topic, JSON.parse(message.value.toString()));',
      '  },',
      '});',
    ];
    expect(asyncSubscribeSample({ protocol: 'kafka', url: 'sandbox-kafka.commerce.agora.test:9092', channel: 'commerce.orders.v2' })).toBe([
      "import { Kafka } from 'kafkajs';",
      '',
      'const kafka = new Kafka({',
      "  brokers: ['sandbox-kafka.commerce.agora.test:9092'],",
      '});',
      ...run,
    ].join('\n'));
    expect(asyncSubscribeSample({ protocol: 'kafka-secure', url: asyncServerAddress({ host: 'kafka.commerce.agora.test:9093' }), channel: 'commerce.orders.v2' })).toBe([
      "import { Kafka } from 'kafkajs';",
      '',
      'const kafka = new Kafka({',
      "  brokers: ['kafka.commerce.agora.test:9093'],",
      '  ssl: true,',
      "  sasl: { mechanism: 'plain', username: process.env.AGORA_USERNAME, password: process.env.AGORA_PASSWORD },",
      '});',
      ...run,
    ].join('\n'));
  });

  it("Kafka's SASL mechanism is the server's security scheme (3.x resolved, 2.x by name); SASL without TLS on a plain cluster", () => {
    const scram = asyncSecurityTypes({ security: [{ type: 'scramSha512', description: 'x' }] }, {});
    expect(scram).toEqual(['scramSha512']);
    expect(asyncSubscribeSample({ protocol: 'kafka-secure', url: 'kafka.example:9093', channel: 't', security: scram }))
      .toContain("  ssl: true,\n  sasl: { mechanism: 'scram-sha-512', username: process.env.AGORA_USERNAME, password: process.env.AGORA_PASSWORD },\n});");
    const named = asyncSecurityTypes({ security: [{ sasl: [] }] }, { sasl: { type: 'scramSha256' } });
    expect(asyncSubscribeSample({ protocol: 'kafka', url: 'kafka.example:9092', channel: 't', security: named }))
      .toContain("  brokers: ['kafka.example:9092'],\n  sasl: { mechanism: 'scram-sha-256',");
  });

  it('no sample for another protocol', () => {
    expect(asyncSubscribeSample({ protocol: 'amqp', url: 'x', channel: 'y' })).toBeNull();
  });
});

// A FAKE of an OpenAI-compatible chat-completions endpoint (the external model is a boundary we do
// not own): POST /v1/chat/completions answers a streamed completion in chunks, an error status, or
// nothing at all (to test the time-out). It records the requests it got.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'answer' | 'error' | 'hang';

export interface FakeModel {
  baseUrl: string;
  mode: FakeMode;
  /** The chunks of the streamed answer. */
  chunks: string[];
  requests: Array<{ authorization: string | undefined; body: { model: string; stream: boolean; messages: Array<{ role: string; content: string }> } }>;
  close(): Promise<void>;
}

export async function startFakeModel(): Promise<FakeModel> {
  const fake: Omit<FakeModel, 'baseUrl' | 'close'> = { mode: 'answer', chunks: ['Refunds ', 'go through ', 'POST /refunds [1].'], requests: [] };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') { res.writeHead(404).end(); return; }
      fake.requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
      if (fake.mode === 'hang') return; // never answers
      if (fake.mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model overloaded' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const content of fake.chunks) res.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  });
}

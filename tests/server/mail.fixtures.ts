// A real SMTP server in process (the smtp-server package: the boundary we do not own) that
// requires the credentials of its URL and keeps every message it accepts, parsed by a small MIME
// reader of our own (headers with RFC 2047 words, multipart/alternative, quoted-printable and
// base64): enough for what nodemailer writes, and independent of it.
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';

export interface Received {
  from: string;
  to: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface Smtp {
  url: string;
  messages: Received[];
  /** Waits until `n` messages arrived (the client's sendMail resolves once the server answered 250). */
  waitFor(n: number): Promise<Received[]>;
  close(): Promise<void>;
}

export const SMTP_USER = 'relay-user';
export const SMTP_PASSWORD = 'relay-pass-42';

export async function startSmtp(): Promise<Smtp> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    secure: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const parsed = parseMime(Buffer.concat(chunks).toString('latin1'));
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          headers: parsed.headers, subject: parsed.headers.subject ?? '', text: parsed.text, html: parsed.html,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${port}`,
    messages,
    async waitFor(n) {
      await expect.poll(() => messages.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(n);
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** RFC 2047 encoded words (=?utf-8?Q?…?= and =?utf-8?B?…?=) in a header value. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')));
}

/** Quoted-printable to UTF-8 text. */
function qp(text: string): string {
  const bytes = Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  return bytes.toString('utf8');
}

function parseMime(raw: string): { headers: Record<string, string>; text: string; html: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1).map((p) => parseMime(p.replace(/^\r\n/, '')));
    return { headers, text: parts.map((p) => p.text).join(''), html: parts.map((p) => p.html).join('') };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const content = encoding === 'quoted-printable' ? qp(body) : encoding === 'base64' ? Buffer.from(body, 'base64').toString('utf8') : Buffer.from(body, 'latin1').toString('utf8');
  return { headers, text: type.startsWith('text/plain') ? content : '', html: type.startsWith('text/html') ? content : '' };
}

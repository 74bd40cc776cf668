// Backups of the embedded store. One process owns a PGlite folder (DATA_DIR/agora.lock, README
// "Security"), so while the server runs a backup must come from it: the server listens on a Unix
// socket beside the folder, `DATA_DIR.sock` (not inside: PGlite's dump reads every file there;
// owner-only, so only the server's own user may connect),
// and answers `backup` with a dump of the whole database (PGlite's dumpDataDir: a tar of its data
// folder). The dump runs in the store's thread between two statements: it holds everything
// committed before it and, like a crash, no half of a transaction once restored.
// `npm run backup -- FILE` (cli/backup.ts) asks the server there, or, with no server running,
// opens the folder itself. PostgreSQL: pg_dump (README "Production").
import { createConnection, createServer, type Server } from 'node:net';
import { chmodSync, existsSync, unlinkSync } from 'node:fs';
import type { Store } from '../db/store.ts';

export const socketPath = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.sock`;

/** The server's end (main.ts, embedded store only): `backup\n` → `OK <bytes>\n` + the dump, or `ERR <message>\n`. */
export async function serveBackups(store: Store, dataDir: string): Promise<Server> {
  const path = socketPath(dataDir);
  // A socket file left by a process that died: the lock says this process owns the folder now.
  if (existsSync(path)) unlinkSync(path);
  const server = createServer((socket) => {
    let asked = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      asked += chunk;
      if (!asked.includes('\n')) return;
      if (asked.trim() !== 'backup') return void socket.end('ERR unknown command\n');
      store.dump().then(async (blob) => {
        const bytes = Buffer.from(await blob.arrayBuffer());
        socket.write(`OK ${bytes.length}\n`);
        socket.end(bytes);
      }, (error: unknown) => {
        console.error('backup: the dump failed', error);
        socket.end(`ERR ${describe(error)}\n`);
      });
    });
  });
  await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(path, resolve); });
  chmodSync(path, 0o600);
  server.unref();
  return server;
}

/** An error's message, or its fields when it has none (PGlite's file system throws plain objects). */
function describe(error: unknown): string {
  const message = (error as Error)?.message;
  if (typeof message === 'string' && message !== '[object Object]') return message.replace(/\n/g, ' ');
  try { return JSON.stringify(error); } catch { return String(error); }
}

/** The client's end: the dump from the server owning `dataDir`, or null when no server listens there. */
export function backupFromServer(dataDir: string): Promise<Buffer | null> {
  const path = socketPath(dataDir);
  if (!existsSync(path)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    const chunks: Buffer[] = [];
    socket.on('connect', () => socket.write('backup\n'));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A socket file nobody listens on (a server that was killed): no server.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(null);
      else reject(error);
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const eol = all.indexOf(10);
      const head = all.subarray(0, eol < 0 ? all.length : eol).toString('utf8');
      const ok = /^OK (\d+)$/.exec(head);
      if (!ok) return reject(new Error(`the server refused the backup: ${head.replace(/^ERR /, '')}`));
      const body = all.subarray(eol + 1);
      if (body.length !== Number(ok[1])) return reject(new Error(`the backup was cut short (${body.length} of ${ok[1]} bytes)`));
      resolve(body);
    });
  });
}

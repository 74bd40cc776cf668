// PGlite dumps its data folder as a tar (dumpDataDir), and the embedded store's folder also holds
// this process's lock file (lock.ts), which must not travel in a backup: restored, it would name
// the original server as the owner of the new folder. `withoutFiles` drops entries by base name;
// `writeFolder` writes a dump's files into a folder (a new store from the template, template.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BLOCK = 512;

function field(header: Uint8Array, at: number, length: number): string {
  const raw = Buffer.from(header.subarray(at, at + length)).toString('latin1');
  const end = raw.indexOf('\0');
  return end < 0 ? raw : raw.slice(0, end);
}

/** One entry of a tar: its name (ustar prefix joined), type flag, permission bits, content, and
 * its whole bytes (header, content and padding). */
interface Entry { name: string; type: string; mode: number; data: Uint8Array; bytes: Uint8Array }

/** The tar's entries in order, up to its end (a zero block). */
function* entries(tar: Uint8Array): Generator<Entry> {
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) return; // the end: two zero blocks
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const span = BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const prefix = field(header, 345, 155);
    yield {
      name: `${prefix ? `${prefix}/` : ''}${field(header, 0, 100)}`,
      type: String.fromCharCode(header[156]!),
      mode: parseInt(field(header, 100, 8).trim() || '644', 8) & 0o777,
      data: tar.subarray(at + BLOCK, at + BLOCK + size),
      bytes: tar.subarray(at, at + span),
    };
    at += span;
  }
}

/** The tar without the files whose base name is in `names` (and a pax header of theirs). */
export function withoutFiles(tar: Uint8Array, names: ReadonlySet<string>): Uint8Array<ArrayBuffer> {
  const kept: Uint8Array[] = [];
  let pending: Uint8Array | null = null; // a pax extended header, kept or dropped with its entry
  for (const { name, type, bytes } of entries(tar)) {
    if (type === 'x') { pending = bytes; continue; }
    if (!names.has(name.replace(/\/+$/, '').split('/').pop()!)) {
      if (pending) kept.push(pending);
      kept.push(bytes);
    }
    pending = null;
  }
  kept.push(new Uint8Array(BLOCK * 2));
  return new Uint8Array(Buffer.concat(kept));
}

/** Writes the dump's directories and files (plain ustar, as PGlite's dumps are) under `folder`.
 * PG_VERSION comes last: a folder holding it is a database, so one written only in part (the
 * process killed meanwhile) is still new to the next opening, which writes it again. */
export function writeFolder(tar: Uint8Array, folder: string): void {
  let marker: { path: string; data: Uint8Array; mode: number } | undefined;
  for (const entry of entries(tar)) {
    const name = entry.name.replace(/^\/+|\/+$/g, '');
    const { type, mode, data } = entry;
    if (!name || name.split('/').includes('..')) throw new Error(`unexpected entry in a data folder's dump: ${name}`);
    const path = join(folder, name);
    if (type === '5') mkdirSync(path, { recursive: true });
    else if (type !== '0' && type !== '\0') throw new Error(`unexpected entry type ${type} in a data folder's dump: ${name}`);
    else if (name === 'PG_VERSION') marker = { path, data, mode };
    else writeFileSync(path, data, { mode });
  }
  if (!marker) throw new Error('not a data folder\'s dump: no PG_VERSION');
  writeFileSync(marker.path, marker.data, { mode: marker.mode });
}

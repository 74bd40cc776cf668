// PGlite dumps its data folder as a tar (dumpDataDir), and the embedded store's folder also holds
// this process's lock file (lock.ts), which must not travel in a backup: restored, it would name
// the original server as the owner of the new folder. `withoutFiles` drops entries by base name.
const BLOCK = 512;

function field(header: Uint8Array, at: number, length: number): string {
  const raw = Buffer.from(header.subarray(at, at + length)).toString('latin1');
  const end = raw.indexOf('\0');
  return end < 0 ? raw : raw.slice(0, end);
}

/** The tar without the files whose base name is in `names` (and a pax header of theirs). */
export function withoutFiles(tar: Uint8Array, names: ReadonlySet<string>): Uint8Array<ArrayBuffer> {
  const kept: Uint8Array[] = [];
  let pending: Uint8Array | null = null; // a pax extended header, kept or dropped with its entry
  let at = 0;
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break; // the end: two zero blocks
    const size = parseInt(field(header, 124, 12).trim() || '0', 8);
    const span = BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const entry = tar.subarray(at, at + span);
    at += span;
    const type = String.fromCharCode(header[156]!);
    if (type === 'x') { pending = entry; continue; }
    const prefix = field(header, 345, 155);
    const name = `${prefix ? `${prefix}/` : ''}${field(header, 0, 100)}`;
    if (!names.has(name.replace(/\/+$/, '').split('/').pop()!)) {
      if (pending) kept.push(pending);
      kept.push(entry);
    }
    pending = null;
  }
  kept.push(new Uint8Array(BLOCK * 2));
  return new Uint8Array(Buffer.concat(kept));
}

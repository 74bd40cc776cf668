// A large text stored compressed: asset_resources.specification holds the description's UTF-8
// text gzip-compressed (bytea, migration 0023), compressed where it is prepared (publish/prepare.ts,
// a worker thread) or on its way to the driver (schema.ts), and read back as text.
//
// Why not PostgreSQL's own compression of a text column: the 47 MB Microsoft Graph description
// bound as one text parameter grew the embedded store's WebAssembly memory by 300 MB (the message
// buffer, the parameter's datum, the tuple, TOAST's compression buffer, each as large as the
// text), memory WebAssembly never gives back; its 3 MB of gzip, bound as bytea, grew it by nothing.
// Rows written before 0023 hold their plain UTF-8 bytes: read as they are (no gzip header).
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';

/** Text compressed for storing, and its size in UTF-8 bytes before compression. */
export interface CompressedText {
  bytes: Uint8Array;
  size: number;
}

const EMPTY = new Uint8Array(0);

/** UTF-8 text (a file's bytes as read) compressed; the empty text stays empty bytes, so
 * `octet_length(specification) = 0` still means "no text". */
export function compressUtf8(utf8: Uint8Array): CompressedText {
  if (utf8.length === 0) return { bytes: EMPTY, size: 0 };
  return { bytes: gzipSync(utf8), size: utf8.length };
}

export const compressText = (text: string): CompressedText => compressUtf8(Buffer.from(text, 'utf8'));

/** Bytes as a bytea value in a statement: bound as hex text that the database decodes. PGlite
 * serializes a bytea parameter a byte at a time (a string per byte, then joined): the 2.9 MB of
 * gzip of a 47 MB description took its thread 270 MB for the moment of the insert. */
export const byteaValue = (bytes: Uint8Array): SQL =>
  sql`decode(${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}, 'hex')`;

const isGzip = (bytes: Uint8Array) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

export function decompressText(bytes: Uint8Array | null | undefined): string {
  if (!bytes || bytes.length === 0) return '';
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (isGzip(buffer) ? gunzipSync(buffer) : buffer).toString('utf8');
}

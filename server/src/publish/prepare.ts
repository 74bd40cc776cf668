// The CPU part of publishing, with no database: read the description (tolerantly), the text to
// store (gzip-compressed, db/compressedText.ts), the search text, the category words and the explorer's index. Pure and plain-data in and
// out, so it runs in a worker thread (pool.ts) while the server keeps answering, or inline.
//
// Memory (issue 13: at most 1 GB for any one description, store included): the document is parsed
// once (detection's parse is indexed, the text let go before), and the index is handed on as the
// JSON the store writes, packed in one buffer that crosses threads by transfer (spec/packed.ts),
// without each operation's object form (the document's own subtrees). The text goes back
// compressed only.
import { compressText, compressUtf8, type CompressedText } from '../db/compressedText.ts';
import { ApiError, badRequest } from '../errors.ts';
import { buildSpecIndex, indexDocument, isParsedType, textHead, type ParsedType } from '../spec/build.ts';
import { SpecIndexError } from '../spec/parse.ts';
import { packSpecIndex, type PackedSpecIndex } from '../spec/packed.ts';
import { detectSpecification, type DetectedSpec, type DetectOptions } from './detect.ts';
import { searchText } from './searchText.ts';
import { categoryTerms } from './categories.ts';

/** What a description gives to publish, without the parsed document (too big to carry around). */
export type SpecFacts = Omit<DetectedSpec, 'doc' | 'schema' | 'text'>;

export interface Prepared {
  spec: SpecFacts;
  /** The text stored as the resource's specification, compressed here (off the server's thread):
   * whoever stores it never holds the text. */
  stored: CompressedText;
  searchText: string;
  categoryTerms: string[];
  /** Packed: its payloads' buffer crosses back from the worker by transfer (prepare.worker.mjs). */
  index: PackedSpecIndex;
}

export interface PrepareInput {
  /** The text, or a file's UTF-8 bytes: those cross to the worker by transfer (pool.ts), are
   * compressed as they are and decoded there, so the thread that read the file holds no copy. */
  content: string | Uint8Array;
  fileName?: string | undefined;
  options?: DetectOptions;
}

export function prepareDescription(input: PrepareInput): Prepared {
  const read = readDescription(input);
  const { spec, stored } = read;
  let index: PackedSpecIndex;
  try {
    // A document is indexed as detection parsed it: read once, and its text no longer held.
    index = read.doc ? indexDocument(read.doc.type, read.doc.value, stored.size) : packSpecIndex(buildSpecIndex(spec.type, read.text!));
  } catch (e) {
    if (!(e instanceof SpecIndexError)) throw e;
    // Readable for publishing, not for the explorer's index: published, and the reason shown.
    index = packSpecIndex({ ...buildSpecIndex('other', ''), head: textHead(stored.size, e.message) });
    spec.warnings.push(`The explorer cannot show its operations: ${e.message}`);
  }
  return { spec, stored, searchText: read.search, categoryTerms: read.terms, index };
}

interface Read {
  spec: SpecFacts;
  stored: CompressedText;
  search: string;
  terms: string[];
  /** What the index is built from: the parsed document (OpenAPI, AsyncAPI), else the text. */
  doc?: { type: ParsedType; value: Record<string, unknown> } | undefined;
  text?: string | undefined;
}

/** Detection and what is read from its parsed document. The text is taken out of the input
 * (input.content is emptied: the worker's message no longer holds it) and compressed first; a
 * file's bytes are compressed as they are, then decoded, so they are let go before the parse. */
function readDescription(input: PrepareInput): Read {
  const { content, asRead } = takeContent(input);
  const detected = detectSpecification(content, input.fileName ?? '', input.options);
  const { doc, schema: _schema, text: normalised, ...spec } = detected;
  const read: Read = { spec, stored: normalised === undefined ? asRead : compressText(normalised), search: searchText(detected), terms: categoryTerms(detected) };
  // Detection may change the text to store (GraphQL: duplicates dropped; SDL from introspection).
  if (doc && isParsedType(spec.type)) read.doc = { type: spec.type, value: doc };
  else read.text = normalised ?? content;
  return read;
}

function takeContent(input: PrepareInput): { content: string; asRead: CompressedText } {
  const given = input.content;
  input.content = '';
  if (typeof given === 'string') return { content: given, asRead: compressText(given) };
  return { content: Buffer.from(given.buffer, given.byteOffset, given.byteLength).toString('utf8'), asRead: compressUtf8(given) };
}

/** A refusal as plain data (errors lose their class crossing a thread), and back. */
export interface Refusal { refused: { status: number; parameter: string | undefined; message: string } }

export function toRefusal(error: unknown): Refusal | null {
  return error instanceof ApiError ? { refused: { status: error.status, parameter: error.parameter, message: error.message } } : null;
}

export function fromRefusal(r: Refusal['refused']): ApiError {
  return badRequest(r.parameter ?? 'file', r.message);
}

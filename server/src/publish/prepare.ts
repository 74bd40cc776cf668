// The CPU part of publishing, with no database: read the description (tolerantly), the text to
// store (gzip-compressed, db/compressedText.ts), the search text, the category words and the explorer's index. Pure and plain-data in and
// out, so it runs in a worker thread (pool.ts) while the server keeps answering, or inline.
//
// Memory (issue 13: at most 1 GB for any one description, store included): one parsed copy of the
// document at a time (the search text and category words are read from the first parse, which is
// then let go before the index parses the text again), and the index is handed on as the JSON the
// store writes, without each operation's object form (the document's own subtrees: as large as
// the document, and cloned whole when crossing threads). The text goes back compressed only.
import { compressText, type CompressedText } from '../db/compressedText.ts';
import { ApiError, badRequest } from '../errors.ts';
import { buildSpecIndex, textHead } from '../spec/build.ts';
import { SpecIndexError } from '../spec/parse.ts';
import type { IndexedOperation, SpecIndex } from '../spec/types.ts';
import { detectSpecification, type DetectedSpec, type DetectOptions } from './detect.ts';
import { searchText } from './searchText.ts';
import { categoryTerms } from './categories.ts';

/** What a description gives to publish, without the parsed document (too big to carry around). */
export type SpecFacts = Omit<DetectedSpec, 'doc' | 'schema' | 'text'>;

/** The explorer's index as stored: operations as their stored JSON (spec/store.ts writeSpecIndex
 * reads nothing else of them). */
export type PreparedIndex = Omit<SpecIndex, 'operations'> & { operations: Array<Omit<IndexedOperation, 'operation'>> };

export interface Prepared {
  spec: SpecFacts;
  /** The text stored as the resource's specification, compressed here (off the server's thread):
   * whoever stores it never holds the text. */
  stored: CompressedText;
  searchText: string;
  categoryTerms: string[];
  index: PreparedIndex;
}

export interface PrepareInput {
  content: string;
  fileName?: string | undefined;
  options?: DetectOptions;
}

export function prepareDescription(input: PrepareInput): Prepared {
  const { spec, text, search, terms } = readDescription(input);
  let index: PreparedIndex;
  try {
    index = withoutOperationObjects(buildSpecIndex(spec.type, text));
  } catch (e) {
    if (!(e instanceof SpecIndexError)) throw e;
    // Readable for publishing, not for the explorer's index: published, and the reason shown.
    index = { ...buildSpecIndex('other', ''), head: textHead(Buffer.byteLength(text), e.message) };
    spec.warnings.push(`The explorer cannot show its operations: ${e.message}`);
  }
  return { spec, stored: compressText(text), searchText: search, categoryTerms: terms, index };
}

/** Detection and what is read from its parsed document; the document is garbage on return. */
function readDescription(input: PrepareInput): { spec: SpecFacts; text: string; search: string; terms: string[] } {
  const detected = detectSpecification(input.content, input.fileName ?? '', input.options);
  const { doc: _doc, schema: _schema, text: normalised, ...spec } = detected;
  return { spec, text: normalised ?? input.content, search: searchText(detected), terms: categoryTerms(detected) };
}

function withoutOperationObjects(index: SpecIndex): PreparedIndex {
  return { ...index, operations: index.operations.map(({ operation: _operation, ...stored }) => stored) };
}

/** A refusal as plain data (errors lose their class crossing a thread), and back. */
export interface Refusal { refused: { status: number; parameter: string | undefined; message: string } }

export function toRefusal(error: unknown): Refusal | null {
  return error instanceof ApiError ? { refused: { status: error.status, parameter: error.parameter, message: error.message } } : null;
}

export function fromRefusal(r: Refusal['refused']): ApiError {
  return badRequest(r.parameter ?? 'file', r.message);
}

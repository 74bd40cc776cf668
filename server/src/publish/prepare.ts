// The CPU part of publishing, with no database: read the description (tolerantly), the text to
// store, the search text, the category words and the explorer's index. Pure and plain-data in and
// out, so it runs in a worker thread (pool.ts) while the server keeps answering, or inline.
import { ApiError, badRequest } from '../errors.ts';
import { buildSpecIndex, textHead } from '../spec/build.ts';
import { SpecIndexError } from '../spec/parse.ts';
import type { SpecIndex } from '../spec/types.ts';
import { detectSpecification, type DetectedSpec, type DetectOptions } from './detect.ts';
import { searchText } from './searchText.ts';
import { categoryTerms } from './categories.ts';

/** What a description gives to publish, without the parsed document (too big to carry around). */
export type SpecFacts = Omit<DetectedSpec, 'doc' | 'schema' | 'text'>;

export interface Prepared {
  spec: SpecFacts;
  /** The text stored as the resource's specification. */
  text: string;
  searchText: string;
  categoryTerms: string[];
  index: SpecIndex;
}

export interface PrepareInput {
  content: string;
  fileName?: string | undefined;
  options?: DetectOptions;
}

export function prepareDescription(input: PrepareInput): Prepared {
  const detected = detectSpecification(input.content, input.fileName ?? '', input.options);
  const { doc: _doc, schema: _schema, text: normalised, ...spec } = detected;
  const text = normalised ?? input.content;
  let index: SpecIndex;
  try {
    index = buildSpecIndex(spec.type, text);
  } catch (e) {
    if (!(e instanceof SpecIndexError)) throw e;
    // Readable for publishing, not for the explorer's index: published, and the reason shown.
    index = { ...buildSpecIndex('other', ''), head: textHead(Buffer.byteLength(text), e.message) };
    spec.warnings.push(`The explorer cannot show its operations: ${e.message}`);
  }
  return { spec, text, searchText: searchText(detected), categoryTerms: categoryTerms(detected), index };
}

/** A refusal as plain data (errors lose their class crossing a thread), and back. */
export interface Refusal { refused: { status: number; parameter: string | undefined; message: string } }

export function toRefusal(error: unknown): Refusal | null {
  return error instanceof ApiError ? { refused: { status: error.status, parameter: error.parameter, message: error.message } } : null;
}

export function fromRefusal(r: Refusal['refused']): ApiError {
  return badRequest(r.parameter ?? 'file', r.message);
}

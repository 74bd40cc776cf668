// Reads a stored specification text (JSON or YAML) into a plain object.
import { parse as parseYaml } from 'yaml';

export class SpecIndexError extends Error {
  override readonly name = 'SpecIndexError';
}

/** JSON first (fast, and what large descriptions are shipped as), then YAML. */
export function parseDocument(text: string): Record<string, unknown> {
  const trimmed = text.trimStart();
  if (trimmed.length === 0) throw new SpecIndexError('The specification is empty.');
  let doc: unknown;
  if (trimmed[0] === '{') {
    try {
      doc = JSON.parse(trimmed);
    } catch (e) {
      throw new SpecIndexError(`The specification is not valid JSON: ${(e as Error).message}`);
    }
  } else {
    try {
      // Large descriptions repeat anchors a lot; the default alias limit would reject them.
      doc = parseYaml(trimmed, { maxAliasCount: -1, uniqueKeys: false, prettyErrors: false });
    } catch (e) {
      throw new SpecIndexError(`The specification is not valid YAML: ${(e as Error).message.split('\n')[0]}`);
    }
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new SpecIndexError('The specification is not an object.');
  }
  return doc as Record<string, unknown>;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

export const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** First line of a summary or description, trimmed to what an index row should carry. */
export function shortText(v: unknown, max = 200): string {
  if (typeof v !== 'string') return '';
  const line = v.trim().split('\n')[0]!.trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

// HTTP methods as the explorer shows them: Swagger UI's colours (readers know them), and which
// ones only read (a read-only specification lets the console try only those).
import { READ_ONLY_METHODS, tryItMethodAllowed } from '../../../rules/tryIt.ts';

export const METHOD_COLORS: Record<string, string> = {
  get: 'bg-[#2f80ed]', post: 'bg-[#1f9d6b]', put: 'bg-[#d97a06]', delete: 'bg-[#d93b3b]', patch: 'bg-[#0f9f95]',
  head: 'bg-[#7c3aed]', options: 'bg-[#0d5aa7]', trace: 'bg-[#6b7280]',
};

/** Tinted row backgrounds and borders of an expanded operation, by method. */
export const METHOD_TINT: Record<string, string> = {
  get: 'border-[#2f80ed]/40 bg-[#2f80ed]/5', post: 'border-[#1f9d6b]/40 bg-[#1f9d6b]/5', put: 'border-[#d97a06]/40 bg-[#d97a06]/5',
  delete: 'border-[#d93b3b]/40 bg-[#d93b3b]/5', patch: 'border-[#0f9f95]/40 bg-[#0f9f95]/5', head: 'border-[#7c3aed]/40 bg-[#7c3aed]/5',
  options: 'border-[#0d5aa7]/40 bg-[#0d5aa7]/5', trace: 'border-gray-300 bg-gray-50',
};

/** Methods of a read-only specification's try-it (the gateway's rule, in Swagger UI's spelling). */
export const SAFE_METHODS = READ_ONLY_METHODS.map((m) => m.toLowerCase());

/** A read-only specification may be tried only with methods that do not change anything. */
export function methodTryable(method: string, readOnly: boolean): boolean {
  return tryItMethodAllowed({ readOnly }, method);
}

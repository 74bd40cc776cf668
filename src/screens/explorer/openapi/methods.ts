// HTTP methods as the explorer shows them: Swagger UI's colours (readers know them), and which
// ones only read (a read-only specification lets the console try only those).
import { READ_ONLY_METHODS, tryItMethodAllowed } from '../../../rules/tryIt.ts';

export const METHOD_HEX: Record<string, string> = {
  get: '#2f80ed', post: '#1f9d6b', put: '#d97a06', delete: '#d93b3b', patch: '#0f9f95', head: '#7c3aed', options: '#0d5aa7', trace: '#6b7280',
};

/** Methods of a read-only specification's try-it (the gateway's rule, in Swagger UI's spelling). */
export const SAFE_METHODS = READ_ONLY_METHODS.map((m) => m.toLowerCase());

/** A read-only specification may be tried only with methods that do not change anything. */
export function methodTryable(method: string, readOnly: boolean): boolean {
  return tryItMethodAllowed({ readOnly }, method);
}

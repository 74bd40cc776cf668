// HTTP methods as the explorer shows them: Swagger UI's hues (readers know them) at readable
// contrast, shared with Swagger UI's view (src/ui/methodColors.ts), and which ones only read (a
// read-only specification lets the console try only those).
import { READ_ONLY_METHODS, tryItMethodAllowed } from '../../../rules/tryIt.ts';
import { METHOD_COLORS } from '../../../ui/methodColors.ts';

export const METHOD_HEX: Record<string, string> = { ...METHOD_COLORS };

/** Methods of a read-only specification's try-it (the gateway's rule, in Swagger UI's spelling). */
export const SAFE_METHODS = READ_ONLY_METHODS.map((m) => m.toLowerCase());

/** A read-only specification may be tried only with methods that do not change anything. */
export function methodTryable(method: string, readOnly: boolean): boolean {
  return tryItMethodAllowed({ readOnly }, method);
}

// The `fields` parameter: a comma list restricting an answer to some top-level properties.
import { badRequest } from '../errors.ts';

/** The requested top-level fields (`latestVersion.id` asks for latestVersion), or null for all.
 * An unknown name is a 400 naming the parameter. */
export function parseFields<F extends string>(raw: string | undefined, allowed: readonly F[], parameter = 'fields'): Set<F> | null {
  if (raw === undefined || raw.trim() === '') return null;
  const set = new Set<F>();
  for (const name of raw.split(',')) {
    const top = name.trim().split('.')[0]!;
    if (!(allowed as readonly string[]).includes(top)) {
      throw badRequest(parameter, `${parameter} may only name ${allowed.join(', ')}; "${name}" is not one of them.`);
    }
    set.add(top as F);
  }
  set.add('id' as F);
  return set;
}

/** Keeps only the wanted properties of an answer (all when wanted is null). */
export function pick<T extends object>(value: T, wanted: Set<string> | null): Partial<T> {
  if (!wanted) return value;
  const out: Partial<T> = {};
  for (const key of Object.keys(value) as Array<keyof T>) {
    if (wanted.has(key as string)) out[key] = value[key];
  }
  return out;
}

// What the README's npm commands run, for the tests and benches that spawn them: exactly that
// command line (its flags and environment included), not a copy of it that could drift.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE = fileURLToPath(new URL('../package.json', import.meta.url));
/** `NAME=value` before the command, as the shell npm runs scripts with reads it. */
const ASSIGNMENT = /^([A-Z_][A-Z0-9_]*)=(\S*)$/;

function parse(name: string): { env: Record<string, string>; args: string[] } {
  const command = (JSON.parse(readFileSync(PACKAGE, 'utf8')) as { scripts: Record<string, string> }).scripts[name];
  const words = command?.split(' ') ?? [];
  const env: Record<string, string> = {};
  let m: RegExpExecArray | null;
  while (words.length && (m = ASSIGNMENT.exec(words[0]!))) {
    env[m[1]!] = m[2]!;
    words.shift();
  }
  if (words[0] !== 'node') throw new Error(`package.json has no "${name}" script run by node`);
  return { env, args: words.slice(1) };
}

/** `npm run <name>`'s command line from package.json, without its leading `node` (nor the
 * environment it sets: npmScriptEnv). */
export function npmScriptArgs(name: string): string[] {
  return parse(name).args;
}

/** The environment `npm run <name>` sets before its `node` (e.g. MALLOC_ARENA_MAX for the server). */
export function npmScriptEnv(name: string): Record<string, string> {
  return parse(name).env;
}

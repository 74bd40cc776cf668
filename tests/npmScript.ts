// What the README's npm commands run, for the tests and benches that spawn them: exactly that
// command line (its flags included), not a copy of it that could drift.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE = fileURLToPath(new URL('../package.json', import.meta.url));

/** `npm run <name>`'s command line from package.json, without its leading `node`. */
export function npmScriptArgs(name: string): string[] {
  const command = (JSON.parse(readFileSync(PACKAGE, 'utf8')) as { scripts: Record<string, string> }).scripts[name];
  if (!command?.startsWith('node ')) throw new Error(`package.json has no "${name}" script run by node`);
  return command.split(' ').slice(1);
}

// Installs Debian packages for the test tools when they are missing: as root directly, or through
// passwordless sudo. Anything else gets a clear message naming what to install by hand.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync } from 'node:fs';

function run(cmd, args, opts = {}) {
  return spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...opts });
}

/** The prefix that runs apt-get with enough rights, or null when apt-get cannot be used. */
export function aptPrefix() {
  if (spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0) return null;
  if (process.getuid?.() === 0) return [];
  if (spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  return null;
}

function listsAreEmpty() {
  try {
    return !readdirSync('/var/lib/apt/lists').some((f) => f.endsWith('_Packages') || f.includes('_Packages.'));
  } catch {
    return true;
  }
}

/** apt-get install -y <packages>; updates the package lists first when they are empty, and once
 * more when the install fails (stale lists name files the mirror no longer has). */
export function aptInstall(packages, why) {
  const prefix = aptPrefix();
  if (!prefix) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => {
    const [cmd, ...rest] = [...prefix, 'apt-get', ...args];
    return run(cmd, rest, { env }).status === 0;
  };
  console.error(`[agora] ${why}: installing Debian's ${packages.join(' ')} (apt-get)…`);
  if (listsAreEmpty()) apt(['update', '-q']);
  if (apt(['install', '-y', '-q', ...packages])) return true;
  apt(['update', '-q']);
  return apt(['install', '-y', '-q', ...packages]);
}

/** Whether path is a file this process may execute. */
export function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A tool's binary: $envVar when executable, else the first executable candidate, else the first
 * of `commands` on PATH; null when none is found. */
export function findBinary(envVar, candidates, commands) {
  const fromEnv = process.env[envVar];
  if (fromEnv && executable(fromEnv)) return fromEnv;
  if (fromEnv) console.error(`[agora] ${envVar}=${fromEnv} is not executable; looking elsewhere`);
  for (const path of candidates) if (executable(path)) return path;
  const which = spawnSync('sh', ['-c', commands.map((c) => `command -v ${c}`).join(' || ')], { encoding: 'utf8' });
  const found = which.status === 0 ? which.stdout.trim() : '';
  return found && executable(found) ? found : null;
}

/** find(), else Debian's `packages` installed (when apt-get can be used) and find() again. Sets
 * $envVar so child processes reuse the path; throws `missing` when there is none. */
export function ensureBinary({ envVar, find, packages, why, missing, install = true }) {
  let path = find();
  if (!path && install && aptInstall(packages, why)) path = find();
  if (!path) {
    const given = process.env[envVar];
    throw new Error(given && !executable(given) ? `${envVar}=${given} is not an executable file. ${missing}` : missing);
  }
  process.env[envVar] = path;
  return path;
}

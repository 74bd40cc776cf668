// Installs Debian packages for the test tools when they are missing: as root directly, or through
// passwordless sudo. Anything else gets a clear message naming what to install by hand.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

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

// Finds nginx for the load-balancer test (tests/server/ops.balancer.test.ts): NGINX_PATH, then
// Debian's path, then PATH. Where none exists and apt-get is usable, installs Debian's `nginx`
// (as scripts/chromium.mjs does for Chromium); otherwise stops with a message saying what to install.
// CLI: `node scripts/nginx.mjs` prints the path (installing if needed).
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './apt.mjs';

export const CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first usable nginx, or null. NGINX_PATH wins when set and executable. */
export function findNginx(candidates = CANDIDATES) {
  const fromEnv = process.env.NGINX_PATH;
  if (fromEnv && executable(fromEnv)) return fromEnv;
  for (const path of candidates) if (executable(path)) return path;
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  const found = which.status === 0 ? which.stdout.trim() : '';
  return found && executable(found) ? found : null;
}

export const MISSING_MESSAGE =
  `nginx is needed for the load-balancer test and was not found (looked at $NGINX_PATH, ${CANDIDATES.join(', ')}, ` +
  'and PATH), and apt-get cannot be used here. Install it, e.g. `sudo apt-get install nginx`, or point NGINX_PATH at an nginx binary.';

/** The path of a usable nginx, installing Debian's package when possible; throws MISSING_MESSAGE otherwise. */
export function ensureNginx({ install = true } = {}) {
  let path = findNginx();
  if (!path && install && aptInstall(['nginx'], 'nginx is missing')) path = findNginx();
  if (!path) throw new Error(MISSING_MESSAGE);
  process.env.NGINX_PATH = path;
  return path;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(ensureNginx());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

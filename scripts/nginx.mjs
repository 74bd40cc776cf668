// Finds nginx for the load-balancer test (tests/server/ops.balancer.test.ts): NGINX_PATH, then
// Debian's path, then PATH. Where none exists and apt-get is usable, installs Debian's `nginx`
// (as scripts/chromium.mjs does for Chromium); otherwise stops with a message saying what to install.
// CLI: `node scripts/nginx.mjs` prints the path (installing if needed).
import { fileURLToPath } from 'node:url';
import { ensureBinary, findBinary } from './apt.mjs';

export const CANDIDATES = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

/** The first usable nginx, or null. NGINX_PATH wins when set and executable. */
export function findNginx(candidates = CANDIDATES) {
  return findBinary('NGINX_PATH', candidates, ['nginx']);
}

export const MISSING_MESSAGE =
  `nginx is needed for the load-balancer test and was not found (looked at $NGINX_PATH, ${CANDIDATES.join(', ')}, ` +
  'and PATH), and apt-get cannot be used here. Install it, e.g. `sudo apt-get install nginx`, or point NGINX_PATH at an nginx binary.';

/** The path of a usable nginx, installing Debian's package when possible; throws MISSING_MESSAGE otherwise. */
export function ensureNginx({ install = true } = {}) {
  return ensureBinary({ envVar: 'NGINX_PATH', find: findNginx, packages: ['nginx'], why: 'nginx is missing', missing: MISSING_MESSAGE, install });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(ensureNginx());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

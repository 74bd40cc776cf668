// Finds nginx for the load-balancer test (tests/server/ops.balancer.test.ts): NGINX_PATH, then
// Debian's path, then PATH. Where none exists and apt-get is usable, installs Debian's `nginx`
// (as scripts/chromium.mjs does for Chromium); otherwise stops with a message saying what to install.
// CLI: `node scripts/nginx.mjs` prints the path (installing if needed).
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBinary, findBinary } from './apt.mjs';

const DEPLOY_CONF = fileURLToPath(new URL('../deploy/nginx.conf', import.meta.url));

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

/** deploy/nginx.conf as it is, with `listen` and the two `instances`' ports, and its logs and
 * temporary files in `dir` (the load-balancer test and bench/load --via=nginx). */
export function nginxConfig(dir, listen, instances) {
  let text = readFileSync(DEPLOY_CONF, 'utf8');
  const servers = [...text.matchAll(/^\s*server 127\.0\.0\.1:(\d+)/gm)];
  if (servers.length !== instances.length) throw new Error(`deploy/nginx.conf names ${servers.length} servers, not ${instances.length}`);
  servers.forEach((m, i) => { text = text.replace(`127.0.0.1:${m[1]}`, `127.0.0.1:${instances[i]}`); });
  return text.replace(/listen \d+;/, `listen 127.0.0.1:${listen};`)
    .replace(/access_log \S+;/, `access_log ${dir}/access.log;`).replace(/error_log \S+ (\w+);/, `error_log ${dir}/error.log $1;`)
    .replace(/http \{/, `http {\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;`);
}

/** nginx in the foreground on nginxConfig(dir, listen, instances); the child process. */
export function startNginx(dir, listen, instances) {
  chmodSync(dir, 0o777); // nginx's workers run as an unprivileged user when started as root
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, listen, instances));
  return spawn(ensureNginx(), ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', `daemon off; pid ${dir}/nginx.pid;`], { stdio: ['ignore', 'pipe', 'pipe'] });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(ensureNginx());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

// Finds the Chromium the browser suite drives (playwright-core cannot download browsers here):
// CHROMIUM_PATH, then Debian's paths. Where none exists and apt-get is usable, installs Debian's
// `chromium`; otherwise stops with a message saying what to install.
// CLI: `node scripts/chromium.mjs` prints the path (installing if needed).
import { accessSync, constants } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './apt.mjs';

export const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Flags Chromium needs here: as root it has no sandbox, and this machine's closed network
 * refuses its background connections (they slow every start). */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first usable Chromium, or null. CHROMIUM_PATH wins when set and executable. */
export function findChromium(candidates = CANDIDATES) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && executable(fromEnv)) return fromEnv;
  if (fromEnv) console.error(`[agora] CHROMIUM_PATH=${fromEnv} is not executable; looking elsewhere`);
  for (const path of candidates) if (executable(path)) return path;
  const which = spawnSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' });
  const found = which.status === 0 ? which.stdout.trim() : '';
  return found && executable(found) ? found : null;
}

export const MISSING_MESSAGE =
  'Chromium is needed for the browser tests and was not found (looked at $CHROMIUM_PATH, ' +
  `${CANDIDATES.join(', ')}, and PATH), and apt-get cannot be used here. Install it, e.g. ` +
  '`sudo apt-get install chromium` on Debian/Ubuntu, or point CHROMIUM_PATH at a Chromium or Chrome binary.';

/** The path of a usable Chromium, installing Debian's package when possible. Sets CHROMIUM_PATH
 * so child processes (vitest, the harness) reuse it. Throws with MISSING_MESSAGE otherwise. */
export function ensureChromium({ install = true } = {}) {
  let path = findChromium();
  if (!path && install && aptInstall(['chromium'], 'Chromium is missing')) path = findChromium();
  if (!path) {
    if (process.env.CHROMIUM_PATH && !executable(process.env.CHROMIUM_PATH)) {
      throw new Error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file. ${MISSING_MESSAGE}`);
    }
    throw new Error(MISSING_MESSAGE);
  }
  process.env.CHROMIUM_PATH = path;
  return path;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

// Finds the Chromium the browser suite drives (playwright-core cannot download browsers here):
// CHROMIUM_PATH, then Debian's paths. Where none exists and apt-get is usable, installs Debian's
// `chromium`; otherwise stops with a message saying what to install.
// CLI: `node scripts/chromium.mjs` prints the path (installing if needed).
import { fileURLToPath } from 'node:url';
import { ensureBinary, findBinary } from './apt.mjs';

export const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Flags Chromium needs here: as root it has no sandbox, and this machine's closed network
 * refuses its background connections (they slow every start). */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

/** The first usable Chromium, or null. CHROMIUM_PATH wins when set and executable. */
export function findChromium(candidates = CANDIDATES) {
  return findBinary('CHROMIUM_PATH', candidates, ['chromium', 'chromium-browser']);
}

export const MISSING_MESSAGE =
  'Chromium is needed for the browser tests and was not found (looked at $CHROMIUM_PATH, ' +
  `${CANDIDATES.join(', ')}, and PATH), and apt-get cannot be used here. Install it, e.g. ` +
  '`sudo apt-get install chromium` on Debian/Ubuntu, or point CHROMIUM_PATH at a Chromium or Chrome binary.';

/** The path of a usable Chromium, installing Debian's package when possible. Sets CHROMIUM_PATH
 * so child processes (vitest, the harness) reuse it. Throws with MISSING_MESSAGE otherwise. */
export function ensureChromium({ install = true } = {}) {
  return ensureBinary({ envVar: 'CHROMIUM_PATH', find: findChromium, packages: ['chromium'], why: 'Chromium is missing', missing: MISSING_MESSAGE, install });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

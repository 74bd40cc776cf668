// Element tests (tests/elements/, @web/test-runner 0.20 + @web/test-runner-playwright 0.11 on
// Debian's Chromium): each element of the BUILT bundle alone in a page of the test runner's origin,
// against the real marketplace server started here on another port (demo data, CORS_ORIGINS
// allowing the runner's origin). Run by `npm test` (step "elements") or:
//   node --import tsx node_modules/@web/test-runner/dist/bin.js --config web-test-runner.config.mjs
import { playwrightLauncher } from '@web/test-runner-playwright';
import { CHROMIUM_ARGS, ensureChromium } from './scripts/chromium.mjs';

/** Starts the marketplace server when the runner's server starts; tests import its URL from /__agora.js. */
function agoraServer() {
  let server = null;
  return {
    name: 'agora-server',
    async serverStart({ config }) {
      const { startElementsServer } = await import('./tests/elements/server.ts');
      server = await startElementsServer([`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`]);
    },
    async serverStop() {
      await server?.close();
    },
    serve(context) {
      if (context.path === '/__agora.js') return { body: `export const AGORA = ${JSON.stringify(server.baseUrl)};`, type: 'js' };
      return undefined;
    },
  };
}

export default {
  files: ['tests/elements/**/*.test.js'],
  nodeResolve: true,
  concurrency: 1,
  browsers: [playwrightLauncher({ product: 'chromium', launchOptions: { executablePath: ensureChromium(), args: CHROMIUM_ARGS, headless: true } })],
  plugins: [agoraServer()],
  testFramework: { config: { timeout: 30_000 } },
  testsFinishTimeout: 150_000,
};

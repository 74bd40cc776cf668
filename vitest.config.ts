import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './tests/sequencer.ts';

// Three suites: unit (rules, UI, client in happy-dom), server (the real app on a real store),
// browser (the built bundle served by the real server, driven in Debian's Chromium).
export default defineConfig({
  // Vite 8 transforms with oxc; React's automatic runtime, as tsconfig's "jsx": "react-jsx".
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    // One worker a core. Vitest's default is a core less, which is one worker on the 2-core CI
    // machine: the unit and server suites ran ~40% slower, with a core idle most of the time.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'happy-dom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node',
          testTimeout: 60_000, hookTimeout: 120_000, pool: 'forks',
          // A worker runs its files one after another in one process (each file still builds its
          // own app on its own store): the server's modules are imported once per worker instead
          // of once per file, a fifth of the suite's CPU time. Module state is per store (WeakMaps
          // keyed by the database), so nothing carries over from one file to the next.
          isolate: false,
          // One migrated PGlite template per run, shared by every test file's process.
          globalSetup: ['scripts/store-template.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser', include: ['tests/browser/**/*.test.ts'], environment: 'node',
          // Each file has its own server, store and Chromium, so two run side by side: most of a
          // browser test is waiting (network, timers), and on 2 cores this took the suite from
          // 20 to 12 minutes with the same results.
          testTimeout: 60_000, hookTimeout: 180_000, pool: 'forks', fileParallelism: true, maxWorkers: Number(process.env.AGORA_BROWSER_WORKERS ?? 2),
          // As for the server suite: modules imported once per worker, not once per file (~2 s a
          // file). The harness keeps nothing per file at module level (useSuite's hooks do).
          isolate: false,
          globalSetup: ['scripts/browser-setup.ts'],
        },
      },
    ],
  },
});

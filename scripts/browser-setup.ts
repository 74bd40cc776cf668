// Vitest globalSetup of the browser suite, run once before the test files (two run at a time):
// fails at once with a clear message when the build or Chromium is missing (installing Debian's
// chromium where it can), and makes the seeded demo store template so no two files seed it.
import { assertBuilt, prepareDemoStore } from '../tests/browser/harness.ts';
import { runCopies } from '../tests/storeFolder.ts';
import { ensureChromium } from './chromium.mjs';

export default async function setup(): Promise<() => void> {
  assertBuilt();
  ensureChromium();
  await prepareDemoStore();
  return runCopies();
}

// `npm test`: every check of the project, in order, stopping at the first failure, then a summary.
// Steps that keep one core busy and need nothing from each other run side by side (STAGES): on the
// 2-core CI machine the typecheck and the description lint fit beside the unit suite, the contract
// step beside the build; their output then comes line by line, each line tagged with its step.
//
//   npm test                                   everything
//   npm test -- --only unit,server             a subset (ids below; AGORA_TEST_ONLY works too)
//   npm test -- --skip build,browser           all but some (AGORA_TEST_SKIP works too)
//   npm test -- --keep-going                   run every step even after a failure
//   npm test -- --list                         the steps and what they run
//   npm test -- --only unit -- tests/unit/x    arguments after a second `--` go to every vitest run
//
// The server suite runs twice: on PGlite (TEST_DATABASE_URL unset) and on a throwaway PostgreSQL
// cluster (scripts/postgres.mjs; an existing TEST_DATABASE_URL is used instead). The browser suite
// first makes sure Chromium exists (scripts/chromium.mjs), installing Debian's package if needed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';
import { startPostgres } from './postgres.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(ROOT, 'node_modules', '.bin');
const RESULTS = join(ROOT, '.tmp', 'test-results');

const vitest = (project) => [join(BIN, 'vitest'), 'run', '--project', project];

/** @type {Array<{ id: string, title: string, cmd: string[], vitest?: boolean, env?: Record<string, string | undefined>, setup?: () => Promise<(() => Promise<void>) | void> }>} */
const STEPS = [
  { id: 'typecheck', title: 'typecheck (tsc --noEmit)', cmd: [join(BIN, 'tsc'), '--noEmit', '-p', 'tsconfig.json'] },
  { id: 'lint', title: 'project lint (scripts/lint.mjs)', cmd: [process.execPath, 'scripts/lint.mjs'] },
  // The API's own OpenAPI description, by Redocly CLI's recommended ruleset (redocly.yaml).
  { id: 'openapi-lint', title: 'OpenAPI description lint (Redocly, scripts/openapi.mjs)', cmd: [process.execPath, 'scripts/openapi.mjs', 'lint'] },
  { id: 'unit', title: 'unit suite (vitest, happy-dom)', cmd: vitest('unit'), vitest: true },
  {
    id: 'server', title: 'server suite on PGlite', cmd: vitest('server'), vitest: true,
    env: { TEST_DATABASE_URL: undefined },
  },
  {
    id: 'server-pg', title: 'server suite on PostgreSQL', cmd: vitest('server'), vitest: true,
    setup: async () => {
      const pg = await startPostgres();
      process.env.TEST_DATABASE_URL = pg.url;
      return async () => {
        await pg.stop();
      };
    },
  },
  // The API against its own description, by tools no one here wrote: Portman's contract tests and
  // fuzzed variations run by newman, and a walk through Prism's validating proxy (tests/contract/).
  { id: 'contract', title: 'API contract (Portman + newman, Prism proxy)', cmd: [process.execPath, '--import', 'tsx', 'tests/contract/run.ts'] },
  { id: 'build', title: 'build (rollup)', cmd: ['npm', 'run', '--silent', 'build'] },
  {
    id: 'browser', title: 'browser suite (Chromium)', cmd: vitest('browser'), vitest: true,
    setup: async () => {
      ensureChromium();
      if (!existsSync(join(ROOT, 'dist', 'agora.js'))) {
        throw new Error('dist/agora.js is missing: run `npm run build` first (or include the build step)');
      }
    },
  },
  {
    // Each element alone against the real server (web-test-runner.config.mjs, tests/elements/).
    id: 'elements', title: 'element tests (@web/test-runner, Chromium)',
    cmd: [process.execPath, '--import', 'tsx', join(ROOT, 'node_modules', '@web', 'test-runner', 'dist', 'bin.js'), '--config', 'web-test-runner.config.mjs'],
    setup: async () => {
      ensureChromium();
      if (!existsSync(join(ROOT, 'dist', 'custom-elements.json'))) {
        throw new Error('dist/custom-elements.json is missing: run `npm run build` first (or include the build step)');
      }
    },
  },
];

/** Steps in one entry run at the same time; the entries run one after another. */
const STAGES = [['typecheck', 'lint', 'openapi-lint', 'unit'], ['server'], ['server-pg'], ['contract', 'build'], ['browser'], ['elements']];
for (const step of STEPS) {
  if (STAGES.filter((stage) => stage.includes(step.id)).length !== 1) throw new Error(`step ${step.id} must be in exactly one stage`);
}

function parseArgs(argv) {
  const options = { only: null, skip: new Set(), keepGoing: false, list: false, passThrough: [] };
  const split = (v) => new Set(String(v ?? '').split(',').map((s) => s.trim()).filter(Boolean));
  if (process.env.AGORA_TEST_ONLY) options.only = split(process.env.AGORA_TEST_ONLY);
  if (process.env.AGORA_TEST_SKIP) options.skip = split(process.env.AGORA_TEST_SKIP);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      options.passThrough = argv.slice(i + 1);
      break;
    }
    const [key, inline] = arg.split('=', 2);
    const value = () => inline ?? argv[++i];
    if (key === '--only') options.only = split(value());
    else if (key === '--skip') options.skip = split(value());
    else if (key === '--keep-going') options.keepGoing = true;
    else if (key === '--list') options.list = true;
    else if (key === '--help' || key === '-h') options.list = true;
    else throw new Error(`unknown option ${arg} (see npm test -- --list)`);
  }
  const ids = new Set(STEPS.map((s) => s.id));
  for (const id of [...(options.only ?? []), ...options.skip]) {
    if (!ids.has(id)) throw new Error(`unknown step "${id}"; steps are: ${[...ids].join(', ')}`);
  }
  return options;
}

/** Copies a child's output to ours, each line tagged with the step (steps running side by side). */
function tagLines(stream, out, id) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) out.write(`[${id}] ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) out.write(`[${id}] ${rest}\n`);
  });
}

const running = new Set();

function run(step, passThrough, tagged) {
  const [cmd, ...args] = step.cmd;
  const extra = [];
  if (step.vitest) {
    mkdirSync(RESULTS, { recursive: true });
    const out = join(RESULTS, `${step.id}.json`);
    rmSync(out, { force: true });
    extra.push('--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...passThrough);
  }
  const env = { ...process.env };
  for (const [k, v] of Object.entries(step.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return new Promise((resolve) => {
    const child = spawn(cmd, [...args, ...extra], { cwd: ROOT, env, stdio: tagged ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (tagged) {
      tagLines(child.stdout, process.stdout, step.id);
      tagLines(child.stderr, process.stderr, step.id);
    }
    running.add(child);
    child.on('error', (error) => {
      console.error(`[test] cannot start ${cmd}: ${error.message}`);
      resolve(1);
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function counts(step) {
  const file = join(RESULTS, `${step.id}.json`);
  if (!step.vitest || !existsSync(file)) return null;
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0, skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0), files: r.numTotalTestSuites ?? 0 };
  } catch {
    return null;
  }
}

/** The failed tests of a vitest step, each with the first lines of its message (ANSI codes removed),
 * so the last screen of a long log says what failed and why. */
function failures(step) {
  const file = join(RESULTS, `${step.id}.json`);
  if (!step.vitest || !existsSync(file)) return [];
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    const out = [];
    for (const suite of r.testResults ?? []) {
      const where = suite.name ? suite.name.replace(`${ROOT}/`, '') : '';
      for (const t of suite.assertionResults ?? []) {
        if (t.status !== 'failed') continue;
        const message = (t.failureMessages ?? []).join('\n').replace(/\x1b\[[0-9;]*m/g, '');
        const lines = message.split('\n').map((l) => l.trimEnd()).filter((l) => l.trim() && !/^\s+at /.test(l)).slice(0, 12);
        out.push(`${where} > ${t.fullName ?? t.title}\n${lines.map((l) => `      ${l}`).join('\n')}`);
      }
      if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')) {
        out.push(`${where}: ${String(suite.message ?? 'the file failed to run').split('\n').slice(0, 6).join('\n      ')}`);
      }
    }
    return out;
  } catch {
    return [];
  }
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** One step: its setup, the command, its teardown; the result for the summary. */
async function runStep(step, options, tagged) {
  const t0 = Date.now();
  let code = 0;
  let note = '';
  let teardown;
  try {
    teardown = (await step.setup?.()) ?? undefined;
    code = await run(step, options.passThrough, tagged);
  } catch (error) {
    code = 1;
    note = error.message;
    console.error(`[test] ${step.id}: ${error.message}`);
  } finally {
    try {
      await teardown?.();
    } catch (error) {
      console.error(`[test] ${step.id}: cleanup failed: ${error.message}`);
    }
    if (step.id === 'server-pg') delete process.env.TEST_DATABASE_URL;
  }
  if (tagged) console.log(`[${step.id}] ${code === 0 ? 'done' : 'FAILED'} in ${seconds(Date.now() - t0)}`);
  return { step, code, ms: Date.now() - t0, counts: counts(step), note };
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`[test] ${error.message}`);
    process.exit(2);
  }
  if (options.list) {
    console.log('Steps of npm test (in order; steps on one line run side by side):');
    for (const stage of STAGES) console.log(`  ${stage.map((id) => `${id.padEnd(10)} ${STEPS.find((s) => s.id === id).title}`).join('\n    ┃ ')}`);
    console.log('\nnpm test -- --only a,b | --skip a,b | --keep-going | -- <args for vitest>');
    return 0;
  }
  const selected = STEPS.filter((s) => (!options.only || options.only.has(s.id)) && !options.skip.has(s.id));
  const results = [];
  const started = Date.now();
  const stages = STAGES.map((ids) => selected.filter((s) => ids.includes(s.id))).filter((stage) => stage.length);
  for (const stage of stages) {
    const tagged = stage.length > 1;
    console.log(`\n━━ ${stage.map((s) => `${s.id}: ${s.title}`).join(' ┃ ')} ━━`);
    results.push(...await Promise.all(stage.map((step) => runStep(step, options, tagged))));
    if (results.some((r) => r.code !== 0) && !options.keepGoing) break;
  }

  const failed = results.flatMap((r) => failures(r.step).map((f) => `[${r.step.id}] ${f}`));
  if (failed.length) {
    console.log('\n━━ failed tests ━━');
    for (const f of failed.slice(0, 20)) console.log(`  ${f}`);
    if (failed.length > 20) console.log(`  ... and ${failed.length - 20} more`);
  }

  const total = { passed: 0, failed: 0, skipped: 0 };
  console.log('\n━━ summary ━━');
  for (const r of results) {
    const c = r.counts;
    if (c) for (const k of Object.keys(total)) total[k] += c[k];
    const figures = c ? ` ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}` : '';
    console.log(`  ${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.step.id.padEnd(10)} ${seconds(r.ms).padStart(8)}${figures}${r.note ? `  (${r.note})` : ''}`);
  }
  const notRun = selected.filter((s) => !results.some((r) => r.step === s));
  for (const s of notRun) console.log(`  --   ${s.id.padEnd(10)} not run (an earlier step failed)`);
  const failedSteps = results.filter((r) => r.code !== 0).map((r) => r.step.id);
  console.log(`  total ${seconds(Date.now() - started)}${failedSteps.length ? `; failed: ${failedSteps.join(', ')}` : ''}`);
  console.log(`Tests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  return failedSteps.length ? 1 : 0;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
  });
}

process.exitCode = await main();

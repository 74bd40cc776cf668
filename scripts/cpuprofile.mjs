// `node scripts/cpuprofile.mjs file.cpuprofile [top]`: a V8 CPU profile (node --cpu-prof, or the
// benches' BENCH_CPU_PROF) read bottom-up: self time by module (a package under node_modules, a
// file of ours, node's internals, the garbage collector) and by function, with each one's share of
// the busy time (idle left out), so a hot path's cost can be read without DevTools.
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/cpuprofile.mjs file.cpuprofile [top]');
  process.exit(2);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
// Self time of each node: its samples times the interval after each.
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
/** The module a frame belongs to: a package, a file of ours, node's internals, or V8's own. */
function moduleOf(url, name) {
  if (!url) return `(${name.replace(/[()]/g, '')})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return url.startsWith('node:internal/') ? `node:${url.split('/')[1]}` : url;
  const ours = /\/(server\/src|src|bench|scripts)\/(.*)$/.exec(url);
  return ours ? `${ours[1]}/${ours[2]}` : url;
}
const modules = new Map();
const functions = new Map();
let busy = 0;
for (const [id, us] of self) {
  const { callFrame: f } = byId.get(id);
  if (f.functionName === '(idle)') continue;
  busy += us;
  const mod = moduleOf(f.url, f.functionName || '(anonymous)');
  modules.set(mod, (modules.get(mod) ?? 0) + us);
  const fn = `${f.functionName || '(anonymous)'}  ${mod}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  functions.set(fn, (functions.get(fn) ?? 0) + us);
}
const print = (title, map) => {
  console.log(`${title} (self time, ms; share of ${(busy / 1000).toFixed(0)} ms busy)`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${(us / 1000).toFixed(0).padStart(7)}  ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${k}`);
  }
};
print('by module', modules);
print('by function', functions);

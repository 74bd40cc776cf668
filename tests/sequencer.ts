// Test files in the order that ends a suite soonest: the slowest first, so the two workers finish
// together instead of one running a long process test alone at the end. Vitest orders by its own
// timings when it has them (a machine that ran the suite before); on a clean clone (CI) it has
// none and would start the largest files first, so there the times in tests/durations.json
// (scripts/test-durations.mjs) decide. A file not in the table runs first, as vitest runs new files.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

type Durations = Record<string, Record<string, number>>;

let table: Durations | undefined;
function durations(root: string): Durations {
  try {
    table ??= JSON.parse(readFileSync(join(root, 'tests', 'durations.json'), 'utf8')) as Durations;
  } catch {
    table = {};
  }
  return table;
}

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const known = (f: TestSpecification) => this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(root, f.moduleId)}`);
    if (files.every(known)) return super.sort(files);
    const seconds = (f: TestSpecification) => durations(root)[f.project.name]?.[relative(root, f.moduleId)] ?? Number.MAX_SAFE_INTEGER;
    return [...files].sort((a, b) => {
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return seconds(b) - seconds(a);
    });
  }
}

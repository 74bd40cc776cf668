// Build records (scripts/builds.mjs): a rebuild keeps every chunk of the builds replaced within the
// last 7 days, and only then removes them, so a page still running an earlier build finds them.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEEP_MS, recordBuild } from '../../scripts/builds.mjs';

const DAY = 24 * 3600 * 1000;
let dist = '';

/** Writes a build's chunks into dist/chunks and records it at `now`, as rollup.config.mjs does. */
function build(chunks: string[], now: number, keepPrevious = false) {
  for (const c of chunks) writeFileSync(join(dist, 'chunks', c), c);
  return recordBuild({ dist, kind: 'bundle', folders: ['chunks'], immutable: chunks.map((c) => `chunks/${c}`), mutable: ['agora.js'], now, keepPrevious });
}
const chunks = () => readdirSync(join(dist, 'chunks')).sort();

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('build records', () => {
  it('keeps a replaced build 7 days after the build that replaced it, then prunes it and its record', () => {
    dist = mkdtempSync(join(tmpdir(), 'agora-dist-'));
    mkdirSync(join(dist, 'chunks'));
    const t0 = Date.UTC(2026, 0, 1);
    build(['define-A.js', 'screen-A.js', 'shared-S.js'], t0);
    // Current for 30 days, then replaced: its chunks still get their 7 days.
    expect(build(['define-B.js', 'shared-S.js'], t0 + 30 * DAY)).toEqual([]);
    expect(chunks()).toEqual(['define-A.js', 'define-B.js', 'screen-A.js', 'shared-S.js']);
    expect(build(['define-C.js', 'shared-S.js'], t0 + 30 * DAY + KEEP_MS - DAY)).toEqual([]);
    // A replaced 7 days ago and a bit: its own chunks go, the one B and C still use stays.
    expect(build(['define-C.js', 'shared-S.js'], t0 + 30 * DAY + KEEP_MS + 1).sort()).toEqual(['chunks/define-A.js', 'chunks/screen-A.js']);
    expect(chunks()).toEqual(['define-B.js', 'define-C.js', 'shared-S.js']);
    expect(readdirSync(join(dist, 'builds')).length).toBe(3);
  });

  it('records chunks of a dist written before records existed as a build replaced now', () => {
    dist = mkdtempSync(join(tmpdir(), 'agora-dist-'));
    mkdirSync(join(dist, 'chunks'));
    writeFileSync(join(dist, 'chunks', 'old-X.js'), '');
    writeFileSync(join(dist, 'chunks', 'old-X.js.gz'), '');
    const now = Date.UTC(2026, 0, 1);
    expect(build(['new-Y.js'], now)).toEqual([]);
    expect(build(['new-Z.js'], now + KEEP_MS - 1)).toEqual([]);
    expect(build(['new-Z.js'], now + KEEP_MS + 1).sort()).toEqual(['chunks/old-X.js', 'chunks/old-X.js.gz']);
    expect(existsSync(join(dist, 'chunks', 'new-Y.js'))).toBe(true);
  });

  it('keeps only the previous build in watch mode', () => {
    dist = mkdtempSync(join(tmpdir(), 'agora-dist-'));
    mkdirSync(join(dist, 'chunks'));
    const now = Date.UTC(2026, 0, 1);
    build(['a-1.js'], now, true);
    build(['a-2.js'], now + 1000, true);
    expect(build(['a-3.js'], now + 2000, true)).toEqual(['chunks/a-1.js']);
  });
});

// dist/agora.d.ts (scripts/elements-manifest.mjs buildTypes) for TypeScript hosts: a React 19 TSX
// page using every tag with every attribute type-checks, and the same page with a misspelled
// attribute, a wrong attribute type or an unknown tag does not. tsc runs on fixtures written under
// .tmp/ (the project's own tsconfig must stay green, so the failing page is not kept in tests/).
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script
import { buildTypes, readElements } from '../../../scripts/elements-manifest.mjs';

const ROOT = join(import.meta.dirname, '../../..');
const DIR = join(ROOT, '.tmp', `types-fixture-${process.pid}`);
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');

interface Element { tag: string; attributes: Array<{ name: string; kind: string }> }
const elements = readElements(ROOT) as Element[];

const value = (kind: string) => (kind === 'number' ? '{10}' : kind === 'boolean' ? '{true}' : kind === 'json' ? `'{"a":1}'` : '"x"');

/** A React 19 page with every tag and every attribute, plus DOM uses of the types. */
function page(extra = ''): string {
  const tags = elements.map((el) => `      <${el.tag} ${el.attributes.map((a) => `${a.name}=${value(a.kind)}`).join(' ')} />`).join('\n');
  return `import { useState } from 'react';
export function Host() {
  const [seen, setSee] = useState('');
  return (
    <main onClick={() => setSee(seen)}>
${tags}
      <agora-carousel limit="4" onagora-navigate={(e) => { e.preventDefault(); setSee(e.detail.href); }} />
${extra}
    </main>
  );
}
const el: HTMLElementTagNameMap['agora-subscribe-button'] | null = document.querySelector('agora-subscribe-button');
el?.addEventListener('agora-subscribed', (e) => console.info(e.detail.subscriptionId, e.detail.planId));
document.addEventListener('agora-error', (e) => console.info(e.detail.message, e.detail.status));
window.Agora?.configure({ apiBase: 'https://market.example.com/api/v1', tenant: 'org-1' });
`;
}

function tsc(name: string, source: string): { ok: boolean; output: string } {
  const dir = join(DIR, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'agora.d.ts'), buildTypes(ROOT));
  writeFileSync(join(dir, 'host.tsx'), source);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx', strict: true,
      lib: ['ES2023', 'DOM'], types: [], noEmit: true, skipLibCheck: false,
    },
    files: ['agora.d.ts', 'host.tsx'],
  }));
  try {
    return { ok: true, output: execFileSync(TSC, ['-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' }) };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

afterAll(() => rmSync(DIR, { recursive: true, force: true }));

describe('dist/agora.d.ts in a React 19 host', () => {
  it('type-checks a page using every tag with every attribute', () => {
    const result = tsc('valid', page());
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  }, 60_000);

  it.each([
    ['a misspelled attribute', '      <agora-carousel limt="3" />', /limt/],
    ['an attribute of another element', '      <agora-subscribe-button paging="pages" />', /paging/],
    ['an unknown tag', '      <agora-carousell />', /agora-carousell/],
  ])('fails on %s', (_label, line, error) => {
    const result = tsc(_label.replace(/\W+/g, '-'), page(line));
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(error);
  }, 60_000);
});

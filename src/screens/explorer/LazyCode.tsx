// The code viewer chunk (highlight.js), loaded on first use; until it arrives the first lines
// show plain, so nothing waits for it.
import { lazy, Suspense } from 'react';
import type { CodeViewerProps } from '../../viewers/code/CodeViewer.tsx';
import { withTimeout } from '../../elements/chunks.ts';
import { CODE_VIEWER_FIRST_LINES } from '../../rules/constants.ts';
import { splitLines } from '../../rules/codeViewer.ts';

const load = () => import('../../viewers/code/CodeViewer.tsx');
const CodeViewer = lazy(withTimeout(load));

/** Starts loading the chunk early (an explorer that will show examples calls it on mount). */
export function preloadCodeViewer(): void {
  void load().catch(() => undefined);
}

export function Code(props: CodeViewerProps) {
  const fallback = (
    <pre className="m-0 overflow-auto rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 font-mono text-[12.5px] leading-5 text-gray-800" style={{ maxHeight: props.maxHeight ?? '600px' }}>
      {splitLines(props.text).slice(0, CODE_VIEWER_FIRST_LINES).join('\n')}
    </pre>
  );
  return <Suspense fallback={fallback}><CodeViewer {...props} /></Suspense>;
}

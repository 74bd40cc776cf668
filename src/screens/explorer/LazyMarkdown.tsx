// Markdown (marked + DOMPurify) as a chunk of its own: the explorer draws its first operations
// without waiting for it; descriptions show as plain text for the moment it takes to arrive.
import { lazy, Suspense } from 'react';
import { withTimeout } from '../../elements/chunks.ts';
import { cx } from '../../ui/tone.ts';

const load = () => import('../../ui/Markdown.tsx').then((m) => ({ default: m.Markdown }));
const Markdown = lazy(withTimeout(load));

export function preloadMarkdown(): void {
  void load().catch(() => undefined);
}

export function Md({ source, className }: { source: string; className?: string }) {
  const plain = <p className={cx('m-0 whitespace-pre-line break-words text-gray-700', className)}>{source}</p>;
  return <Suspense fallback={plain}><Markdown source={source} className={className} /></Suspense>;
}

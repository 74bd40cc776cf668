// A history timeline, oldest first (access requests, subscriptions: spec 2 §4, spec 3 §4): each
// step with its coloured dot, who acted, when, and the reason given. Texts come from the caller.
import type { ReactNode } from 'react';
import { cx, TONE_DOT, type Tone } from './tone.ts';

export interface HistoryItem {
  /** The step's kind, kept in data-history for tests and styling. */
  type: string;
  title: ReactNode;
  /** "by {name}", already worded. */
  by?: ReactNode;
  /** When, already formatted. */
  at: ReactNode;
  /** "Reason: …", already worded. */
  reason?: ReactNode;
  tone: Tone;
}

export function History({ items, empty }: { items: HistoryItem[]; empty: ReactNode }) {
  if (items.length === 0) return <p className="m-0 text-gray-500">{empty}</p>;
  return (
    <ol className="m-0 list-none space-y-3 border-l-2 border-gray-200 pl-4">
      {items.map((h, i) => (
        <li key={i} data-history={h.type} className="relative">
          <span aria-hidden="true" className={cx('absolute -left-[1.4rem] top-1.5 h-2.5 w-2.5 rounded-full', TONE_DOT[h.tone])} />
          <p className="m-0 font-medium text-gray-900">
            {h.title}
            {h.by && <span className="font-normal text-gray-600"> {h.by}</span>}
          </p>
          <p className="m-0 text-xs text-gray-500">{h.at}</p>
          {h.reason && <p className="m-0 mt-1 text-gray-700">{h.reason}</p>}
        </li>
      ))}
    </ol>
  );
}

// The wizard's stepper: one button per visible step, with its number or status (complete, error),
// the current one marked; a step the rules do not let the user enter is disabled.
import type { StepId, StepStatus } from '../../rules/wizard.ts';
import { IconWarning } from '../../ui/icons.tsx';
import { IconCheck } from '../../ui/moreIcons.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';

export interface StepperItem {
  id: StepId;
  title: string;
  description: string;
  status: StepStatus;
  enterable: boolean;
}

export function Stepper({ items, current, onSelect, label }: { items: StepperItem[]; current: StepId; onSelect: (id: StepId) => void; label: string }) {
  return (
    <nav aria-label={label}>
      <ol className="m-0 flex list-none gap-1 p-0 sm:gap-2" data-part="stepper">
        {items.map((item, index) => {
          const active = item.id === current;
          return (
            <li key={item.id} className={cx('min-w-0', active ? 'flex-[2_1_0%] sm:flex-1' : 'flex-1')}>
              <button
                type="button"
                disabled={!item.enterable}
                aria-current={active ? 'step' : undefined}
                onClick={() => onSelect(item.id)}
                data-step={item.id}
                data-status={item.status}
                className={cx(
                  'flex w-full items-start gap-2 rounded-md border-t-4 bg-transparent px-1 pt-2 text-left disabled:cursor-not-allowed sm:px-2',
                  active ? 'border-primary' : item.status === 'complete' ? 'border-primary/40' : item.status === 'error' ? 'border-danger' : 'border-gray-200',
                  FOCUS_RING,
                )}
              >
                <span
                  aria-hidden="true"
                  className={cx(
                    'grid h-6 w-6 shrink-0 place-items-center rounded-full text-xs font-semibold',
                    item.status === 'error' ? 'bg-danger text-white' : item.status === 'complete' ? 'bg-primary text-white'
                      : active ? 'border-2 border-primary text-primary' : 'border border-gray-300 text-gray-500',
                  )}
                >
                  {item.status === 'error' ? <IconWarning size={12} /> : item.status === 'complete' ? <IconCheck size={12} /> : index + 1}
                </span>
                <span className={cx('min-w-0 flex-col', active ? 'flex' : 'hidden sm:flex')}>
                  <span className={cx('truncate text-sm font-medium', active ? 'text-gray-900' : 'text-gray-600')}>{item.title}</span>
                  <span className="hidden text-xs text-gray-500 md:block">{item.description}</span>
                </span>
                {!active && <span className="sr-only sm:hidden">{item.title}</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

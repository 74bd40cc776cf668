// The panel's steps as a short ordered list (spec 3 §4 "Subscribe flow"): request, then for a
// paid plan with billing on checkout and invoice, then the result; the current one is marked.
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import type { SubscribeStep } from '../../rules/subscribeFlow.ts';
import { IconCheck } from '../../ui/moreIcons.tsx';
import { cx } from '../../ui/tone.ts';

type Shown = 'requesting' | 'checkout' | 'invoices' | 'result';
const LABEL: Record<Shown, MessageKey> = {
  requesting: 'subscribe.step.requesting',
  checkout: 'subscribe.step.checkout',
  invoices: 'subscribe.step.invoices',
  result: 'subscribe.step.result',
};

/** `paid`: null until the subscription exists (a paid plan's steps show once it is known). */
export function StepList({ step, paid }: { step: SubscribeStep; paid: boolean | null }) {
  const { t } = useMessages('subscribe');
  const shown: Shown[] = paid ? ['requesting', 'checkout', 'invoices', 'result'] : ['requesting', 'result'];
  const current: Shown = step === 'requesting' || step === 'checkout' || step === 'invoices' ? step : 'result';
  const at = shown.indexOf(current);
  return (
    <ol className="m-0 flex list-none flex-wrap items-center gap-x-2 gap-y-1 p-0 text-xs" aria-label={t('subscribe.panel.steps')} data-part="steps">
      {shown.map((s, i) => (
        <li key={s} className="flex items-center gap-2" aria-current={i === at ? 'step' : undefined}>
          {i > 0 && <span aria-hidden="true" className="h-px w-4 bg-gray-300" />}
          <span className={cx('inline-flex items-center gap-1 rounded-full px-2.5 py-1 font-medium',
            i === at ? 'bg-primary text-on-primary' : i < at ? 'bg-success/15 text-success-ink' : 'bg-gray-100 text-gray-600')}>
            {i < at && <IconCheck size={12} />}
            {t(LABEL[s])}
          </span>
        </li>
      ))}
    </ol>
  );
}

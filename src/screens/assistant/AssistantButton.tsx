// The button that opens the assistant (spec 3 §2.6), in the portal's header or on its own on a
// provider's page. The conversation itself is a chunk of its own, asked for when the pointer or the
// focus reaches the button and shown on click.
import { lazy, Suspense, useState } from 'react';
import { withTimeout } from '../../elements/chunks.ts';
import { useMessages } from '../../i18n/intl.ts';
import { cx } from '../../ui/tone.ts';

const loadDialog = withTimeout(() => import('./AssistantDialog.tsx'));
const AssistantDialog = lazy(loadDialog);

const LOOK = {
  header: 'h-9 border-on-heading/25 px-2.5 text-on-heading hover:bg-on-heading/10 focus-visible:ring-on-heading/70',
  standalone: 'h-10 border-primary bg-primary px-4 text-white shadow hover:brightness-110 focus-visible:ring-primary/60',
} as const;

export default function AssistantButton({ look = 'standalone' }: { look?: keyof typeof LOOK }) {
  const { t } = useMessages('assistant');
  const [open, setOpen] = useState(false);
  const preload = () => void loadDialog().catch(() => {});
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={t('assistant.open')}
        title={t('assistant.open')}
        data-testid="assistant-open"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
        className={cx(
          'inline-flex items-center gap-1.5 whitespace-nowrap rounded-md border text-sm font-medium focus-visible:outline-none focus-visible:ring-2',
          LOOK[look],
        )}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 3l1.9 4.6L18.5 9.5l-4.6 1.9L12 16l-1.9-4.6L5.5 9.5l4.6-1.9z" />
          <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
        </svg>
        <span className={look === 'header' ? 'hidden lg:inline' : undefined}>{t('assistant.open')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AssistantDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

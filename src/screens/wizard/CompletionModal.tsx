// The completion modal (spec 2 §2): cannot be dismissed; says the requests were sent, counts the
// selected resources, the requests pending approval and those already approved, and leads on to
// the application's credentials or to the registrations of this subscription and application.
import { useId, useRef } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { href } from '../../rules/routes.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { IconSuccess } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useUiTheme } from '../../ui/theme.ts';

export interface CompletionModalProps {
  open: boolean;
  applicationId: string;
  subscriptionId: string;
  counts: { selected: number; pending: number; approved: number };
}

export function CompletionModal({ open, applicationId, subscriptionId, counts }: CompletionModalProps) {
  const { t } = useMessages('wizard');
  const id = useId();
  const theme = useUiTheme();
  const first = useRef<HTMLAnchorElement>(null);
  return (
    <Modal open={open} labelledBy={`${id}-title`} describedBy={`${id}-text`} role="alertdialog" initialFocus={first} className="max-w-lg p-6">
      <div className="flex flex-col items-center gap-3 text-center" data-part="completion">
        <IconSuccess size={40} className="text-success" />
        <h2 id={`${id}-title`} className="m-0 text-xl font-semibold text-gray-900">{t('wizard.done.title')}</h2>
        <p id={`${id}-text`} className="m-0 text-sm text-gray-600">{t('wizard.done.message')}</p>
        <dl className="m-0 mt-2 grid w-full grid-cols-3 gap-2">
          {([['selected', counts.selected], ['pending', counts.pending], ['approved', counts.approved]] as const).map(([k, n]) => (
            <div key={k} className="rounded-md bg-gray-50 px-2 py-3" data-count={k}>
              <dd className="m-0 text-2xl font-semibold text-gray-900">{n}</dd>
              <dt className="text-xs text-gray-600">{t(`wizard.done.${k}`)}</dt>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link
            to={href('registrations', {}, { subscription: subscriptionId, 'application.id': applicationId })}
            className={buttonClasses({ variant: 'secondary', theme })}
            data-action="view-registration"
          >
            {t('wizard.done.viewRegistration')}
          </Link>
          <Link
            ref={first}
            to={href('application.credentials', { applicationId })}
            className={buttonClasses({ variant: 'primary', theme })}
            data-action="create-credentials"
          >
            {t('wizard.done.createCredentials')}
          </Link>
        </div>
      </div>
    </Modal>
  );
}

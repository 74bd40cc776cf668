// The last step of the subscription panel (spec 3 §2.2, §4): approved, pending (the provider
// reviews it, or the paid invoice did not arrive in time: check again) or rejected ('Declined').
// After approval, the link to the access wizard with ?subscriptionId when the caller may register
// under the subscription and a resource of its plan needs an access request.
import type { RefObject } from 'react';
import { useProduct } from '../../api/products.ts';
import { useSubscription, useSubscriptionResources } from '../../api/subscriptions.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { href } from '../../rules/routes.ts';
import { showRegistrationLink } from '../../rules/subscribeFlow.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { useUiTheme } from '../../ui/theme.ts';
import { cx } from '../../ui/tone.ts';
import { ContactLine } from '../product/ContactLine.tsx';
import type { Created } from './SubscribePanel.tsx';

export interface ResultStepProps {
  heading: RefObject<HTMLHeadingElement | null>;
  productId: string;
  created: Created;
  result: 'approved' | 'pending' | 'rejected';
  /** Pending because the paid invoice did not show in the wait. */
  unpaid: boolean;
  onCheckAgain: () => void;
}

const ONE_RESOURCE = { pageSize: 1 };

export function ResultStep({ heading, productId, created, result, unpaid, onCheckAgain }: ResultStepProps) {
  const { t } = useMessages('subscribe');
  const theme = useUiTheme();
  const product = useProduct(productId);
  const approved = result === 'approved';
  const subscription = useSubscription(approved ? created.id : null);
  const resources = useSubscriptionResources(approved ? created.id : null, ONE_RESOURCE);
  const register = approved && !!subscription.data && !!resources.data
    && showRegistrationLink(subscription.data.canRequestAccess, resources.data.totalCount);

  const tone = approved ? 'success' : result === 'rejected' ? 'danger' : 'warning';
  const title = approved ? t('subscribe.result.approved.title')
    : result === 'rejected' ? t('subscribe.result.rejected.title')
      : unpaid ? t('subscribe.result.unpaid.title') : t('subscribe.result.pending.title');
  const text = approved ? t('subscribe.result.approved', { title: created.title })
    : result === 'rejected' ? t('subscribe.result.rejected', { title: created.title })
      : unpaid ? t('subscribe.result.unpaid', { title: created.title }) : t('subscribe.result.pending', { title: created.title });

  return (
    <section className="flex flex-col gap-4" data-part="result" data-result={result} data-unpaid={unpaid ? '' : undefined}>
      <h3 ref={heading} tabIndex={-1} className="m-0 text-base font-semibold text-gray-900 outline-none">{title}</h3>
      <Alert tone={tone}><span data-part="result-message">{text}</span></Alert>
      {unpaid && <div><Button variant="secondary" onClick={onCheckAgain} data-action="check-again">{t('subscribe.result.checkAgain')}</Button></div>}
      {register && (
        <div className="flex flex-col gap-2 rounded-lg border border-gray-200 px-4 py-3" data-part="register">
          <p className="m-0 text-gray-700">{t('subscribe.result.registerHint')}</p>
          <div>
            <Link to={href('registrationCreate', { productId }, { subscriptionId: created.id })}
              className={cx(buttonClasses({ variant: 'primary', theme }), 'no-underline')} data-action="register">
              {t('subscribe.result.register')}
            </Link>
          </div>
        </div>
      )}
      <div>
        <Link to={href('subscription', { subscriptionId: created.id })} className="font-medium text-primary underline-offset-2 hover:underline" data-action="view">
          {t('subscribe.result.view')}
        </Link>
      </div>
      {!approved && <ContactLine email={product.data?.contact?.email} className="text-gray-600" />}
    </section>
  );
}

// Step 1 (spec 2 §2 "Request Access wizard"): choose one of the caller's active applications (or
// create one) and a subscription of the product owned by the application's owner; only approved
// and active subscriptions are listed, disabled when the caller may not request access under them.
import { Suspense } from 'react';
import { useApi } from '../../api/context.ts';
import { fetchSubscriptions, type Subscription } from '../../api/subscriptions.ts';
import { useMessages } from '../../i18n/intl.ts';
import { subscriptionDisabled, subscriptionListed } from '../../rules/wizard.ts';
import { Button } from '../../ui/Button.tsx';
import { PagedSelect } from '../../ui/PagedSelect.tsx';
import { fetchActiveApplications, type Application } from './data.ts';
import { PendingInvoices } from '../subscribe/PendingInvoices.tsx';

export interface ProfileStepProps {
  productId: string;
  application: Application | null;
  subscription: Subscription | null;
  onApplication: (application: Application | null) => void;
  onSubscription: (subscription: Subscription | null) => void;
  onCreateApplication: () => void;
  showErrors: boolean;
}

/** The owner ids a subscription of the application's owner may carry (a user's private team too). */
export const ownerIds = (a: Application) => [a.owner.id, a.owner.contextId].filter((id): id is string => !!id);

export function ProfileStep({ productId, application, subscription, onApplication, onSubscription, onCreateApplication, showErrors }: ProfileStepProps) {
  const { t } = useMessages('wizard');
  const api = useApi();
  return (
    <div className="flex max-w-xl flex-col gap-6" data-part="profile-step">
      <div className="flex flex-col gap-2">
        <PagedSelect<Application>
          label={t('wizard.profile.application')}
          required
          value={application}
          onChange={onApplication}
          loadPage={({ page, pageSize, search, signal }) => fetchActiveApplications(api, page, pageSize, search, signal)}
          getKey={(a) => a.id}
          getLabel={(a) => a.title}
          renderOption={(a) => (
            <span className="flex min-w-0 flex-col">
              <span className="truncate">{a.title}</span>
              {a.owner.name && <span className="truncate text-xs text-gray-500">{t('wizard.profile.ownedBy', { owner: a.owner.name })}</span>}
            </span>
          )}
          placeholder={t('wizard.profile.applicationPlaceholder')}
          error={showErrors && !application ? t('wizard.profile.applicationRequired') : undefined}
        />
        <div>
          <Button variant="link" size="sm" onClick={onCreateApplication} data-action="create-application">{t('wizard.profile.createApplication')}</Button>
        </div>
      </div>
      <PagedSelect<Subscription>
        key={application?.id ?? 'none'}
        label={t('wizard.profile.subscription')}
        required
        disabled={!application}
        value={subscription}
        onChange={onSubscription}
        loadPage={async ({ page, pageSize, search, signal }) => {
          const answer = await fetchSubscriptions(api, {
            product: productId, ownerId: ownerIds(application!), states: ['active'], approvalStates: ['approved'],
            sort: '-metadata.createdAt', page, pageSize, ...(search ? { search } : {}),
          }, signal);
          // The server filters already; the rule is applied again so the list never shows another state.
          return { items: answer.items.filter(subscriptionListed), totalCount: answer.totalCount };
        }}
        getKey={(s) => s.id}
        getLabel={(s) => s.title}
        isOptionDisabled={subscriptionDisabled}
        renderOption={(s) => (
          <span className="flex min-w-0 flex-col">
            <span className="truncate">{s.title}</span>
            <span className="truncate text-xs text-gray-500">
              {subscriptionDisabled(s) ? t('wizard.profile.subscriptionNotAllowed') : t('wizard.profile.plan', { plan: s.plan.title })}
            </span>
          </span>
        )}
        placeholder={application ? t('wizard.profile.subscriptionPlaceholder') : t('wizard.profile.chooseApplicationFirst')}
        error={showErrors && application && !subscription ? t('wizard.profile.subscriptionRequired') : undefined}
      />
      {/* A paid plan's unpaid invoice blocks requests under it (spec 3 §2.1; its subscription is
          listed disabled): say so here, with the way to pay it. */}
      <Suspense fallback={null}><PendingInvoices productId={productId} /></Suspense>
    </div>
  );
}

// The applications holding an access request under the subscription (spec 3 §2.3): title and
// owner, each linking to the application; 'no applications for the subscription' when none.
import { useState } from 'react';
import { useSubscriptionApplications } from '../../api/subscriptions.ts';
import { useMessages } from '../../i18n/intl.ts';
import { DEFAULT_PAGE_SIZE } from '../../rules/constants.ts';
import { href } from '../../rules/routes.ts';
import { Link } from '../../router/context.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { AsyncState, ErrorPlaceholder } from '../../ui/Placeholders.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';

export function ApplicationsSection({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useMessages('subscriptions');
  const [page, setPage] = useState(1);
  const list = useSubscriptionApplications(subscriptionId, { page, pageSize: DEFAULT_PAGE_SIZE, sort: '+name' });
  const items = list.data?.items ?? [];
  return (
    <AsyncState loading={!list.data && !list.error} error={list.error}
      errorView={list.error && <ErrorPlaceholder title={t('subscriptions.applications.error')} error={list.error} onRetry={() => void list.mutate()} />}>
      {items.length === 0 ? <p className="m-0 text-gray-500" data-part="applications-empty">{t('subscriptions.applications.empty')}</p> : (
        <>
          <ul className="m-0 list-none divide-y divide-gray-100 p-0" aria-label={t('subscriptions.section.applications')}>
            {items.map((a) => (
              <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2" data-application={a.id}>
                <Link to={href('application.credentials', { applicationId: a.id })} className={cx('font-medium text-primary hover:underline', FOCUS_RING)}>{a.title}</Link>
                <span className="text-sm text-gray-600">{a.owner.name ?? t('subscriptions.owner.unknown')}</span>
              </li>
            ))}
          </ul>
          {list.data!.totalCount > DEFAULT_PAGE_SIZE && (
            <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} totalCount={list.data!.totalCount} onPageChange={setPage} showGoTo={false} />
          )}
        </>
      )}
    </AsyncState>
  );
}

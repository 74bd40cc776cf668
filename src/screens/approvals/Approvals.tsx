// /approvals, <agora-approvals>: the provider Administrators' one queue of pending subscriptions,
// access requests and reviews of their products (GET /approvals), newest first, filtered by type
// and product, a page at a time. Each item shows its details and is approved or declined with a
// reason (ApprovalItem.tsx); a decided item leaves the queue. Anyone else, and a 403 from the
// server, gets the unauthorized placeholder.
import { useId, useState } from 'react';
import { useSession } from '../../api/auth.ts';
import { useApi } from '../../api/context.ts';
import { useApprovals, type ApprovalsQuery, type ApprovalType } from '../../api/approvals.ts';
import type { Product } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { APPROVALS_PAGE_SIZE } from '../../rules/constants.ts';
import { isProviderAdministrator } from '../../rules/roles.ts';
import { useSignedIn } from '../../state/store.ts';
import { Button } from '../../ui/Button.tsx';
import { PagedSelect } from '../../ui/PagedSelect.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { ApprovalCard } from './ApprovalItem.tsx';

export interface ApprovalsProps {
  /** Pre-filters by one kind: subscription, accessRequest or review. */
  type?: string;
  /** Pre-filters by one product id. */
  productId?: string;
}

const TYPES: readonly ApprovalType[] = ['subscription', 'accessRequest', 'review'];
const toType = (value: string | undefined): ApprovalType | '' => (TYPES as readonly string[]).includes(value ?? '') ? value as ApprovalType : '';

export default function Approvals(props: ApprovalsProps) {
  const { t } = useMessages('approvals');
  const signedIn = useSignedIn();
  const session = useSession();
  let body;
  if (!signedIn || (session.data && !isProviderAdministrator(session.data))) body = <UnauthorizedPlaceholder />;
  else if (!session.data) body = session.error ? <ErrorPlaceholder error={session.error} onRetry={() => void session.mutate()} /> : <LoadingPlaceholder />;
  else body = <Queue {...props} />;
  return (
    <div className="mx-auto flex w-full max-w-[1360px] flex-col gap-5 px-4 py-6 sm:px-6 lg:py-8" data-page="approvals">
      <header>
        <h1 className="m-0 text-2xl font-semibold text-gray-900 sm:text-3xl">{t('approvals.title')}</h1>
        <p className="m-0 mt-1 text-gray-600">{t('approvals.subtitle')}</p>
      </header>
      {body}
    </div>
  );
}

type ProductOption = Pick<Product, 'id' | 'title'>;

function Queue({ type: initialType, productId }: ApprovalsProps) {
  const { t } = useMessages('approvals');
  const api = useApi();
  const typeId = useId();
  const [type, setType] = useState<ApprovalType | ''>(toType(initialType));
  const [product, setProduct] = useState<ProductOption | null>(productId?.trim() ? { id: productId.trim(), title: productId.trim() } : null);
  const [page, setPage] = useState(1);
  const [done, setDone] = useState<string | null>(null);
  const query: ApprovalsQuery = {
    sort: '-requestedAt', limit: APPROVALS_PAGE_SIZE, offset: (page - 1) * APPROVALS_PAGE_SIZE,
    ...(type ? { type: [type] } : {}), ...(product ? { product: product.id } : {}),
  };
  const queue = useApprovals(query);
  const items = queue.data?.items ?? [];
  // A decision on the last item of a later page leaves that page empty: go back one.
  if (queue.data && items.length === 0 && page > 1 && !queue.isValidating) setPage(page - 1);

  let list;
  if (queue.error) {
    list = errorStatus(queue.error) === 403
      ? <UnauthorizedPlaceholder />
      : <ErrorPlaceholder title={t('approvals.error')} error={queue.error} onRetry={() => void queue.mutate()} />;
  } else if (!queue.data) list = <LoadingPlaceholder />;
  else if (queue.data.totalCount === 0) list = <EmptyPlaceholder title={t('approvals.empty.title')} message={t('approvals.empty.message')} />;
  else {
    list = (
      <>
        <ul className="m-0 flex list-none flex-col gap-3 p-0" aria-label={t('approvals.list.label')} data-part="approvals-list">
          {items.map((item) => (
            <ApprovalCard key={`${item.type}-${item.id}`} item={item} onDecided={(message) => { setDone(message); void queue.mutate(); }} />
          ))}
        </ul>
        {queue.data.totalCount > APPROVALS_PAGE_SIZE && (
          <Pagination page={page} pageSize={APPROVALS_PAGE_SIZE} totalCount={queue.data.totalCount} onPageChange={setPage} className="mt-2" />
        )}
      </>
    );
  }

  return (
    <>
      <div className="flex flex-wrap items-end gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm" data-part="approvals-filters">
        <div className="flex min-w-[12rem] flex-col gap-1">
          <label htmlFor={typeId} className="text-sm font-medium text-gray-800">{t('approvals.filter.type')}</label>
          <select
            id={typeId}
            value={type}
            onChange={(e) => { setType(toType(e.target.value)); setPage(1); }}
            className={cx('h-10 rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900', FOCUS_RING)}
            data-part="type-filter"
          >
            <option value="">{t('approvals.filter.allTypes')}</option>
            {TYPES.map((k) => <option key={k} value={k}>{t(`approvals.type.${k}`)}</option>)}
          </select>
        </div>
        <PagedSelect<ProductOption>
          className="min-w-[14rem] flex-1 sm:max-w-sm"
          label={t('approvals.filter.product')}
          placeholder={t('approvals.filter.allProducts')}
          value={product}
          onChange={(p) => { setProduct(p); setPage(1); }}
          loadPage={({ page: p, pageSize, search, signal }) => api.list<ProductOption>('/products', {
            page: p, limit: pageSize, signal, query: { fields: 'id,title', sort: '+title', ...(search ? { search } : {}) },
          })}
          getKey={(p) => p.id}
          getLabel={(p) => p.title ?? p.id}
          searchable
          clearable
        />
        <div className="ml-auto flex items-center gap-3">
          {queue.data && <span className="text-sm text-gray-600" data-part="approvals-count">{t('approvals.count', { count: queue.data.totalCount })}</span>}
          <Button variant="secondary" onClick={() => void queue.mutate()} busy={queue.isValidating && !!queue.data} data-action="refresh">{t('approvals.refresh')}</Button>
        </div>
      </div>
      <p role="status" aria-live="polite" className={done ? 'm-0 rounded-md border border-success/40 bg-success/10 px-4 py-2 text-sm text-gray-800' : 'sr-only'} data-part="decided">{done ?? ''}</p>
      {list}
    </>
  );
}

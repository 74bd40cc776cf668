// Product, subscription and consumption-unit selectors of the usage views (spec 3 §7.5: products
// 10 a page with a debounced search; the caller's subscriptions, of the chosen product if any;
// units by name or title).
import { fetchUnits, type Unit } from '../../api/analytics.ts';
import { fetchSubscriptions } from '../../api/subscriptions.ts';
import { useApi } from '../../api/context.ts';
import { useMessages } from '../../i18n/intl.ts';
import { PagedSelect } from '../../ui/PagedSelect.tsx';

export interface Named { id: string; title: string }

export function ProductSelect({ value, onChange }: { value: Named | null; onChange: (next: Named | null) => void }) {
  const { t } = useMessages('insights');
  const api = useApi();
  return (
    <PagedSelect<Named> label={t('insights.filter.product')} value={value} onChange={onChange} clearable searchable className="sm:w-64"
      placeholder={t('insights.filter.allProducts')} getKey={(p) => p.id} getLabel={(p) => p.title}
      loadPage={({ page, pageSize, search, signal }) => api.list<Named>('/products', {
        signal, query: { offset: (page - 1) * pageSize, limit: pageSize, 'title.search': search || undefined, fields: 'id,title' },
      })} />
  );
}

/** A subscription as the selector keeps it (remembered in session storage: ids and titles only). */
export interface SubscriptionChoice { id: string; title: string; productId: string; productTitle: string }

/** The subscriptions the caller sees (GET /subscriptions: its own, its teams', or all of its
 * organisation's for an Administrator), of `productId` when a product is chosen; searched by the
 * subscription's or the product's title. */
export function SubscriptionSelect({ value, productId, onChange }: {
  value: SubscriptionChoice | null; productId: string | undefined; onChange: (next: SubscriptionChoice | null) => void;
}) {
  const { t } = useMessages('insights');
  const api = useApi();
  return (
    // key: another product is another list (PagedSelect keeps the pages it loaded).
    <PagedSelect<SubscriptionChoice> key={productId ?? ''} label={t('insights.filter.subscription')} value={value} onChange={onChange}
      clearable searchable className="sm:w-72" placeholder={t('insights.filter.allSubscriptions')}
      getKey={(s) => s.id} getLabel={(s) => s.title}
      renderOption={(s) => (
        <span className="flex flex-col">
          <span>{s.title}</span>
          <span className="text-xs text-gray-500">{s.productTitle}</span>
        </span>
      )}
      loadPage={async ({ page, pageSize, search, signal }) => {
        const list = await fetchSubscriptions(api, { page, pageSize, ...(search ? { search } : {}), ...(productId ? { productId } : {}) }, signal);
        return { totalCount: list.totalCount, items: list.items.map((s) => ({ id: s.id, title: s.title, productId: s.product.id, productTitle: s.product.title })) };
      }} />
  );
}

export function UnitSelect({ value, onChange }: { value: Unit | null; onChange: (next: Unit | null) => void }) {
  const { t } = useMessages('insights');
  const api = useApi();
  return (
    <PagedSelect<Unit> label={t('insights.filter.unit')} value={value} onChange={onChange} clearable searchable className="sm:w-56"
      placeholder={t('insights.filter.allUnits')} getKey={(u) => u.name} getLabel={(u) => u.title}
      loadPage={({ page, pageSize, search, signal }) => fetchUnits(api, page, pageSize, search, signal)} />
  );
}

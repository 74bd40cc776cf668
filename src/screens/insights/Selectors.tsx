// Product and consumption-unit selectors of the usage views (spec 3 §7.5: products 10 a page with
// a debounced search; units by name or title).
import { fetchUnits, type Unit } from '../../api/analytics.ts';
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

export function UnitSelect({ value, onChange }: { value: Unit | null; onChange: (next: Unit | null) => void }) {
  const { t } = useMessages('insights');
  const api = useApi();
  return (
    <PagedSelect<Unit> label={t('insights.filter.unit')} value={value} onChange={onChange} clearable searchable className="sm:w-56"
      placeholder={t('insights.filter.allUnits')} getKey={(u) => u.name} getLabel={(u) => u.title}
      loadPage={({ page, pageSize, search, signal }) => fetchUnits(api, page, pageSize, search, signal)} />
  );
}

// The application selector of the insights: applications whose traffic the caller may see,
// 10 a page with search (spec 3 §7.5 selectors, §9).
import { fetchAnalyticsApplications, type AnalyticsApplication } from '../../api/analytics.ts';
import { useApi } from '../../api/context.ts';
import { useMessages } from '../../i18n/intl.ts';
import { PagedSelect } from '../../ui/PagedSelect.tsx';

export type AppChoice = Pick<AnalyticsApplication, 'id' | 'title'>;

export function AppSelect({ value, onChange }: { value: AppChoice | null; onChange: (next: AppChoice | null) => void }) {
  const { t } = useMessages('insights');
  const api = useApi();
  return (
    <PagedSelect<AppChoice> label={t('insights.filter.application')} value={value} onChange={onChange} clearable searchable
      placeholder={t('insights.filter.allApplications')} className="sm:w-64"
      getKey={(a) => a.id} getLabel={(a) => a.title}
      loadPage={({ page, pageSize, search, signal }) => fetchAnalyticsApplications(api, { page, pageSize, search: search || undefined, sort: 'title' }, signal)} />
  );
}

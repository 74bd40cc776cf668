// The subscriptions filter panel (spec 3 §2.3): one product (a paged single choice), approval
// states and states as checkboxes. Edits stay local until Apply.
import { useState } from 'react';
import { useApi } from '../../api/context.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { Button } from '../../ui/Button.tsx';
import { CheckboxGroup } from '../../ui/CheckboxGroup.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { PagedSelect } from '../../ui/PagedSelect.tsx';
import { APPROVAL_FILTERS, NO_FILTERS, STATE_FILTERS, type SubscriptionFilters } from './query.ts';

export interface Named { id: string; title: string }

export function FilterDialog({ value, product, onApply, onClose }: {
  value: SubscriptionFilters; product: Named | null; onApply: (f: SubscriptionFilters, product: Named | null) => void; onClose: () => void;
}) {
  const { t } = useMessages('subscriptions');
  const api = useApi();
  const [f, setF] = useState(value);
  const [picked, setPicked] = useState<Named | null>(product);
  return (
    <Dialog open title={t('subscriptions.filter.title')} onClose={onClose}
      footer={(
        <>
          <Button variant="secondary" onClick={() => { setF(NO_FILTERS); setPicked(null); }}>{t('subscriptions.filter.clear')}</Button>
          <Button variant="primary" format="solid" data-part="apply-filters" onClick={() => onApply({ ...f, productId: picked?.id ?? null }, picked)}>
            {t('subscriptions.filter.apply')}
          </Button>
        </>
      )}
    >
      <div className="flex flex-col gap-5" data-part="subscription-filters">
        <PagedSelect<Named> label={t('subscriptions.filter.product')} value={picked} onChange={setPicked} clearable
          placeholder={t('subscriptions.filter.anyProduct')} getKey={(p) => p.id} getLabel={(p) => p.title}
          loadPage={({ page, pageSize, search, signal }) => api.list<Named>('/products', {
            signal, query: { offset: (page - 1) * pageSize, limit: pageSize, 'title.search': search || undefined, fields: 'id,title' },
          })} />
        <div className="grid gap-5 sm:grid-cols-2">
          <CheckboxGroup legend={t('subscriptions.filter.approval')} name="approval" selected={f.approvalStates} onChange={(approvalStates) => setF({ ...f, approvalStates })}
            options={APPROVAL_FILTERS.map((value) => ({ value, label: t(`subscriptions.approval.${value}` as MessageKey) }))} />
          <CheckboxGroup legend={t('subscriptions.filter.state')} name="state" selected={f.states} onChange={(states) => setF({ ...f, states })}
            options={STATE_FILTERS.map((value) => ({ value, label: t(`subscriptions.state.${value}` as MessageKey) }))} />
        </div>
      </div>
    </Dialog>
  );
}

// Step 4, preview (spec 2 §2): application, subscription and its expiry (the archival or migration
// date, never, or a dash once migrated), and the selected resources (by title) with a details side
// panel for each.
import { useMemo, useState, type ReactNode } from 'react';
import type { Subscription, SubscriptionResource } from '../../api/subscriptions.ts';
import { useMessages } from '../../i18n/intl.ts';
import { subscriptionExpiry } from '../../rules/wizard.ts';
import { resourceTypeName } from '../../rules/resourceTypes.ts';
import { givenInformation } from '../../rules/schemaChoices.ts';
import { Button } from '../../ui/Button.tsx';
import { DataTable } from '../../ui/DataTable.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import type { Application, Definition } from './data.ts';

export interface PreviewStepProps {
  application: Application;
  subscription: Subscription;
  resources: SubscriptionResource[];
  definitions: Definition[];
  data: Record<string, Record<string, unknown>>;
  grouped: boolean;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="m-0 mt-1 truncate text-sm text-gray-900">{children}</dd>
    </div>
  );
}

export function PreviewStep({ application, subscription, resources, definitions, data, grouped }: PreviewStepProps) {
  const { t, fmt } = useMessages('wizard');
  const [open, setOpen] = useState<SubscriptionResource | null>(null);
  const sorted = useMemo(() => [...resources].sort((a, b) => a.title.localeCompare(b.title)), [resources]);
  const expiry = subscriptionExpiry(subscription);
  const definition = open?.accessRequestDefinition ? definitions.find((d) => d.id === open.accessRequestDefinition!.id) : undefined;
  const entered = definition ? givenInformation(definition.schema, data[definition.id]) : [];

  return (
    <div className="flex flex-col gap-6" data-part="preview-step">
      <dl className="m-0 grid grid-cols-1 gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-3">
        <Fact label={t('wizard.preview.application')}><span data-fact="application">{application.title}</span></Fact>
        <Fact label={t('wizard.preview.subscription')}><span data-fact="subscription">{subscription.title}</span></Fact>
        <Fact label={t('wizard.preview.expiry')}>
          <span data-fact="expiry">
            {expiry.kind === 'migrated' ? '—' : expiry.kind === 'never' ? t('wizard.preview.never') : fmt.date(expiry.at)}
          </span>
        </Fact>
      </dl>
      <DataTable
        label={t('wizard.preview.resources')}
        rows={sorted}
        rowKey={(r) => r.id}
        columns={[
          { id: 'name', header: t('wizard.resources.name'), required: true, cell: (r) => <span className="font-medium text-gray-900">{r.title}</span> },
          ...(grouped ? [{ id: 'group', header: t('wizard.resources.group'), cell: (r: SubscriptionResource) => r.group ?? '—' }] : []),
          { id: 'type', header: t('wizard.resources.type'), cell: (r) => resourceTypeName(r.type) },
          { id: 'details', header: <span className="sr-only">{t('wizard.preview.details')}</span>, align: 'right', cell: (r) => (
            <Button variant="link" size="sm" onClick={() => setOpen(r)} data-action="resource-details">{t('wizard.preview.details')}</Button>
          ) },
        ]}
      />
      <SidePanel open={open !== null} onClose={() => setOpen(null)} title={open?.title ?? ''} subtitle={t('wizard.preview.detailsTitle')} size="md">
        {open && (
          <dl className="m-0 flex flex-col gap-4">
            {grouped && <Fact label={t('wizard.resources.group')}>{open.group ?? '—'}</Fact>}
            <Fact label={t('wizard.resources.version')}>{open.version}</Fact>
            <Fact label={t('wizard.resources.type')}>{resourceTypeName(open.type)}</Fact>
            <Fact label={t('wizard.resources.stage')}>{open.stage?.title ?? '—'}</Fact>
            <Fact label={t('wizard.preview.definition')}>{definition?.title ?? '—'}</Fact>
            {definition && <Fact label={t('wizard.preview.approval')}>{t(definition.approval === 'manual' ? 'wizard.preview.approval.manual' : 'wizard.preview.approval.automatic')}</Fact>}
            {entered.length > 0 && (
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-gray-500">{t('wizard.preview.information')}</dt>
                <dd className="m-0 mt-1">
                  <ul className="m-0 list-none space-y-1 p-0 text-sm text-gray-800">
                    {entered.map((a) => (
                      <li key={a.name}><span className="text-gray-500">{a.label}: </span>{typeof a.value === 'boolean' ? t(a.value ? 'wizard.preview.yes' : 'wizard.preview.no') : a.value}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
          </dl>
        )}
      </SidePanel>
    </div>
  );
}

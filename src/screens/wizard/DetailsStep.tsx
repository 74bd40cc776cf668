// Step 3, details (spec 2 §2, hidden unless needed): one collapsible group per access request
// definition of the selected resources, listing its resources, the additional-information form
// and the application-attributes (profile) form, read-only when the application already has that
// profile. The first group starts open; a group opens when it has errors.
import { useEffect, useId, useState } from 'react';
import type { ApplicationProfile } from '../../../server/src/schemas/applications.ts';
import type { SubscriptionResource } from '../../api/subscriptions.ts';
import { useMessages } from '../../i18n/intl.ts';
import { schemaHasProperties } from '../../rules/wizard.ts';
import { IconChevronDown } from '../../ui/moreIcons.tsx';
import { SchemaForm, type SchemaFormChange } from '../../ui/SchemaForm.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import type { Definition, ProfileDefinition } from './data.ts';

export interface DetailsStepProps {
  definitions: Definition[];
  resources: SubscriptionResource[];
  profiles: ApplicationProfile[];
  profileDefinitions: ProfileDefinition[];
  data: Record<string, Record<string, unknown>>;
  profileData: Record<string, Record<string, unknown>>;
  errors: Record<string, number>;
  showErrors: boolean;
  onForm: (key: string, change: SchemaFormChange) => void;
  /** A failed Complete: its name and message (spec 2 §8). */
  submitError: unknown;
}

export const ardKey = (id: string) => `ard:${id}`;
export const apdKey = (id: string) => `apd:${id}`;

export function DetailsStep(props: DetailsStepProps) {
  const { t } = useMessages('wizard');
  const { definitions, submitError } = props;
  return (
    <div className="flex flex-col gap-3" data-part="details-step">
      {submitError != null && (
        <div role="alert" className="rounded-md border border-danger/40 bg-danger/5 px-4 py-3 text-sm" data-part="details-error">
          <p className="m-0 font-semibold text-danger">{submitError instanceof Error ? submitError.name : t('wizard.error.title')}</p>
          <p className="m-0 mt-1 text-gray-800">{submitError instanceof Error ? submitError.message : String(submitError)}</p>
        </div>
      )}
      {definitions.map((d, index) => <Group key={d.id} definition={d} first={index === 0} {...props} />)}
    </div>
  );
}

function Group({ definition, first, resources, profiles, profileDefinitions, data, profileData, errors, showErrors, onForm }: DetailsStepProps & { definition: Definition; first: boolean }) {
  const { t } = useMessages('wizard');
  const id = useId();
  const [open, setOpen] = useState(first);
  const mine = resources.filter((r) => r.accessRequestDefinition?.id === definition.id);
  const apd = definition.applicationProfileDefinition?.id ?? null;
  const existing = apd ? profiles.find((p) => p.definition.id === apd) ?? null : null;
  const profileDefinition = apd ? profileDefinitions.find((p) => p.id === apd) ?? null : null;
  const asks = schemaHasProperties(definition.schema);
  const errorCount = (asks ? errors[ardKey(definition.id)] ?? 0 : 0) + (apd && !existing ? errors[apdKey(apd)] ?? 0 : 0);
  const hasErrors = showErrors && errorCount > 0;
  useEffect(() => {
    if (hasErrors) setOpen(true);
  }, [hasErrors]);

  return (
    <section className={cx('rounded-lg border bg-white', hasErrors ? 'border-danger/60' : 'border-gray-200')} data-definition={definition.id}>
      <h3 className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
          className={cx('flex w-full items-center gap-3 rounded-lg bg-transparent px-4 py-3 text-left', FOCUS_RING)}
        >
          <span className="min-w-0 flex-1">
            <span className="block truncate text-base font-semibold text-gray-900">{definition.title}</span>
            <span className="block text-xs font-normal text-gray-500">{t('wizard.details.resourceCount', { count: mine.length })}</span>
          </span>
          {hasErrors && <span className="shrink-0 rounded-full bg-danger/10 px-2 py-0.5 text-xs font-medium text-danger">{t('wizard.details.errors', { count: errorCount })}</span>}
          <IconChevronDown className={cx('shrink-0 text-gray-500 transition-transform', open && 'rotate-180')} />
        </button>
      </h3>
      <div id={`${id}-body`} hidden={!open} className="border-t border-gray-200 px-4 py-4">
        <ul className="m-0 mb-4 flex list-none flex-wrap gap-2 p-0" aria-label={t('wizard.details.resources')}>
          {mine.map((r) => <li key={r.id} className="rounded-full bg-gray-100 px-3 py-1 text-xs text-gray-700">{r.title}</li>)}
        </ul>
        {!asks && !apd && <p className="m-0 text-sm text-gray-500">{t('wizard.details.nothingNeeded')}</p>}
        {asks && (
          <div className="mb-4" data-form="additional">
            <h4 className="m-0 mb-2 text-sm font-semibold text-gray-800">{t('wizard.details.additional')}</h4>
            <SchemaForm
              schema={definition.schema}
              data={data[definition.id]}
              idPrefix={`${id}-ard`}
              liveValidate={showErrors}
              onChange={(change) => onForm(ardKey(definition.id), change)}
            />
          </div>
        )}
        {apd && (
          <div data-form="profile">
            <h4 className="m-0 mb-1 text-sm font-semibold text-gray-800">{t('wizard.details.attributes')}</h4>
            <p className="m-0 mb-2 text-xs text-gray-500">
              {existing ? t('wizard.details.attributesExisting', { title: existing.title }) : t('wizard.details.attributesNew', { title: profileDefinition?.title ?? '' })}
            </p>
            {profileDefinition && (
              <SchemaForm
                schema={profileDefinition.schema}
                data={existing ? existing.data : profileData[apd]}
                readOnly={!!existing}
                idPrefix={`${id}-apd`}
                liveValidate={showErrors}
                onChange={existing ? undefined : (change) => onForm(apdKey(apd), change)}
              />
            )}
          </div>
        )}
      </div>
    </section>
  );
}

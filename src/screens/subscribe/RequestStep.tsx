// Step 1 of the subscription panel (spec 3 §2.2, §5, §6): the plan (when the button did not name
// one), the subscription name (default 'product - plan', at most SUBSCRIPTION_NAME_MAX_LENGTH with
// the restriction hint at the limit), the owning team (required except for administrators; the
// choices and why each is refused come from GET /subscriptionOptions), the additional-information
// form of the plan's subscription request definition, and the terms checkbox when consent is
// required. Subscribe stays disabled while anything is invalid, and says what is missing.
import { useEffect, useId, useMemo, useState } from 'react';
import { ApiError } from '../../api/errors.ts';
import { useMarketplace } from '../../api/marketplace.ts';
import { usePlan, usePlans } from '../../api/products.ts';
import { useSubscriptionOptions, useSubscriptionRequestDefinition, type SubscriptionOwnerOption } from '../../api/subscriptions.ts';
import { useMessages } from '../../i18n/intl.ts';
import { SUBSCRIPTION_NAME_MAX_LENGTH } from '../../rules/constants.ts';
import { planSubscribeBlock } from '../../rules/subscribe.ts';
import { canSubmitRequest, subscriptionNameState } from '../../rules/subscribeFlow.ts';
import { schemaHasProperties } from '../../rules/wizard.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { ErrorPanel, ErrorPlaceholder, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { SchemaForm } from '../../ui/SchemaForm.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { Field } from '../applications/fields.tsx';
import { PlanPrice } from '../plans/PlanPrice.tsx';
import { usePlanBlockText } from './blockText.ts';
import { SiteLink } from './SiteLink.tsx';

export interface RequestDraft {
  plan: { id: string; title: string; type: string };
  name: string;
  defaultTitle: string;
  owner: { type: 'team' | 'user'; id: string } | null;
  hasForm: boolean;
  data: Record<string, unknown>;
}

export interface RequestStepProps {
  productId: string;
  initialPlanId: string | null;
  billingEnabled: boolean;
  sending: boolean;
  failure: Error | null;
  /** The server's 400 by field: title, owner.id, data.<field>. */
  fieldErrors: Record<string, string>;
  onSubmit: (draft: RequestDraft) => void;
  onCancel: () => void;
}

const ownerKey = (o: Pick<SubscriptionOwnerOption, 'type' | 'id'>) => `${o.type}:${o.id}`;

export function RequestStep({ productId, initialPlanId, billingEnabled, sending, failure, fieldErrors, onSubmit, onCancel }: RequestStepProps) {
  const { t } = useMessages('subscribe');
  const blockText = usePlanBlockText();
  const id = useId();
  const [planId, setPlanId] = useState<string | null>(initialPlanId);
  const plans = usePlans(initialPlanId ? null : productId);
  const plan = usePlan(productId, planId);
  const options = useSubscriptionOptions(productId, planId);
  const definitionId = options.data?.plan.definitionId ?? null;
  const definition = useSubscriptionRequestDefinition(productId, planId, definitionId);
  /** null: untouched, the default title shows. */
  const [name, setName] = useState<string | null>(null);
  const [owner, setOwner] = useState('');
  const [data, setData] = useState<Record<string, unknown>>({});
  const [formErrors, setFormErrors] = useState(0);
  const [consent, setConsent] = useState(false);
  const termsUrl = useMarketplace().data?.settings.links?.terms_url ?? null;

  // Another plan: its own default name, owners and form.
  useEffect(() => {
    setName(null);
    setOwner('');
    setData({});
    setFormErrors(0);
    setConsent(false);
  }, [planId]);

  const o = options.data;
  const offered = o?.owners ?? [];
  const allowed = offered.filter((x) => !x.block);
  // One team may take the plan and one is required: it is chosen for the user.
  useEffect(() => {
    if (o?.teamRequired && owner === '' && allowed.length === 1) setOwner(ownerKey(allowed[0]!));
  }, [o, owner, allowed]);

  const chosen = offered.find((x) => ownerKey(x) === owner) ?? null;
  const shownName = name ?? o?.defaultTitle ?? '';
  const nameState = subscriptionNameState(shownName);
  const hasForm = !!definition.data && schemaHasProperties(definition.data.schema);
  const formLoading = !!definitionId && !definition.data && !definition.error;
  const blocked = !!o?.block || !!chosen?.block || (!!o && o.teamRequired && allowed.length === 0);
  const ready = !!o && !!plan.data && !formLoading && !definition.error;
  const canSend = ready && canSubmitRequest({
    name: shownName, owner: owner || null, teamRequired: !!o?.teamRequired, blocked, formErrors: hasForm ? formErrors : 0,
    consentRequired: !!o?.consentRequired, consented: consent, sending,
  });

  const missing: string[] = [];
  if (o && !blocked) {
    if (o.teamRequired && !owner) missing.push(t('subscribe.owner.required'));
    if (hasForm && formErrors > 0) missing.push(t('subscribe.data.invalid', { count: formErrors }));
    if (o.consentRequired && !consent) missing.push(t('subscribe.consent.required'));
  }

  const submit = () => {
    if (!canSend || !o || !plan.data) return;
    onSubmit({
      plan: { id: plan.data.id, title: plan.data.title, type: plan.data.type },
      name: shownName, defaultTitle: o.defaultTitle,
      owner: chosen ? { type: chosen.type, id: chosen.id } : null,
      hasForm, data,
    });
  };

  const planChoices = useMemo(() => (plans.data?.items ?? []).map((p) => ({ plan: p, block: planSubscribeBlock(p, { billingEnabled }) })), [plans.data, billingEnabled]);
  const ownerProblem = fieldErrors['owner.id'] ?? fieldErrors.owner ?? (chosen?.block ? blockText(chosen.block) : null)
    ?? (o && o.teamRequired && !o.block && allowed.length === 0 ? t('subscribe.owner.noneOffered') : null);
  const dataErrors = useMemo(() => Object.fromEntries(Object.entries(fieldErrors).filter(([k]) => k.startsWith('data'))), [fieldErrors]);

  return (
    <form className="flex flex-col gap-5" data-part="request-step" aria-busy={sending}
      onSubmit={(e) => { e.preventDefault(); submit(); }}>
      <fieldset disabled={sending} className="m-0 flex flex-col gap-5 border-0 p-0">
        {!initialPlanId && (
          <Field label={t('subscribe.plan.label')} required>
            {(p) => (
              <select {...p} value={planId ?? ''} data-field="plan" onChange={(e) => setPlanId(e.target.value || null)}>
                <option value="">{plans.data ? t('subscribe.plan.choose') : t('subscribe.loading')}</option>
                {planChoices.map(({ plan: p2, block }) => (
                  <option key={p2.id} value={p2.id} disabled={!!block}>
                    {block
                      ? t('subscribe.plan.optionBlocked', { title: p2.title, reason: blockText(block) })
                      : planOptionLabel(p2.title, t(p2.type === 'paid' ? 'subscribe.plan.paid' : 'subscribe.plan.free'), t)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {!initialPlanId && plans.data && planChoices.every((c) => c.block) && <Alert tone="warning">{t('subscribe.plan.none')}</Alert>}
        {plans.error && <ErrorPanel error={plans.error} />}

        {planId && plan.data && (
          <div className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-gray-200 bg-gray-50 px-4 py-3" data-part="plan-summary">
            <div className="min-w-0">
              <p className="m-0 text-base font-semibold text-gray-900">{plan.data.title}</p>
              {plan.data.approval === 'manual' && <p className="m-0 mt-1 text-xs text-gray-600">{t('subscribe.plan.manual')}</p>}
            </div>
            <PlanPrice plan={plan.data} />
          </div>
        )}

        {planId && options.error && (
          <ErrorPlaceholder title={t('subscribe.error.options')} error={options.error} onRetry={() => void options.mutate()} />
        )}
        {planId && !options.error && !o && <LoadingPlaceholder label={t('subscribe.loading')} />}
        {o?.block && <Alert tone="warning"><span data-part="plan-block" data-reason={o.block.reason}>{blockText(o.block)}</span></Alert>}

        {o && (
          <>
            <Field
              label={t('subscribe.name.label')}
              error={fieldErrors.title ?? (nameState === 'tooLong' ? t('subscribe.name.tooLong', { max: SUBSCRIPTION_NAME_MAX_LENGTH }) : null)}
              hint={nameState === 'atLimit'
                ? <span data-part="name-limit">{t('subscribe.name.atLimit', { max: SUBSCRIPTION_NAME_MAX_LENGTH })}</span>
                : t('subscribe.name.hint', { count: shownName.length, max: SUBSCRIPTION_NAME_MAX_LENGTH })}
            >
              {(p) => <input {...p} value={shownName} maxLength={SUBSCRIPTION_NAME_MAX_LENGTH} autoComplete="off" data-field="name"
                onChange={(e) => setName(e.target.value)} />}
            </Field>

            <Field label={t('subscribe.owner.label')} required={o.teamRequired} error={ownerProblem}>
              {(p) => (
                <select {...p} value={owner} data-field="owner" onChange={(e) => setOwner(e.target.value)}>
                  <option value="">{o.teamRequired ? t('subscribe.owner.choose') : t('subscribe.owner.none')}</option>
                  {offered.map((x) => {
                    const label = x.private ? t('subscribe.owner.private', { name: x.name }) : x.name;
                    return (
                      <option key={ownerKey(x)} value={ownerKey(x)} disabled={!!x.block}>
                        {x.block ? t('subscribe.owner.blocked', { name: label, reason: blockText(x.block) }) : label}
                      </option>
                    );
                  })}
                </select>
              )}
            </Field>

            {definition.error && <ErrorPlaceholder title={t('subscribe.error.definition')} error={definition.error} onRetry={() => void definition.mutate()} />}
            {formLoading && <LoadingPlaceholder />}
            {hasForm && (
              <section aria-labelledby={`${id}-data`} className="flex flex-col gap-2" data-part="subscription-data">
                <h3 id={`${id}-data`} className="m-0 text-sm font-semibold text-gray-800">{t('subscribe.data.title')}</h3>
                <SchemaForm
                  schema={definition.data!.schema}
                  data={data}
                  idPrefix={`${id}-data`}
                  fieldErrors={dataErrors}
                  onChange={(change) => { setData(change.data); setFormErrors(change.errors); }}
                />
              </section>
            )}

            {o.consentRequired && (
              <div className="flex flex-col gap-1">
                <label className={cx('flex items-start gap-2.5 rounded-md text-sm text-gray-800', FOCUS_RING)}>
                  <input type="checkbox" checked={consent} onChange={(e) => setConsent(e.target.checked)} data-field="consent"
                    className="mt-0.5 h-4 w-4 shrink-0 accent-primary" />
                  <span>{t('subscribe.consent.label')}</span>
                </label>
                {/* The terms agreed to, when the settings say where they are (settings.links.terms_url). */}
                {termsUrl && <SiteLink url={termsUrl} part="terms-link" className="ml-[1.625rem] self-start text-sm">{t('subscribe.consent.terms')}</SiteLink>}
              </div>
            )}
          </>
        )}

        {failure && (
          <Alert tone="danger" title={failureTitle(failure, t)}>
            <ErrorPanel error={failure} className="mt-1" />
          </Alert>
        )}
      </fieldset>

      <div className="flex flex-col gap-3 border-t border-gray-200 pt-4">
        {missing.length > 0 && (
          <ul className="m-0 list-disc pl-5 text-xs text-gray-600" aria-live="polite" data-part="missing">
            {missing.map((m) => <li key={m}>{m}</li>)}
          </ul>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={sending}>{t('subscribe.cancel')}</Button>
          <Button type="submit" disabled={!canSend} busy={sending} data-action="submit">{t('subscribe.submit')}</Button>
        </div>
      </div>
    </form>
  );
}

/** 'Starter (paid)'; a plan named after its type ('Free') needs no '(free)'. */
function planOptionLabel(title: string, type: string, t: (key: 'subscribe.plan.option', values: Record<string, string>) => string): string {
  return title.trim().toLowerCase() === type.toLowerCase() ? title : t('subscribe.plan.option', { title, type });
}

function failureTitle(error: Error, t: (key: 'subscribe.error.notAllowed' | 'subscribe.error.conflict' | 'subscribe.error.create') => string): string {
  if (error instanceof ApiError && error.status === 403) return t('subscribe.error.notAllowed');
  if (error instanceof ApiError && error.status === 409) return t('subscribe.error.conflict');
  return t('subscribe.error.create');
}

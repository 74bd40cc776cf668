// The Request Access wizard (spec 2 §2, §4, §5): /registrations/create/{productId}, also the
// <agora-access-wizard> element. Four steps (profile, resources, details (hidden unless needed),
// preview) under the rules of src/rules/wizard.ts; Complete waits WIZARD_COMPLETION_DELAY_MS, creates
// the missing profiles and one access request per resource, then shows the completion modal.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../api/context.ts';
import { useProduct } from '../../api/products.ts';
import { fetchSubscription, fetchSubscriptionResources, fetchSubscriptions, type Subscription, type SubscriptionResource } from '../../api/subscriptions.ts';
import { useMessages } from '../../i18n/intl.ts';
import { useNavigate } from '../../router/context.tsx';
import { href } from '../../rules/routes.ts';
import { MAX_PAGE_LIMIT, WIZARD_COMPLETION_DELAY_MS } from '../../rules/constants.ts';
import {
  canComplete, canEnterStep, completionCounts, detailsComplete, detailsNeeded, missingProfiles, nextStep, onlyChoice, previewComplete,
  profileComplete, subscriptionDisabled, subscriptionListed, requiredProfiles, resourcesComplete, schemaHasProperties, stepStatus, withChoice,
  type FormFacts, type Step, type StepId, type WizardSelection,
} from '../../rules/wizard.ts';
import { useSignedIn } from '../../state/store.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { useConfirmLeave } from '../../ui/ConfirmLeave.tsx';
import { ErrorPanel, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import type { SchemaFormChange } from '../../ui/SchemaForm.tsx';
import { ApplicationPanel } from '../applications/ApplicationPanel.tsx';
import { CompletionModal } from './CompletionModal.tsx';
import { fetchActiveApplications, fetchApplication, submit, useApplicationProfiles, useDefinitions, useProfileDefinitions, type Application, type Created } from './data.ts';
import { apdKey, ardKey, DetailsStep } from './DetailsStep.tsx';
import { PreviewStep } from './PreviewStep.tsx';
import { ownerIds, ProfileStep } from './ProfileStep.tsx';
import { ResourcesStep } from './ResourcesStep.tsx';
import { Stepper } from './Stepper.tsx';

export interface AccessWizardProps {
  productId?: string;
  applicationId?: string;
  subscriptionId?: string;
  /** A resource of the product to select at once (the resource page the user came from). */
  resourceId?: string;
}

type Data = Record<string, unknown>;
type Selection = WizardSelection<SubscriptionResource, Data, { resourceId: string; created: Created }>;
const EMPTY: Selection = { applicationId: null, subscriptionId: null, selected: {}, definitions: {}, data: {}, profiles: {}, accessRequests: [] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function AccessWizard({ productId: rawProductId, applicationId: initialApplicationId, subscriptionId: initialSubscriptionId, resourceId }: AccessWizardProps) {
  const { t } = useMessages('wizard');
  const signedIn = useSignedIn();
  const productId = rawProductId?.trim() || null;
  const product = useProduct(productId);
  if (!productId) return <ErrorPlaceholder title={t('wizard.error.noProduct')} message={null} />;
  if (!signedIn) return <UnauthorizedPlaceholder message={t('wizard.signIn')} />;
  if (product.error) {
    return errorStatus(product.error) === 403 ? <UnauthorizedPlaceholder />
      : <ErrorPlaceholder error={product.error} title={t('wizard.error.product')} onRetry={() => void product.mutate()} />;
  }
  if (!product.data) return <LoadingPlaceholder />;
  return (
    <Wizard
      product={{ id: product.data.id, title: product.data.title ?? product.data.name ?? product.data.id, grouped: !!product.data.resources?.groupBy }}
      initialApplicationId={initialApplicationId?.trim() || null}
      initialSubscriptionId={initialSubscriptionId?.trim() || null}
      resourceId={resourceId?.trim() || null}
    />
  );
}

interface WizardProps {
  product: { id: string; title: string; grouped: boolean };
  initialApplicationId: string | null;
  initialSubscriptionId: string | null;
  resourceId: string | null;
}

function Wizard({ product, initialApplicationId, initialSubscriptionId, resourceId }: WizardProps) {
  const { t } = useMessages('wizard');
  const api = useApi();
  const navigate = useNavigate();
  const [current, setCurrent] = useState<StepId>('profile');
  const [visited, setVisited] = useState<StepId[]>(['profile']);
  const [application, setApplication] = useState<Application | null>(null);
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [sel, setSel] = useState<Selection>(EMPTY);
  const [formErrors, setFormErrors] = useState<Record<string, number>>({});
  const [showErrors, setShowErrors] = useState<Partial<Record<StepId, boolean>>>({});
  const [hint, setHint] = useState<string | null>(null);
  const [completing, setCompleting] = useState(false);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [completed, setCompleted] = useState(false);
  const [done, setDone] = useState<Created[] | null>(null);
  const [initialError, setInitialError] = useState<unknown>(null);
  const [creatingApplication, setCreatingApplication] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  /** The user changed something (a choice, a selection, a form): only then does leaving ask. What
   * the wizard chose by itself (below) is not an edit. */
  const [touched, setTouched] = useState(false);

  // Choices given by the route's query: read once.
  useEffect(() => {
    let live = true;
    (async () => {
      if (!initialApplicationId) return;
      const app = await fetchApplication(api, initialApplicationId);
      if (!live) return;
      const sub = initialSubscriptionId ? await fetchSubscription(api, initialSubscriptionId) : null;
      if (!live) return;
      setApplication(app);
      setSubscription(sub && sub.product.id === product.id ? sub : null);
      setSel((s) => withChoice(s, { applicationId: app.id, subscriptionId: sub && sub.product.id === product.id ? sub.id : null }));
    })().catch((error: unknown) => { if (live) setInitialError(error); });
    return () => { live = false; };
  }, [api, initialApplicationId, initialSubscriptionId, product.id]);

  // When only one fits, the wizard chooses for the user (issue 28): the application (when the address
  // gives none), then the subscription of its owner under which access may be requested (covering
  // the resource the user came from, when there is one), then that resource.
  const chooseRef = useRef<typeof choose>(null!);
  const autoApplication = useRef(false);
  useEffect(() => {
    if (initialApplicationId || autoApplication.current) return;
    autoApplication.current = true;
    let live = true;
    fetchActiveApplications(api, 1, 2, '').then((page) => {
      const only = page.totalCount === 1 ? onlyChoice(page.items) : null;
      if (live && only) chooseRef.current({ application: only }, true);
    }, () => undefined);
    return () => { live = false; };
  }, [api, initialApplicationId]);

  const autoSubscriptionFor = useRef<string | null>(null);
  useEffect(() => {
    if (!application || subscription || initialSubscriptionId || autoSubscriptionFor.current === application.id) return;
    autoSubscriptionFor.current = application.id;
    let live = true;
    fetchSubscriptions(api, {
      product: product.id, ownerId: ownerIds(application), states: ['active'], approvalStates: ['approved'],
      ...(resourceId ? { resource: resourceId } : {}), page: 1, pageSize: MAX_PAGE_LIMIT,
    }).then((page) => {
      const only = onlyChoice(page.items, (s) => subscriptionListed(s) && !subscriptionDisabled(s));
      if (live && only) chooseRef.current({ subscription: only }, true);
    }, () => undefined);
    return () => { live = false; };
  }, [api, application, subscription, initialSubscriptionId, product.id, resourceId]);

  const appId = application?.id ?? null;
  const subId = subscription?.id ?? null;
  useEffect(() => {
    if (!resourceId || !appId || !subId) return;
    let live = true;
    fetchSubscriptionResources(api, subId, { applicationId: appId, page: 1, pageSize: MAX_PAGE_LIMIT }).then((page) => {
      const row = page.items.find((r) => r.id === resourceId && !r.registered);
      if (!live || !row) return;
      // Only into an empty selection of this same choice: never over what the user picked.
      setSel((s) => (s.applicationId === appId && s.subscriptionId === subId && Object.keys(s.selected).length === 0
        ? { ...s, selected: { [row.id]: row } } : s));
    }, () => undefined);
    return () => { live = false; };
  }, [api, resourceId, appId, subId]);

  const selected = useMemo(() => Object.values(sel.selected), [sel.selected]);
  const definitionIds = useMemo(
    () => [...new Set(selected.map((r) => r.accessRequestDefinition?.id).filter((id): id is string => !!id))].sort(),
    [selected],
  );
  const definitions = useDefinitions(definitionIds);
  const profiles = useApplicationProfiles(application?.id ?? null);
  const defs = useMemo(() => (definitionIds.length === 0 ? [] : definitions.data ?? null), [definitionIds.length, definitions.data]);
  const existingProfiles = useMemo(() => (profiles.data?.items ?? []).filter((p) => p.state === 'active').map((p) => p.definition.id), [profiles.data]);
  const detailsKnown = defs !== null && (!application || !!profiles.data);
  const needDetails = detailsKnown && detailsNeeded(defs, existingProfiles);
  const apds = useMemo(() => (defs ? requiredProfiles(defs) : []), [defs]);
  const missing = useMemo(() => (defs ? missingProfiles(defs, existingProfiles) : []), [defs, existingProfiles]);
  const profileDefinitions = useProfileDefinitions(needDetails ? apds : []);

  const forms: Array<FormFacts & { key: string }> = [
    ...(defs ?? []).filter((d) => schemaHasProperties(d.schema)).map((d) => ({ key: ardKey(d.id), required: true, data: sel.data[d.id], errorCount: formErrors[ardKey(d.id)] ?? 0 })),
    ...missing.map((id) => ({ key: apdKey(id), required: true, data: sel.profiles[id], errorCount: formErrors[apdKey(id)] ?? 0 })),
  ];

  const base: Step[] = [
    { id: 'profile', title: t('wizard.step.profile'), description: t('wizard.step.profile.description'), hidden: false, disabled: false, optional: false, strictStepCompletion: true,
      isComplete: profileComplete(application?.id, subscription?.id) },
    { id: 'resources', title: t('wizard.step.resources'), description: t('wizard.step.resources.description'), hidden: false, disabled: false, optional: false, strictStepCompletion: true,
      isComplete: resourcesComplete(selected.length) },
    { id: 'details', title: t('wizard.step.details'), description: t('wizard.step.details.description'), hidden: !needDetails, disabled: !needDetails, optional: false, strictStepCompletion: true,
      isComplete: needDetails && detailsComplete(forms) },
    { id: 'preview', title: t('wizard.step.preview'), description: t('wizard.step.preview.description'), hidden: false, disabled: false, optional: false, strictStepCompletion: true,
      isComplete: false },
  ];
  const steps = base.map((s) => (s.id === 'preview' ? { ...s, isComplete: detailsKnown && previewComplete(base) } : s));
  const step = steps.find((s) => s.id === current)!;

  const dirty = !completed && touched;
  const leave = useConfirmLeave(dirty);

  const go = (target: StepId) => {
    if (!canEnterStep(steps, current, target, visited)) return;
    setHint(null);
    setCurrent(target);
    setVisited((v) => (v.includes(target) ? v : [...v, target]));
    heading.current?.focus();
  };

  const next = () => {
    if (!step.isComplete) {
      setShowErrors((s) => ({ ...s, [current]: true }));
      setHint(current === 'resources' ? t('wizard.hint.resources') : current === 'details' ? t('wizard.hint.details') : t('wizard.hint.profile'));
      return;
    }
    const target = nextStep(steps, current);
    if (target) go(target);
  };
  const previous = () => {
    const target = nextStep(steps, current, -1);
    if (target) go(target);
  };

  const cancel = () => leave.guard(() => {
    if (typeof history !== 'undefined' && history.length > 1) history.back();
    else navigate(href('product.overview', { productId: product.id }));
  });

  const choose = (change: { application?: Application | null; subscription?: Subscription | null }, automatic = false) => {
    const appId = change.application === undefined ? application?.id ?? null : change.application?.id ?? null;
    const next = withChoice(sel, { applicationId: appId, ...(change.subscription !== undefined ? { subscriptionId: change.subscription?.id ?? null } : {}) });
    if (next === sel) return;
    if (change.application !== undefined) setApplication(change.application);
    setSubscription(next.subscriptionId === null ? null : change.subscription ?? subscription);
    setSel(next);
    if (!automatic) setTouched(true);
    setFormErrors({});
    setShowErrors({});
    setSubmitError(null);
    setVisited((v) => v.filter((id) => id === 'profile' || id === 'resources'));
  };

  chooseRef.current = choose;

  const onForm = (key: string, change: SchemaFormChange) => {
    if (!change.initial) setTouched(true);
    setFormErrors((e) => (e[key] === change.errors ? e : { ...e, [key]: change.errors }));
    const [kind, id] = [key.slice(0, 3), key.slice(4)];
    setSel((s) => (kind === 'ard' ? { ...s, data: { ...s.data, [id]: change.data } } : { ...s, profiles: { ...s.profiles, [id]: change.data } }));
  };

  const complete = async () => {
    if (!canComplete(steps) || !application || !subscription) return;
    setCompleting(true);
    setSubmitError(null);
    await sleep(WIZARD_COMPLETION_DELAY_MS);
    const created: Record<string, Created> = Object.fromEntries(sel.accessRequests.map((a) => [a.resourceId, a.created]));
    const toCreate: Record<string, Data> = Object.fromEntries(missing.filter((id) => !createdProfiles.current.has(id)).map((id) => [id, sel.profiles[id] ?? {}]));
    try {
      const answers = await submit(api, {
        applicationId: application.id, subscriptionId: subscription.id, product: { id: product.id, title: product.title },
        resources: selected, data: sel.data as Record<string, Data>, profiles: toCreate, done: created,
        onCreated: (resourceId, c) => setSel((s) => ({ ...s, accessRequests: [...s.accessRequests, { resourceId, created: c }] })),
        onProfileCreated: (id) => createdProfiles.current.add(id),
      });
      setDone(answers);
    } catch (error) {
      console.error('agora-access-wizard: completion failed', error);
      setSubmitError(error);
    } finally {
      // Spec 2 §4: the completed state is set either way (nothing left to lose by leaving).
      setCompleted(true);
      setCompleting(false);
    }
  };
  const createdProfiles = useRef(new Set<string>());

  const visible = steps.filter((s) => !s.hidden);
  const busyNext = current === 'resources' && selected.length > 0 && (!detailsKnown || (needDetails && !profileDefinitions.data));

  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 nav:py-8" data-screen="access-wizard">
      <header className="flex flex-col gap-1">
        <p className="m-0 text-sm text-gray-500">{product.title}</p>
        <h1 ref={heading} tabIndex={-1} className="m-0 text-2xl font-semibold tracking-tight text-gray-900 outline-none">{t('wizard.title')}</h1>
      </header>
      <Stepper
        label={t('wizard.steps')}
        current={current}
        onSelect={go}
        items={visible.map((s) => ({
          id: s.id, title: s.title, description: s.description, enterable: canEnterStep(steps, current, s.id, visited),
          status: stepStatus(s, s.id === 'details' ? forms.some((f) => f.errorCount > 0) && !!showErrors.details : false, visited.includes(s.id)),
        }))}
      />
      <div className="flex flex-col gap-1">
        <h2 className="m-0 text-lg font-semibold text-gray-900">{step.title}</h2>
        <p className="m-0 text-sm text-gray-600">{step.description}</p>
      </div>

      {initialError != null && <Alert tone="warning">{t('wizard.error.initial')}</Alert>}

      <div className="min-h-[12rem]">
        {current === 'profile' && (
          <ProfileStep
            productId={product.id}
            application={application}
            subscription={subscription}
            onApplication={(a) => choose({ application: a })}
            onSubscription={(s) => choose({ subscription: s })}
            onCreateApplication={() => setCreatingApplication(true)}
            showErrors={!!showErrors.profile}
          />
        )}
        {current === 'resources' && application && subscription && (
          <ResourcesStep
            subscriptionId={subscription.id}
            applicationId={application.id}
            grouped={product.grouped}
            selected={sel.selected}
            onSelected={(selectedNext) => { setTouched(true); setSel((s) => ({ ...s, selected: selectedNext, definitions: {}, accessRequests: [] })); }}
          />
        )}
        {current === 'details' && defs && (
          profiles.error || profileDefinitions.error || definitions.error
            ? <ErrorPlaceholder error={profiles.error ?? profileDefinitions.error ?? definitions.error} title={t('wizard.error.details')} />
            : (
              <DetailsStep
                definitions={defs}
                resources={selected}
                profiles={profiles.data?.items ?? []}
                profileDefinitions={profileDefinitions.data ?? []}
                data={sel.data as Record<string, Data>}
                profileData={sel.profiles as Record<string, Data>}
                errors={formErrors}
                showErrors={!!showErrors.details}
                onForm={onForm}
                submitError={submitError}
              />
            )
        )}
        {current === 'preview' && application && subscription && (
          <PreviewStep application={application} subscription={subscription} resources={selected} definitions={defs ?? []}
            data={sel.data as Record<string, Data>} grouped={product.grouped} />
        )}
        {definitions.error && current === 'resources' && <ErrorPanel error={definitions.error} />}
      </div>

      {submitError != null && current !== 'details' && (
        <Alert tone="danger" title={t('wizard.error.complete')}><ErrorPanel error={submitError} className="mt-2" /></Alert>
      )}
      {hint && !step.isComplete && <p role="status" className="m-0 text-sm text-danger" data-part="hint">{hint}</p>}

      <footer className="flex flex-wrap items-center gap-2 border-t border-gray-200 pt-4">
        <Button variant="ghost" onClick={cancel} data-action="cancel">{t('wizard.cancel')}</Button>
        <span className="flex-1" />
        {nextStep(steps, current, -1) && <Button variant="secondary" onClick={previous} data-action="previous">{t('wizard.previous')}</Button>}
        {current !== 'preview'
          ? <Button onClick={next} busy={busyNext} disabled={busyNext} data-action="next">{t('wizard.next')}</Button>
          : <Button onClick={() => void complete()} disabled={!canComplete(steps) || completing} busy={completing} data-action="complete">{t('wizard.complete')}</Button>}
      </footer>

      {leave.dialog}
      <ApplicationPanel
        open={creatingApplication}
        onClose={() => setCreatingApplication(false)}
        onSaved={(id) => {
          setCreatingApplication(false);
          // The new application becomes the choice (its owner then filters the subscriptions).
          void fetchApplication(api, id).then((created) => choose({ application: created }), (error: unknown) => setInitialError(error));
        }}
      />
      {application && subscription && done && (
        <CompletionModal open applicationId={application.id} subscriptionId={subscription.id} counts={completionCounts(selected.length, done)} />
      )}
    </section>
  );
}

// The Request Access wizard's step rules (spec 2 §4 "Wizard", §5): which step the stepper may
// enter, each step's status and completion, when the hidden details step is skipped, when
// Complete is enabled, what a change of application or subscription resets, and the counts of
// the completion modal. Pure: the screen (src/screens/wizard/) renders what these answer.

export const WIZARD_STEPS = ['profile', 'resources', 'details', 'preview'] as const;
export type StepId = (typeof WIZARD_STEPS)[number];

export interface Step {
  id: StepId;
  title: string;
  description: string;
  /** Not shown in the stepper (the details step until it is needed). */
  hidden: boolean;
  /** Cannot be entered (the details step when nothing needs details). */
  disabled: boolean;
  optional: boolean;
  isComplete: boolean;
  /** Leaving this step needs it complete (or optional), unless the target was already visited. */
  strictStepCompletion: boolean;
}

export type StepStatus = 'complete' | 'error' | 'none';

/**
 * The stepper rule of spec 2 §4: a step can be entered only if it is not disabled and, when the
 * current step has strict completion, the current step is complete or optional, or the target
 * was already visited (unless the target is itself strict). Going back to an earlier step is
 * always allowed: it loses nothing and the strict rule guards moving on, not looking back.
 */
export function canEnterStep(steps: readonly Step[], currentId: StepId, targetId: StepId, visited: ReadonlySet<StepId> | readonly StepId[]): boolean {
  const target = steps.find((s) => s.id === targetId);
  const current = steps.find((s) => s.id === currentId);
  if (!target || target.disabled) return false;
  if (!current || target.id === current.id) return true;
  const from = steps.indexOf(current);
  const to = steps.indexOf(target);
  if (to < from) return true;
  const seen = (id: StepId) => (Array.isArray(visited) ? visited.includes(id) : (visited as ReadonlySet<StepId>).has(id));
  // Every step on the way (not disabled) must itself be passable: no skipping an incomplete one.
  for (const step of steps.slice(from, to)) {
    if (step.disabled || !step.strictStepCompletion) continue;
    if (step.isComplete || step.optional) continue;
    if (step === current && seen(target.id) && !target.strictStepCompletion) continue;
    return false;
  }
  return true;
}

/** The step after (or before) `currentId` that is not disabled, or null at the end. */
export function nextStep(steps: readonly Step[], currentId: StepId, direction: 1 | -1 = 1): StepId | null {
  let i = steps.findIndex((s) => s.id === currentId) + direction;
  while (i >= 0 && i < steps.length) {
    if (!steps[i]!.disabled) return steps[i]!.id;
    i += direction;
  }
  return null;
}

/** error (a visited step with validation errors), complete (a visited step that is complete) or
 * none: a step the user has not reached yet shows no tick even when nothing stands in its way. */
export function stepStatus(step: Step, hasErrors: boolean, visited: boolean): StepStatus {
  if (!visited || step.disabled) return 'none';
  if (hasErrors) return 'error';
  return step.isComplete ? 'complete' : 'none';
}

/** A JSON schema that asks for something: an object schema with at least one property. */
export function schemaHasProperties(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const properties = (schema as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null && Object.keys(properties).length > 0;
}

export interface DefinitionFacts {
  id: string;
  schema: unknown;
  applicationProfileDefinition: { id: string } | null;
}

/** Application profile definitions the selected resources need and the application lacks. */
export function missingProfiles(definitions: readonly DefinitionFacts[], existingProfileDefinitionIds: readonly string[]): string[] {
  const needed = new Set<string>();
  for (const d of definitions) {
    const apd = d.applicationProfileDefinition?.id;
    if (apd && !existingProfileDefinitionIds.includes(apd)) needed.add(apd);
  }
  return [...needed];
}

/** Profile definitions the selected resources need (whether or not the application has them). */
export function requiredProfiles(definitions: readonly DefinitionFacts[]): string[] {
  return [...new Set(definitions.map((d) => d.applicationProfileDefinition?.id).filter((id): id is string => !!id))];
}

/**
 * The details step is skipped (disabled) when no access request definition among the selected
 * resources has a schema with properties and every application-profile requirement is already met.
 */
export function detailsNeeded(definitions: readonly DefinitionFacts[], existingProfileDefinitionIds: readonly string[]): boolean {
  return definitions.some((d) => schemaHasProperties(d.schema)) || missingProfiles(definitions, existingProfileDefinitionIds).length > 0;
}

/** One form of the details step: an access request definition's or a missing profile's. */
export interface FormFacts {
  /** The form asks for something (a schema with properties; a read-only existing profile does not count). */
  required: boolean;
  data: unknown;
  errorCount: number;
}

/** Details: complete when there are no form errors and data exists for every form that asks. */
export function detailsComplete(forms: readonly FormFacts[]): boolean {
  return forms.every((f) => f.errorCount === 0 && (!f.required || (typeof f.data === 'object' && f.data !== null)));
}

export const profileComplete = (applicationId: string | null | undefined, subscriptionId: string | null | undefined) => !!applicationId && !!subscriptionId;
export const resourcesComplete = (selectedCount: number) => selectedCount > 0;

/** A step that does not stand in the way of Complete: complete, optional or disabled. */
export const stepPassable = (step: Step) => step.isComplete || step.optional || step.disabled;

/** Preview: complete when every earlier step is. */
export function previewComplete(steps: readonly Step[]): boolean {
  return steps.filter((s) => s.id !== 'preview').every(stepPassable);
}

/** Complete is enabled only when every step is complete, optional or disabled. */
export const canComplete = (steps: readonly Step[]) => steps.every(stepPassable);

/** What the wizard holds besides the product (spec 2 §3 "Wizard state"). */
export interface WizardSelection<R, D, A> {
  applicationId: string | null;
  subscriptionId: string | null;
  /** Selected resources by id. */
  selected: Record<string, R>;
  /** Access request definition id -> its selected resources' ids. */
  definitions: Record<string, string[]>;
  /** Access request definition id -> the additional information typed for it. */
  data: Record<string, D>;
  /** Application profile definition id -> the profile data typed for it. */
  profiles: Record<string, D>;
  /** The access requests created on completion. */
  accessRequests: A[];
}

/**
 * Choosing another application or subscription resets the selected resources, the definitions,
 * the data typed and the access requests (spec 2 §4): they belonged to the previous choice.
 */
export function withChoice<R, D, A>(
  state: WizardSelection<R, D, A>, change: { applicationId?: string | null; subscriptionId?: string | null },
): WizardSelection<R, D, A> {
  const applicationId = change.applicationId === undefined ? state.applicationId : change.applicationId;
  // A subscription is chosen among the application owner's: a new application clears it too.
  const subscriptionId = change.subscriptionId !== undefined ? change.subscriptionId
    : applicationId !== state.applicationId ? null : state.subscriptionId;
  if (applicationId === state.applicationId && subscriptionId === state.subscriptionId) return state;
  return { applicationId, subscriptionId, selected: {}, definitions: {}, data: {}, profiles: {}, accessRequests: [] };
}

/** Groups selected resources by access request definition id (resources without one are left out). */
export function groupByDefinition(resources: ReadonlyArray<{ id: string; accessRequestDefinition: { id: string } | null }>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of resources) {
    const id = r.accessRequestDefinition?.id;
    if (!id) continue;
    (out[id] ??= []).push(r.id);
  }
  return out;
}

/** The completion modal's counts. */
export function completionCounts(selectedCount: number, created: ReadonlyArray<{ approval: { state: string } }>): { selected: number; pending: number; approved: number } {
  return {
    selected: selectedCount,
    pending: created.filter((a) => a.approval.state === 'pending').length,
    approved: created.filter((a) => a.approval.state === 'approved').length,
  };
}

/** Access request title: "resource - product" (spec 2 §7). */
export const accessRequestTitle = (resourceTitle: string, productTitle: string) => `${resourceTitle} - ${productTitle}`;

export interface SubscriptionFacts {
  state: string;
  approval: { state: string };
  canRequestAccess: boolean;
  archival: { scheduledAt: string | null };
  migration: { to: { scheduledAt: string | null } };
}

/** Subscription options list only approved and active subscriptions… */
export const subscriptionListed = (s: SubscriptionFacts) => s.state === 'active' && s.approval.state === 'approved';
/** …and are disabled when the caller may not request access under them. */
export const subscriptionDisabled = (s: SubscriptionFacts) => !s.canRequestAccess;

/** The one usable choice, when there is exactly one: the wizard then makes it for the user (an
 * application, a subscription). With none or several the user chooses. */
export function onlyChoice<T>(items: readonly T[], usable: (item: T) => boolean = () => true): T | null {
  const ok = items.filter(usable);
  return ok.length === 1 ? ok[0]! : null;
}

/** The preview's expiry: the archival or migration scheduled date, 'never', or 'migrated' (shown as a dash). */
export function subscriptionExpiry(s: SubscriptionFacts): { kind: 'date'; at: string } | { kind: 'never' } | { kind: 'migrated' } {
  if (s.state === 'migrated') return { kind: 'migrated' };
  const at = s.archival.scheduledAt ?? s.migration.to.scheduledAt;
  return at ? { kind: 'date', at } : { kind: 'never' };
}

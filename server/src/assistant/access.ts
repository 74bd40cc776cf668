// "How do I get access to X" (issue 29 point 3): the steps from where THIS caller stands to a
// call of the product's resource, each a portal link or an action to confirm. The facts come from
// the services the product page and the access wizard use (the subscriptions covering the resource,
// `accessInfos` and `canRequestAccessOrCredential`, the plans' `canSubscribe`, the subscriptions'
// approval and `canRequestAccess`, the caller's applications and credentials), so each rule lives
// in one place; nothing here decides access itself.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { AiAction } from '../schemas/ai.ts';
import type { Plan } from '../schemas/plans.ts';
import type { AssetResource } from '../schemas/catalogue.ts';
import { one } from '../catalogue/sql.ts';
import { getAssetResource, latestVersionOf } from '../catalogue/resources.ts';
import { listSubscriptions } from '../subscriptions/read.ts';
import { listApplications } from '../applications/applications.ts';
import { listCredentials } from '../credentials/service.ts';
import { href } from '../../../src/rules/routes.ts';
import type { Translate } from '../messages.ts';
import { words } from './intent.ts';

/** Asking how to get access or start using something, in en, fr, pt, de. */
export const ACCESS_INTENT = words(
  'get access', 'access to', 'request access', 'how do i use', 'how can i use', 'how do we use', 'how can we use', 'start using', 'get started with',
  'get a key', 'get an api key', 'get a credential', 'get credentials',
  'accès', 'accéder', 'comment utiliser', 'puis-je utiliser', 'obtenir une clé',
  'acesso', 'acessar', 'como uso', 'como posso usar', 'como usar', 'como utilizar',
  'zugang', 'zugriff', 'wie nutze', 'wie kann ich', 'nutzen', 'verwenden', 'benutzen',
);

export interface Steps { lines: string[]; actions: Array<Omit<AiAction, 'id'>> }

/** The caller's steps to `resourceId` (or the product's first resource that takes requests), or
 * null when no resource of the product is visible to the caller. `plans`: the product's active
 * plans; `preferred`: the one the question names, offered when it may be subscribed. */
export async function accessSteps(app: FastifyInstance, caller: Caller, productId: string, productTitle: string,
  resourceId: string | undefined, plans: Plan[], t: Translate, preferred?: string): Promise<Steps | null> {
  const resource = await findResource(app, caller, productId, resourceId);
  if (!resource) return null;
  // "To use SMS Messaging of SMS Messaging" says it once.
  const lines = [resource.title === productTitle ? t('assistant.access.introProduct', { product: productTitle }) : t('assistant.access.intro', { resource: resource.title, product: productTitle })];
  const actions: Steps['actions'] = [];
  const step = (text: string, action?: Omit<AiAction, 'id'>) => {
    lines.push(`${lines.length}. ${text}`);
    if (action) actions.push(action);
  };
  if (!caller.userId) {
    step(t('assistant.access.signIn'), { kind: 'open', label: t('assistant.action.signIn'), params: { href: href('signin') } });
    return { lines, actions };
  }
  const tolerate = <T>(p: Promise<T>, empty: T) => p.catch((e: unknown) => { if (e instanceof ApiError) return empty; throw e; });
  const subs = (await tolerate(listSubscriptions(app.db, caller, { product: productId, resource: resource.id, pageSize: 20 }), { items: [], totalCount: 0 })).items;
  const usable = subs.find((s) => s.canRequestAccess);
  // Subscribed as the resource list counts it: an approved, active subscription whose plan covers it.
  if (!subs.some((s) => s.approval.state === 'approved' && s.state === 'active')) {
    const pending = subs.find((s) => s.approval.state === 'pending' && s.state === 'active');
    const open = plans.filter((p) => p.canSubscribe).sort((a, b) => Number(b.id === preferred) - Number(a.id === preferred));
    if (pending) step(t('assistant.access.subscriptionPending', { subscription: pending.title }), { kind: 'open', label: t('assistant.action.openSubscription'), params: { href: href('subscription', { subscriptionId: pending.id }) } });
    else if (open.length) step(t('assistant.access.subscribe', { product: productTitle, plans: open.map((p) => p.title).join(', ') }), { kind: 'subscribe', label: t('assistant.action.subscribe', { plan: open[0]!.title }), params: { productId, planId: open[0]!.id } });
    else step(t('assistant.access.noPlan', { product: productTitle }));
  }
  const apps = await tolerate(listApplications(app.db, caller, { states: ['active'], pageSize: 1 }), { items: [], totalCount: 0 });
  if (!apps.totalCount) step(t('assistant.access.createApp'), { kind: 'createApplication', label: t('assistant.action.createApp', { title: t('assistant.access.appTitle') }), params: { title: t('assistant.access.appTitle') } });
  const requestable = !!resource.accessRequestDefinition || resource.credentialRequestDefinitions.length > 0;
  if (!requestable) {
    step(t('assistant.access.open', { resource: resource.title }));
    return { lines, actions };
  }
  const wizard = (label: string): Omit<AiAction, 'id'> | undefined => (resource.canRequestAccessOrCredential && usable
    ? { kind: 'requestAccess', label, params: { productId, resourceId: resource.id } } : undefined);
  const infos = resource.accessInfos;
  const approved = infos.filter((i) => i.approvalState === 'approved');
  const pending = infos.find((i) => i.approvalState === 'pending');
  const rejected = infos.find((i) => i.approvalState === 'rejected');
  if (!approved.length) {
    if (pending) step(t('assistant.access.requestPending', { application: pending.applicationTitle }), { kind: 'open', label: t('assistant.action.openRegistrations'), params: { href: href('registrations') } });
    else if (rejected) step(t('assistant.access.requestRejected', { application: rejected.applicationTitle }), wizard(t('assistant.action.openWizard', { resource: resource.title })));
    else step(t('assistant.access.request', { resource: resource.title }), wizard(t('assistant.action.openWizard', { resource: resource.title })));
    return { lines, actions };
  }
  const credentials = await tolerate(listCredentials(app.db, caller, { resource: resource.id, state: ['active'], limit: 1 }, app.clock.now()), { items: [], totalCount: 0 });
  const credential = credentials.items[0];
  if (credential) {
    step(t('assistant.access.ready', { credential: credential.title, application: credential.application.title }));
  } else {
    const first = approved[0]!;
    step(t('assistant.access.createCredential', { application: first.applicationTitle, resource: resource.title }),
      { kind: 'open', label: t('assistant.action.createCredential', { application: first.applicationTitle }), params: { href: href('application.credentialCreate', { applicationId: first.applicationId }) } });
  }
  return { lines, actions };
}

/** The resource meant, else the product's first active resource of its latest version, those taking access requests first. */
async function findResource(app: FastifyInstance, caller: Caller, productId: string, resourceId: string | undefined): Promise<AssetResource | null> {
  const row = await one<{ id: string; version_id: string }>(app.db, sql`select ar.id, ar.product_version_id as version_id from asset_resources ar
    where ar.product_version_id = ${latestVersionOf(sql`${productId}::text`)} and ar.state = 'active'
    order by (ar.id = ${resourceId ?? ''}) desc, (ar.access_request_definition_id is not null or cardinality(ar.credential_request_definition_ids) > 0) desc, lower(ar.title), ar.id
    limit 1`);
  if (!row) return null;
  return getAssetResource(app.db, caller, productId, row.version_id, row.id).catch((e: unknown) => { if (e instanceof ApiError) return null; throw e; });
}

// A subscription's details (/subscriptions/{id}, spec 3 §2.3, §4): its facts, the expandable
// sections opened by hash anchor (#applications, #additional-info, #invoices, #usage), the history
// and unsubscribe (typed word; the list refetches 1 s later).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useProduct } from '../../api/products.ts';
import { useInvalidateLater } from '../../api/swr.ts';
import { useSubscriptionDetails, type SubscriptionDetails as Details } from '../../api/subscriptions.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { REFETCH_AFTER_UNSUBSCRIBE_MS } from '../../rules/constants.ts';
import { href } from '../../rules/routes.ts';
import { Link, useNavigator, useRoute } from '../../router/context.tsx';
import { Breadcrumb } from '../../ui/Breadcrumb.tsx';
import { Button } from '../../ui/Button.tsx';
import { History } from '../../ui/History.tsx';
import { IconChevronDown } from '../../ui/moreIcons.tsx';
import { EmptyPlaceholder, ErrorPlaceholder, LoadingPlaceholder, UnauthorizedPlaceholder, errorStatus } from '../../ui/Placeholders.tsx';
import { SchemaForm } from '../../ui/SchemaForm.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { Fields } from '../credentials/parts.tsx';
import { ApplicationsSection } from './ApplicationsSection.tsx';
import { InvoicesSection } from './InvoicesSection.tsx';
import { ApprovalBadge, OwnerName, StateBadge, UnsubscribeDialog } from './parts.tsx';
import { schemaHasFields, sectionOf, type Section } from './query.ts';
import { UsageSection } from './UsageSection.tsx';

export function SubscriptionDetails({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useMessages('subscriptions');
  const subscription = useSubscriptionDetails(subscriptionId);
  const s = subscription.data;
  if (subscription.error) {
    const status = errorStatus(subscription.error);
    if (status === 403) return <UnauthorizedPlaceholder />;
    if (status === 404) return <EmptyPlaceholder title={t('subscriptions.detail.notFound')} message={t('subscriptions.detail.notFoundMessage')} />;
    return <ErrorPlaceholder title={t('subscriptions.error.fetch')} error={subscription.error} onRetry={() => void subscription.mutate()} />;
  }
  if (!s) return <LoadingPlaceholder />;
  return <Body subscription={s} onChanged={(updated) => void subscription.mutate(updated, { revalidate: false })} />;
}

function Body({ subscription: s, onChanged }: { subscription: Details; onChanged: (s: Details) => void }) {
  const { t, fmt } = useMessages('subscriptions');
  const route = useRoute();
  const navigator = useNavigator();
  const invalidateLater = useInvalidateLater();
  const product = useProduct(s.product.id);
  const [leaving, setLeaving] = useState(false);
  const [notice, setNotice] = useState('');
  const fragment = sectionOf(route.fragment);
  const [open, setOpen] = useState<ReadonlySet<Section>>(() => new Set(fragment ? [fragment] : []));
  const refs = useRef<Partial<Record<Section, HTMLElement | null>>>({});
  // An anchor opens its section and brings it into view.
  useEffect(() => {
    if (!fragment) return;
    setOpen((o) => (o.has(fragment) ? o : new Set([...o, fragment])));
    refs.current[fragment]?.scrollIntoView({ block: 'start' });
  }, [fragment]);
  const toggle = (section: Section) => {
    const opening = !open.has(section);
    setOpen((o) => {
      const next = new Set(o);
      if (opening) next.add(section);
      else next.delete(section);
      return next;
    });
    // The address names the section last opened, so it can be shared or bookmarked.
    if (opening && route.match?.name === 'subscription') navigator.navigate(`${href('subscription', { subscriptionId: s.id })}#${section}`, { replace: true });
  };
  const section = (id: Section, title: string, children: ReactNode, count?: number) => (
    <Disclosure key={id} id={id} title={title} count={count} open={open.has(id)} onToggle={() => toggle(id)} sectionRef={(el) => { refs.current[id] = el; }}>
      {children}
    </Disclosure>
  );
  const canUnsubscribe = s.rights.unsubscribe && s.state === 'active';
  return (
    <div className="flex flex-col gap-6" data-part="subscription-details" data-subscription={s.id}>
      <p className="sr-only" role="status" aria-live="polite">{notice}</p>
      <Breadcrumb items={[{ label: t('subscriptions.title'), href: href('subscriptions') }, { label: s.title }]} />
      <header className="flex flex-wrap items-start gap-4">
        <div className="min-w-0 flex-1">
          <h1 className="m-0 break-words text-2xl font-semibold leading-8 text-gray-900">{s.title}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <StateBadge state={s.state} />
            <ApprovalBadge state={s.approval.state} />
          </div>
        </div>
        {canUnsubscribe && <Button variant="danger" onClick={() => setLeaving(true)} data-action="unsubscribe">{t('subscriptions.unsubscribe')}</Button>}
      </header>
      <Fields items={[
        [t('subscriptions.field.product'), <Link to={href('product.overview', { productId: s.product.id })} className="text-primary hover:underline">{s.product.title}</Link>],
        [t('subscriptions.field.plan'), <Link to={href('product.plan', { productId: s.product.id, planId: s.plan.id })} className="text-primary hover:underline">
          {s.plan.title} ({t(s.plan.type === 'paid' ? 'subscriptions.plan.paid' : 'subscriptions.plan.free')})</Link>],
        [t('subscriptions.field.owner'), <OwnerName owner={s.owner} />],
        [t('subscriptions.field.created'), fmt.dateTime(s.metadata.createdAt)],
        !!s.approval.reason && [t('subscriptions.field.reason'), s.approval.reason],
        !!s.archival.scheduledAt && [t(s.state === 'archived' ? 'subscriptions.field.archivedAt' : 'subscriptions.field.archival'), fmt.dateTime(s.archival.scheduledAt)],
        !!s.archival.reason && [t('subscriptions.field.archivalReason'), s.archival.reason],
        !!s.migration.to.scheduledAt && [t('subscriptions.field.migration'), fmt.dateTime(s.migration.to.scheduledAt)],
      ]} />
      <div className="flex flex-col gap-3">
        {section('applications', t('subscriptions.section.applications'), <ApplicationsSection subscriptionId={s.id} />, s.applications.totalCount)}
        {section('additional-info', t('subscriptions.section.additionalInfo'), <AdditionalInfo subscription={s} />)}
        {section('invoices', t('subscriptions.section.invoices'), <InvoicesSection subscriptionId={s.id} contactEmail={product.data?.contact?.email ?? null} />)}
        {section('usage', t('subscriptions.section.usage'), <UsageSection subscriptionId={s.id} productId={s.product.id} planId={s.plan.id} />)}
      </div>
      <section data-part="history" aria-labelledby={`${s.id}-history`}>
        <h2 id={`${s.id}-history`} className="m-0 mb-3 text-lg font-semibold text-gray-900">{t('subscriptions.history.title')}</h2>
        <History empty={t('subscriptions.history.empty')} items={s.history.map((h) => ({
          type: h.type,
          title: t(`subscriptions.history.${h.type}` as MessageKey),
          by: h.user?.name ? t('subscriptions.history.by', { name: h.user.name }) : null,
          at: fmt.dateTime(h.at),
          reason: h.reason ? t('subscriptions.history.reason', { reason: h.reason }) : null,
          tone: h.type === 'approved' ? 'success' : h.type === 'rejected' ? 'danger' : h.type === 'requested' ? 'neutral' : 'warning',
        }))} />
      </section>
      {leaving && (
        <UnsubscribeDialog subscription={s} onCancel={() => setLeaving(false)}
          onDone={(updated) => {
            setLeaving(false);
            setNotice(t('subscriptions.unsubscribe.done', { name: s.title }));
            onChanged(updated);
            invalidateLater(['subscriptions'], REFETCH_AFTER_UNSUBSCRIBE_MS);
          }} />
      )}
    </div>
  );
}

/** The submitted data against the plan's schema; 'none provided' when nothing was asked or given. */
function AdditionalInfo({ subscription: s }: { subscription: Details }) {
  const { t } = useMessages('subscriptions');
  const data = (s.data && typeof s.data === 'object' ? s.data : {}) as Record<string, unknown>;
  if (Object.keys(data).length === 0) return <p className="m-0 text-gray-500" data-part="no-additional-info">{t('subscriptions.additionalInfo.none')}</p>;
  if (schemaHasFields(s.schema)) return <SchemaForm schema={s.schema} data={data} readOnly idPrefix={`sub-${s.id}`} />;
  return <Fields items={Object.entries(data).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])} />;
}

function Disclosure({ id, title, count, open, onToggle, sectionRef, children }: {
  id: Section; title: string; count?: number; open: boolean; onToggle: () => void; sectionRef: (el: HTMLElement | null) => void; children: ReactNode;
}) {
  const bodyId = useId();
  return (
    <section id={id} ref={sectionRef} data-section={id} data-open={open ? '' : undefined} className="scroll-mt-4 rounded-lg border border-gray-200 bg-white">
      <h2 className="m-0 text-base font-semibold">
        <button type="button" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}
          className={cx('flex w-full items-center gap-3 rounded-lg px-4 py-3 text-left text-gray-900 hover:bg-gray-50', FOCUS_RING)}>
          <span className="flex-1">{title}</span>
          {count !== undefined && <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">{count}</span>}
          <IconChevronDown size={18} className={cx('shrink-0 text-gray-500 transition-transform', open && 'rotate-180')} />
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className="border-t border-gray-200 px-4 py-4 text-sm">
        {open && children}
      </div>
    </section>
  );
}

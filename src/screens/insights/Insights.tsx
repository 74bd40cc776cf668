// /consumer-insights/* (spec 3 §2.5), <agora-insights view="…">: API health, usage by application
// or by subscription, API traffic (with a transaction's side panel), subscription compliance. The
// caller sees its organisation's traffic (a provider Administrator: its products'). Signed out: the
// unauthorized page (the portal sends visitors to sign in first).
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { href } from '../../rules/routes.ts';
import { useSignedIn } from '../../state/store.ts';
import { BreadcrumbHeader } from '../../ui/Breadcrumb.tsx';
import { UnauthorizedPlaceholder } from '../../ui/Placeholders.tsx';
import { LinkTabs } from '../../ui/Tabs.tsx';
import { AppUsage } from './AppUsage.tsx';
import { Compliance } from './Compliance.tsx';
import { Health } from './Health.tsx';
import { SubscriptionUsage } from './SubscriptionUsage.tsx';
import { Traffic } from './Traffic.tsx';

export const INSIGHTS_VIEWS = ['health', 'application', 'subscription', 'traffic', 'compliance'] as const;
export type InsightsView = (typeof INSIGHTS_VIEWS)[number];

export interface InsightsProps {
  view?: string;
  /** traffic: the transaction whose detail panel is open */
  transactionId?: string;
  /** traffic: the application filter a link sets (its id, and its title to show) */
  applicationId?: string;
  application?: string;
  /** traffic: the refusal filter a link sets ('any' or a refusal reason) */
  refusal?: string;
  /** traffic: the custom range a link sets (ISO date-times) */
  from?: string;
  to?: string;
}

export default function Insights({ view, transactionId, applicationId, application, refusal, from, to }: InsightsProps) {
  const { t } = useMessages('insights');
  const signedIn = useSignedIn();
  const v: InsightsView = (INSIGHTS_VIEWS as readonly string[]).includes(view ?? '') ? (view as InsightsView) : 'health';
  const usage = v === 'application' || v === 'subscription';
  let body;
  if (!signedIn) body = <UnauthorizedPlaceholder />;
  else if (v === 'health') body = <Health />;
  else if (v === 'application') body = <AppUsage />;
  else if (v === 'subscription') body = <SubscriptionUsage />;
  else if (v === 'traffic') body = <Traffic transactionId={transactionId?.trim() || undefined} link={{ applicationId, application, refusal, from, to }} />;
  else body = <Compliance />;
  return (
    <div className="mx-auto flex w-full max-w-[1360px] flex-col gap-5 px-4 py-6 sm:px-6 lg:py-8" data-page="insights" data-insights-view={v}>
      <BreadcrumbHeader
        items={[{ label: t('insights.breadcrumb.home'), href: href('home') }, { label: t('insights.title'), href: href('insights.health') }, { label: t(`insights.view.${v}` as MessageKey) }]}
        title={t(`insights.view.${v}` as MessageKey)} subtitle={t(`insights.view.${v}.subtitle` as MessageKey)} />
      {usage && signedIn && (
        <LinkTabs label={t('insights.usage.by')} selected={v} tabs={[
          { id: 'application', label: t('insights.view.application'), href: href('insights.appUsage') },
          { id: 'subscription', label: t('insights.view.subscription'), href: href('insights.appUsage', {}, { by: 'subscription' }) },
        ]} />
      )}
      {body}
    </div>
  );
}

// Application details (/applications/{id}/(credentials|profiles|resources), spec 2 §2): a header
// with image, title, owner, state and the edit action, and route tabs. The profiles tab exists only
// when the application has a profile (otherwise the route goes to credentials). The credentials tab
// is the credentials area's table (src/screens/credentials/CredentialsTable.tsx), loaded with it.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useApplication } from '../../api/applications.ts';
import { useInvalidate } from '../../api/swr.ts';
import { useMessages } from '../../i18n/intl.ts';
import { useNavigator } from '../../router/context.tsx';
import { applicationActions } from '../../rules/applications.ts';
import { href, profilesRedirect } from '../../rules/routes.ts';
import { Breadcrumb } from '../../ui/Breadcrumb.tsx';
import { Button } from '../../ui/Button.tsx';
import { AsyncState, LoadingPlaceholder } from '../../ui/Placeholders.tsx';
import { LinkTabs } from '../../ui/Tabs.tsx';
import { ApplicationImage } from './ApplicationImage.tsx';
import { ApplicationPanel } from './ApplicationPanel.tsx';
import { OwnerLine, StateBadge } from './ApplicationTile.tsx';
import { ProfilesTab } from './ProfilesTab.tsx';
import { ResourcesTab } from './ResourcesTab.tsx';

export interface ApplicationDetailsProps {
  applicationId: string;
  tab: 'credentials' | 'profiles' | 'resources';
  credentialId?: string;
  profileId?: string;
  create?: boolean;
}

const CredentialsTable = lazy(() => import('../credentials/CredentialsTable.tsx').then((m) => ({ default: m.CredentialsTable })));

export default function ApplicationDetails({ applicationId, tab, credentialId, profileId, create }: ApplicationDetailsProps) {
  const { t } = useMessages('applications');
  const navigator = useNavigator();
  const invalidate = useInvalidate();
  const application = useApplication(applicationId);
  const app = application.data;
  const [editing, setEditing] = useState(false);

  // No profile: the profiles tab does not exist (spec 2 §2).
  const redirect = app && tab === 'profiles' ? profilesRedirect(app.id, app.profiles.totalCount) : null;
  useEffect(() => {
    if (redirect) navigator.navigate(redirect, { replace: true });
  }, [redirect, navigator]);

  const tabs = [
    { id: 'credentials', label: t('applications.tab.credentials'), href: href('application.credentials', { applicationId }) },
    ...(app && app.profiles.totalCount > 0
      ? [{ id: 'profiles', label: t('applications.tab.profiles'), href: href('application.profiles', { applicationId }), count: app.profiles.totalCount }]
      : []),
    { id: 'resources', label: t('applications.tab.resources'), href: href('application.resources', { applicationId }), count: app?.assetResources.totalCount },
  ];
  const canEdit = app ? applicationActions(app.state, app.rights).edit : false;

  return (
    <div data-screen="application" className="mx-auto w-full max-w-[1600px] px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <AsyncState loading={!app && application.isLoading} error={app ? undefined : application.error} onRetry={() => void application.mutate()}>
        {app && (
          <>
            <Breadcrumb items={[{ label: t('applications.title'), href: href('applications') }, { label: app.title }]} />
            <header className="mt-3 flex flex-wrap items-start gap-4">
              <ApplicationImage title={app.title} icon={app.icon} size={64} />
              <div className="min-w-0 flex-1">
                <h1 className="m-0 break-words text-2xl font-semibold leading-8 text-gray-900">{app.title}</h1>
                <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-600">
                  <StateBadge state={app.state} />
                  <span className="min-w-0 break-words">
                    {t('applications.owner.label')}: <OwnerLine owner={app.owner} className="font-medium text-gray-800" />
                  </span>
                </div>
              </div>
              {canEdit && <Button variant="secondary" onClick={() => setEditing(true)} data-edit="">{t('applications.action.edit')}</Button>}
            </header>
            {app.description && <p className="m-0 mt-3 max-w-3xl text-sm text-gray-600">{app.description}</p>}
            <LinkTabs tabs={tabs} selected={tab} label={t('applications.tabs')} className="mt-6" />
            <div className="pt-5">
              {tab === 'credentials' && (
                <Suspense fallback={<LoadingPlaceholder />}>
                  <CredentialsTable applicationId={applicationId} credentialId={credentialId} create={create} />
                </Suspense>
              )}
              {tab === 'profiles' && !redirect && <ProfilesTab applicationId={applicationId} profileId={profileId} />}
              {tab === 'resources' && <ResourcesTab applicationId={applicationId} />}
            </div>
            <ApplicationPanel
              open={editing}
              application={app}
              onClose={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                void invalidate(['applications']);
                void invalidate(['images']);
              }}
            />
          </>
        )}
      </AsyncState>
    </div>
  );
}

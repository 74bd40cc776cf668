// One application of the grid (spec 2 §2): image, title (the link to its details), description,
// owning team, state, and the menu of the actions the caller's rights allow.
import type { Application } from '../../api/applications.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { applicationActions } from '../../rules/applications.ts';
import { href } from '../../rules/routes.ts';
import { Status } from '../../ui/Status.tsx';
import { cx, FOCUS_RING, type Tone } from '../../ui/tone.ts';
import { ApplicationImage } from './ApplicationImage.tsx';
import { Menu, type MenuItem } from '../../ui/Menu.tsx';

export const STATE_TONE: Record<Application['state'], Tone> = { active: 'success', archived: 'neutral', archiving: 'warning', deleting: 'danger' };

export type TileAction = 'edit' | 'archive' | 'delete';

export function StateBadge({ state }: { state: Application['state'] }) {
  const { t } = useMessages('applications');
  return <Status tone={STATE_TONE[state]}>{t(`applications.state.${state}`)}</Status>;
}

export function OwnerLine({ owner, className = 'truncate' }: { owner: Application['owner']; className?: string }) {
  const { t } = useMessages('applications');
  const name = owner.name ?? t('applications.owner.notFound');
  return (
    <span className={className}>
      {owner.private ? t('applications.owner.private', { name }) : name}
    </span>
  );
}

export function ApplicationTile({ application, onAction, busy }: { application: Application; onAction: (action: TileAction) => void; busy: boolean }) {
  const { t } = useMessages('applications');
  const actions = applicationActions(application.state, application.rights);
  const items: MenuItem[] = [];
  if (actions.edit) items.push({ id: 'edit', label: t('applications.action.edit'), onSelect: () => onAction('edit') });
  if (actions.archive) items.push({ id: 'archive', label: t('applications.action.archive'), onSelect: () => onAction('archive') });
  if (actions.delete) items.push({ id: 'delete', label: t('applications.action.delete'), onSelect: () => onAction('delete'), disabled: actions.deleteDisabled || busy, danger: true });
  const link = href('application.credentials', { applicationId: application.id });
  return (
    <li data-application={application.id} className="relative flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm transition hover:border-gray-300 hover:shadow">
      <div className="flex items-start gap-3">
        <ApplicationImage title={application.title} icon={application.icon} />
        <div className="min-w-0 flex-1">
          <h2 className="m-0 text-base font-semibold leading-snug text-gray-900">
            <Link to={link} className={cx('break-words rounded text-gray-900 no-underline hover:text-primary hover:underline', FOCUS_RING)}>
              {application.title}
            </Link>
          </h2>
          <div className="mt-1 flex min-w-0 items-center gap-1 text-xs text-gray-500">
            <span className="sr-only">{t('applications.owner.label')}</span>
            <OwnerLine owner={application.owner} />
          </div>
        </div>
        {items.length > 0 && <Menu label={t('applications.action.menu', { title: application.title })} items={items} />}
      </div>
      <p className="m-0 line-clamp-3 min-h-[2.5rem] text-sm text-gray-600">{application.description || t('applications.noDescription')}</p>
      <div className="mt-auto flex items-center justify-between gap-2">
        <StateBadge state={application.state} />
        <span className="text-xs text-gray-500">{t('applications.resources.count', { count: application.assetResources.totalCount })}</span>
      </div>
    </li>
  );
}

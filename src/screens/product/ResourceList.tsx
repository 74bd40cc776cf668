// The resources of a product version (spec 1 §4, issue point 10): title linking to the resource
// page, state in its colour (deleting danger, archived/archiving warning, active success), type,
// stage and release state; grouped by asset when the version's resources come from several.
import type { AssetResource } from '../../api/products.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { resourceStateTone } from '../../rules/version.ts';
import { resourceTypeName } from '../../rules/resourceTypes.ts';
import { Status } from '../../ui/Status.tsx';
import { IconChevronRight } from '../../ui/moreIcons.tsx';
import { cx, FOCUS_RING } from '../../ui/tone.ts';
import { productHref } from './context.ts';
import { IconLayers } from './icons.tsx';

/** Specification formats by their own names (not translated). */
const STATE_LABEL: Record<string, MessageKey> = {
  active: 'product.resource.state.active',
  archived: 'product.resource.state.archived',
  archiving: 'product.resource.state.archiving',
  deleting: 'product.resource.state.deleting',
};

export function useResourceTypeName(): (type: string) => string {
  const { t } = useMessages('product');
  return (type) => (type === 'other' || !type ? t('product.resource.type.other') : resourceTypeName(type));
}

export interface ResourceGroup {
  assetId: string;
  title: string;
  resources: AssetResource[];
}

/** Resources by asset, in order of first appearance. */
export function groupByAsset(resources: readonly AssetResource[]): ResourceGroup[] {
  const groups = new Map<string, ResourceGroup>();
  for (const r of resources) {
    const key = r.assetId ?? '';
    let group = groups.get(key);
    if (!group) {
      group = { assetId: key, title: r.assetTitle ?? '', resources: [] };
      groups.set(key, group);
    }
    group.resources.push(r);
  }
  return [...groups.values()];
}

export function ResourceRow({ resource, productId }: { resource: AssetResource; productId: string }) {
  const { t } = useMessages('product');
  const typeName = useResourceTypeName();
  const stateKey = STATE_LABEL[resource.state];
  const to = productHref.resource(productId, resource.productVersionId, resource.id);
  return (
    <li className="group relative flex items-start gap-3 px-4 py-4 hover:bg-gray-50 sm:px-5" data-resource={resource.id} data-state={resource.state}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={to} className={cx('rounded font-semibold text-gray-900 no-underline hover:text-primary hover:underline', FOCUS_RING)}>
            {resource.title}
          </Link>
          <Status tone={resourceStateTone(resource.state)}>{stateKey ? t(stateKey) : resource.state}</Status>
          {resource.status === 'deleted' && <Status tone="danger">{t('product.resource.deleted')}</Status>}
        </div>
        {resource.description && <p className="m-0 mt-1 line-clamp-2 text-sm text-gray-600">{resource.description}</p>}
        <dl className="m-0 mt-2 flex flex-wrap gap-x-5 gap-y-1 text-xs text-gray-500">
          <div className="flex gap-1">
            <dt>{t('product.resource.type')}</dt>
            <dd className="m-0 font-medium text-gray-700" data-type={resource.type}>{typeName(resource.type)}</dd>
          </div>
          {resource.stage && (
            <div className="flex gap-1">
              <dt>{t('product.resource.stage')}</dt>
              <dd className="m-0 font-medium text-gray-700" data-stage="">{resource.stage.title}</dd>
            </div>
          )}
          {resource.version && (
            <div className="flex gap-1">
              <dt>{t('product.resource.version')}</dt>
              <dd className="m-0 font-medium text-gray-700">{resource.version}</dd>
            </div>
          )}
          {resource.sourceReleaseStateName && resource.sourceReleaseStateName !== 'active' && (
            <div className="flex gap-1" title={resource.sourceReleaseStateMessage ?? undefined}>
              <dt>{t('product.resource.release')}</dt>
              <dd className="m-0 font-medium text-gray-700">{resource.sourceReleaseStateName}</dd>
            </div>
          )}
        </dl>
      </div>
      <IconChevronRight size={18} className="mt-1 shrink-0 text-gray-300 group-hover:text-primary" />
    </li>
  );
}

export function ResourceList({ resources, productId, grouped }: { resources: readonly AssetResource[]; productId: string; grouped: boolean }) {
  const list = (items: readonly AssetResource[]) => (
    <ul className="m-0 list-none divide-y divide-gray-100 p-0">
      {items.map((r) => <ResourceRow key={r.id} resource={r} productId={productId} />)}
    </ul>
  );
  if (!grouped) {
    return <div className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm" data-part="resource-list">{list(resources)}</div>;
  }
  return (
    <div className="flex flex-col gap-4" data-part="resource-list" data-grouped="">
      {groupByAsset(resources).map((group) => (
        <section key={group.assetId} className="overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm" data-asset={group.assetId}>
          <h3 className="m-0 flex items-center gap-2 border-b border-gray-100 bg-gray-50 px-4 py-2.5 text-sm font-semibold text-gray-800 sm:px-5">
            <IconLayers size={16} className="text-gray-500" />
            {group.title}
            <span className="ml-auto rounded-full bg-white px-2 py-0.5 text-xs font-medium text-gray-500 ring-1 ring-gray-200">{group.resources.length}</span>
          </h3>
          {list(group.resources)}
        </section>
      ))}
    </div>
  );
}

// The resource page's credentials and access requests tabs (spec 2 §2, §5, §6, §8): the
// request-access action (enabled on the latest version, with an active subscription and an
// access request definition the user may request: the resource's canRequestAccessOrCredential)
// with the notices of §8, then the credentials table at resource level or the resource's requests.
import type { AssetResource } from '../../api/explorer.ts';
import type { Product } from '../../api/products.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { href } from '../../rules/routes.ts';
import { useNavigator } from '../../router/context.tsx';
import { Button } from '../../ui/Button.tsx';
import { IconInfo } from '../../ui/icons.tsx';
import { AccessRequestsTable } from '../registrations/AccessRequestsTable.tsx';
import { CredentialsTable } from './CredentialsTable.tsx';

export interface ResourceTabProps {
  productId: string;
  versionId: string;
  resource: AssetResource;
  product: Product | undefined;
}

type Notice = 'noCrd' | 'noSubscription' | 'accessNotRequired' | 'notLatest' | 'deleted';

/** Which §8 notices apply, and whether access (or a credential) may be requested. */
export function requestAccessState(resource: Pick<AssetResource, 'status' | 'accessRequestDefinition' | 'credentialRequestDefinitions' | 'canRequestAccessOrCredential'>,
  latest: boolean, tab: 'credentials' | 'accessRequests'): { enabled: boolean; notices: Notice[] } {
  const notices: Notice[] = [];
  if (!latest) notices.push('notLatest');
  if (resource.status === 'deleted') notices.push('deleted');
  if (!resource.accessRequestDefinition) notices.push('accessNotRequired');
  else if (latest && !resource.canRequestAccessOrCredential) notices.push('noSubscription');
  if (tab === 'credentials' && resource.credentialRequestDefinitions.length === 0) notices.push('noCrd');
  const enabled = latest && resource.status !== 'deleted' && !!resource.accessRequestDefinition && resource.canRequestAccessOrCredential;
  return { enabled, notices };
}

function RequestAccessBar({ productId, versionId, resource, product, tab }: ResourceTabProps & { tab: 'credentials' | 'accessRequests' }) {
  const { t } = useMessages('credentials');
  const navigator = useNavigator();
  const latest = !product?.latestVersion?.id || product.latestVersion.id === versionId;
  const { enabled, notices } = requestAccessState(resource, latest, tab);
  const to = href('registrationCreate', { productId });
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start" data-part="request-access-bar">
      <ul className="m-0 flex min-w-0 flex-1 list-none flex-col gap-2 p-0">
        {notices.map((n) => (
          <li key={n} data-notice={n} className="flex items-start gap-2 rounded-md border border-info/30 bg-info/10 px-3 py-2 text-sm text-info-ink">
            <IconInfo size={16} className="mt-0.5 shrink-0" />
            {t(`credentials.notice.${n}` as MessageKey)}
          </li>
        ))}
      </ul>
      <Button variant="primary" format="solid" disabled={!enabled} onClick={() => navigator.navigate(to)} className="shrink-0" data-part="request-access">
        {t('credentials.requestAccess')}
      </Button>
    </div>
  );
}

// The resource page loads only the explorer's texts: these tabs bring their own (and the schema
// form's, in the applications section) before they draw.
const useTabTexts = () => useMessages('credentials', 'registrations', 'applications');

export function ResourceCredentialsTab(props: ResourceTabProps) {
  useTabTexts();
  return (
    <div className="flex flex-col gap-4" data-part="resource-credentials">
      <RequestAccessBar {...props} tab="credentials" />
      <CredentialsTable resourceId={props.resource.id} productId={props.productId} versionId={props.versionId} />
    </div>
  );
}

export function ResourceAccessRequestsTab(props: ResourceTabProps) {
  useTabTexts();
  return (
    <div className="flex flex-col gap-4" data-part="resource-access-requests">
      <RequestAccessBar {...props} tab="accessRequests" />
      <AccessRequestsTable resourceId={props.resource.id} />
    </div>
  );
}

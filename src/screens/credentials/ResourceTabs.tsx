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

export type Notice = 'noCrd' | 'noSubscription' | 'accessNotRequired' | 'notLatest' | 'deleted' | 'archived';

/** Which §8 notices apply, and whether access (or a credential) may be requested. An archived
 * (or archiving, deleting) resource takes no new requests (spec 2 §7 lists active resources only),
 * and says so rather than blaming the subscriptions. */
export function requestAccessState(resource: Pick<AssetResource, 'status' | 'state' | 'accessRequestDefinition' | 'credentialRequestDefinitions' | 'canRequestAccessOrCredential'>,
  latest: boolean, tab: 'credentials' | 'accessRequests'): { enabled: boolean; notices: Notice[] } {
  const notices: Notice[] = [];
  const deleted = resource.status === 'deleted';
  const inactive = !deleted && resource.state !== 'active';
  if (!latest) notices.push('notLatest');
  if (deleted) notices.push('deleted');
  if (inactive) notices.push('archived');
  if (!resource.accessRequestDefinition) notices.push('accessNotRequired');
  else if (latest && !deleted && !inactive && !resource.canRequestAccessOrCredential) notices.push('noSubscription');
  if (tab === 'credentials' && resource.credentialRequestDefinitions.length === 0) notices.push('noCrd');
  const enabled = latest && !deleted && !inactive && !!resource.accessRequestDefinition && resource.canRequestAccessOrCredential;
  return { enabled, notices };
}

/** The wizard's address from a resource: the product, and the resource to preselect. */
export const requestAccessHref = (productId: string, resourceId: string) => href('registrationCreate', { productId }, { resourceId });

function RequestAccessBar({ productId, versionId, resource, product, tab }: ResourceTabProps & { tab: 'credentials' | 'accessRequests' }) {
  const { t } = useMessages('credentials');
  const latest = !product?.latestVersion?.id || product.latestVersion.id === versionId;
  const { notices } = requestAccessState(resource, latest, tab);
  // The action itself is on the resource header (every tab, the methods view too); here the reasons.
  if (notices.length === 0) return null;
  return (
    <ul className="m-0 flex min-w-0 list-none flex-col gap-2 p-0" data-part="request-access-bar">
      {notices.map((n) => (
        <li key={n} data-notice={n} className="flex items-start gap-2 rounded-md border border-info/30 bg-info/10 px-3 py-2 text-sm text-info-ink">
          <IconInfo size={16} className="mt-0.5 shrink-0" />
          {t(`credentials.notice.${n}` as MessageKey)}
        </li>
      ))}
    </ul>
  );
}

/** "Request access" for the resource header: enabled under the rules above; when not, the first
 * reason shows under it. The wizard opens with this resource preselected. */
export function RequestAccessButton({ productId, versionId, resource, product }: ResourceTabProps) {
  const { t } = useMessages('credentials');
  const navigator = useNavigator();
  const latest = !product?.latestVersion?.id || product.latestVersion.id === versionId;
  const { enabled, notices } = requestAccessState(resource, latest, 'accessRequests');
  const reason = enabled ? null : notices[0] ?? null;
  const id = `request-access-why-${resource.id}`;
  return (
    <div className="flex max-w-xs flex-col items-stretch gap-1 sm:items-end">
      <Button variant="primary" format="solid" disabled={!enabled} onClick={() => navigator.navigate(requestAccessHref(productId, resource.id))}
        aria-describedby={reason ? id : undefined} data-part="request-access">
        {t('credentials.requestAccess')}
      </Button>
      {reason && <p id={id} className="m-0 text-xs text-gray-600 sm:text-right" data-part="request-access-reason" data-notice={reason}>{t(`credentials.notice.${reason}` as MessageKey)}</p>}
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

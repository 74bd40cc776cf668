// /credentials and /credentials/{id} (spec 2 §2), <agora-credentials>: the global credentials
// list; an id opens the detail side panel. Enabled for an Administrator or a Consumer (spec 2 §6).
import { useSession } from '../../api/auth.ts';
import { useMessages } from '../../i18n/intl.ts';
import { isConsumer } from '../../rules/roles.ts';
import { useSignedIn } from '../../state/store.ts';
import { LoadingPlaceholder, UnauthorizedPlaceholder } from '../../ui/Placeholders.tsx';
import { CredentialsTable } from './CredentialsTable.tsx';

export interface CredentialsScreenProps {
  credentialId?: string;
  /** Element use: the table of one application or one resource instead of every credential. */
  applicationId?: string;
  resourceId?: string;
  productId?: string;
  versionId?: string;
}

export default function CredentialsScreen({ credentialId, applicationId, resourceId, productId, versionId }: CredentialsScreenProps) {
  const { t } = useMessages('credentials');
  const signedIn = useSignedIn();
  const session = useSession();
  let body;
  if (!signedIn || (session.data && !isConsumer(session.data))) body = <UnauthorizedPlaceholder />;
  else if (!session.data) body = <LoadingPlaceholder />;
  else body = <CredentialsTable credentialId={credentialId?.trim() || undefined} applicationId={applicationId?.trim() || undefined} resourceId={resourceId?.trim() || undefined} productId={productId?.trim() || undefined} versionId={versionId?.trim() || undefined} />;
  return (
    <div className="mx-auto flex w-full max-w-[1360px] flex-col gap-5 px-4 py-6 sm:px-6 lg:py-8" data-page="credentials">
      <header>
        <h1 className="m-0 text-2xl font-semibold text-gray-900 sm:text-3xl">{t('credentials.title')}</h1>
        <p className="m-0 mt-1 text-gray-600">{t('credentials.subtitle')}</p>
      </header>
      {body}
    </div>
  );
}

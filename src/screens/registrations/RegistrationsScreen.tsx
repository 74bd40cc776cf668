// /registrations and /registrations/{id} (spec 2 §2), <agora-access-requests>: the access
// requests list; an id opens the detail side panel. Enabled for an Administrator or a Consumer
// (spec 2 §6); a 403 from the server shows the unauthorized page too.
import { useSession } from '../../api/auth.ts';
import { useMessages } from '../../i18n/intl.ts';
import { isConsumer } from '../../rules/roles.ts';
import { useSignedIn } from '../../state/store.ts';
import { LoadingPlaceholder, UnauthorizedPlaceholder } from '../../ui/Placeholders.tsx';
import { AccessRequestsTable } from './AccessRequestsTable.tsx';

export interface RegistrationsScreenProps {
  registrationId?: string;
  /** Element use: the requests of one resource. */
  resourceId?: string;
}

export default function RegistrationsScreen({ registrationId, resourceId }: RegistrationsScreenProps) {
  const { t } = useMessages('registrations');
  const signedIn = useSignedIn();
  const session = useSession();
  let body;
  if (!signedIn || (session.data && !isConsumer(session.data))) body = <UnauthorizedPlaceholder />;
  else if (!session.data) body = <LoadingPlaceholder />;
  else body = <AccessRequestsTable registrationId={registrationId?.trim() || undefined} resourceId={resourceId?.trim() || undefined} />;
  return (
    <div className="mx-auto flex w-full max-w-[1360px] flex-col gap-5 px-4 py-6 sm:px-6 lg:py-8" data-page="registrations">
      <header>
        <h1 className="m-0 text-2xl font-semibold text-gray-900 sm:text-3xl">{t('registrations.title')}</h1>
        {/* The provider reads other organisations' requests to its products; a consumer, its own. */}
        <p className="m-0 mt-1 text-gray-600">{t(session.data?.provider_guid ? 'registrations.subtitle.provider' : 'registrations.subtitle')}</p>
      </header>
      {body}
    </div>
  );
}

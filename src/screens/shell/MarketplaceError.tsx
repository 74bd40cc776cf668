// The marketplace root could not be read (spec 1 §8): 403 -> 'marketplace unauthorized';
// anything else -> 'marketplace not found' with sign-out and, for users without a provider guid,
// change organisation (drops a configured tenant, or signs out to sign in with another account).
import { useSession } from '../../api/auth.ts';
import type { ApiError } from '../../api/errors.ts';
import { useMessages } from '../../i18n/intl.ts';
import { configure, useAgora, useSignedIn } from '../../state/store.ts';
import { Button } from '../../ui/Button.tsx';
import { useErrorEvent } from '../../ui/Placeholders.tsx';
import { IconAlert } from './pageIcons.tsx';
import { useSignOut } from './UserMenu.tsx';

export function MarketplaceError({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const { t } = useMessages();
  const signedIn = useSignedIn();
  const { data: session } = useSession();
  const tenant = useAgora((s) => s.config.tenant);
  const signOut = useSignOut(undefined);
  const unauthorized = error.status === 403;
  // A portal embedded on a page tells it too (agora-error), as every element's error state does.
  useErrorEvent(error);

  return (
    <div className="grid min-h-[60vh] place-items-center bg-container px-4 py-16">
      <div role="alert" className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 grid h-12 w-12 place-items-center rounded-full bg-danger/10 text-danger">
          <IconAlert size={24} />
        </div>
        <h1 className="m-0 text-xl font-semibold text-gray-900">
          {unauthorized ? t('shell.marketplace.unauthorized.title') : t('shell.marketplace.notFound.title')}
        </h1>
        <p className="mt-2 text-sm text-gray-600">
          {unauthorized ? t('shell.marketplace.unauthorized.message') : t('shell.marketplace.notFound.message')}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {!unauthorized && (
            <Button variant="secondary" onClick={onRetry}>{t('common.retry')}</Button>
          )}
          {signedIn && !unauthorized && !session?.provider_guid && (
            <Button
              variant="secondary"
              onClick={() => {
                if (tenant) {
                  configure({ tenant: null });
                  onRetry();
                } else {
                  void signOut();
                }
              }}
            >
              {t('shell.marketplace.changeOrganisation')}
            </Button>
          )}
          {signedIn && <Button onClick={() => void signOut()}>{t('shell.signOut')}</Button>}
        </div>
      </div>
    </div>
  );
}

// The signed-in user's menu: who is signed in, invite people (an organisation's Administrator), and sign out (which revokes the refresh token,
// forgets the session, and goes to the provider's logout address when one is configured).
import { useCallback, useState } from 'react';
import { signOut, useSession } from '../../api/auth.ts';
import { useApi } from '../../api/context.ts';
import type { SiteSettings } from '../../api/marketplace.ts';
import { useMessages } from '../../i18n/intl.ts';
import { isAdministrator, isProviderAdministrator } from '../../rules/roles.ts';
import { Link, useNavigate } from '../../router/context.tsx';
import { cx } from '../../ui/tone.ts';
import { IconChevron } from './icons.tsx';
import { IconLogout, IconUsers } from './sideIcons.tsx';
import { useDisclosure } from './useDisclosure.ts';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1]![0] : '')).toUpperCase() || '?';
}

/** Signs out, then leaves for the logout address or the landing page. */
export function useSignOut(settings: Pick<SiteSettings, 'logout_url'> | undefined): () => Promise<void> {
  const api = useApi();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut(api);
    } catch {
      // The local session is gone either way; a server that cannot revoke is not the visitor's problem.
    }
    const logoutUrl = settings?.logout_url;
    if (logoutUrl && /^https?:\/\//i.test(logoutUrl)) window.location.assign(logoutUrl);
    else navigate('/', { replace: true });
  }, [api, navigate, settings?.logout_url]);
}

/** A page of the user menu (notifications, invitations, outbox, webhooks). */
function MenuLink({ to, name, label, onClick }: { to: string; name: string; label: string; onClick: () => void }) {
  return (
    <Link to={to} onClick={onClick} data-menu={name}
      className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-gray-700 no-underline hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary">
      <IconUsers size={16} />
      {label}
    </Link>
  );
}

export function UserMenu({ settings }: { settings: SiteSettings }) {
  const { t } = useMessages();
  const { data: session } = useSession();
  const { open, close, buttonProps, panelProps } = useDisclosure<HTMLDivElement>();
  const [busy, setBusy] = useState(false);
  const doSignOut = useSignOut(settings);
  const name = session?.user.name || session?.user.email || '';
  // The Administrator of a consumer organisation invites colleagues into it (/invitations).
  const canInvite = !!session && !session.provider_guid && isAdministrator(session, { consumerMarketplace: true });
  // A provider Administrator reads the e-mails the marketplace made (/outbox, issue 33).
  const canReadOutbox = isProviderAdministrator(session);

  return (
    <div className="relative">
      <button
        {...buttonProps}
        aria-label={name ? t('shell.account', { name }) : t('shell.signOut')}
        className="flex h-9 items-center gap-2 rounded-full pl-0.5 pr-2 text-on-heading hover:bg-on-heading/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-on-heading/70"
      >
        {/* The initials as generated content, not text: the button's name is its label, and a
            visible text missing from it would fail label-content-name-mismatch. */}
        <span aria-hidden="true" data-initials={initials(name)} className="grid h-8 w-8 place-items-center rounded-full bg-primary text-xs font-bold text-on-primary ring-2 ring-on-heading/20 before:content-[attr(data-initials)]" />
        <span data-testid="user-name" aria-hidden="true" className="hidden max-w-[12rem] truncate text-sm font-medium 2xl:inline">{name}</span>
        <IconChevron size={14} className={cx('transition-transform', open && 'rotate-180')} />
      </button>
      <div
        {...panelProps}
        className="absolute right-0 top-11 z-40 w-64 overflow-hidden rounded-lg border border-gray-200 bg-white text-gray-900 shadow-xl"
      >
        <div className="border-b border-gray-100 px-4 py-3">
          <p className="m-0 truncate text-sm font-semibold">{session?.user.name}</p>
          <p className="m-0 truncate text-xs text-gray-500">{session?.user.email}</p>
        </div>
        <div className="p-1.5">
          {/* Everyone chooses which notifications reach them by e-mail (issue 33). */}
          <MenuLink to="/notifications" name="notifications" label={t('shell.menu.notifications')} onClick={close} />
          {canInvite && <MenuLink to="/invitations" name="invitations" label={t('shell.menu.invitations')} onClick={close} />}
          {canReadOutbox && <MenuLink to="/outbox" name="outbox" label={t('shell.menu.outbox')} onClick={close} />}
          {canReadOutbox && <MenuLink to="/webhooks" name="webhooks" label={t('shell.menu.webhooks')} onClick={close} />}
          <button
            type="button"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              close();
              await doSignOut();
              setBusy(false);
            }}
            className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary disabled:opacity-50"
          >
            <IconLogout size={16} />
            {t('shell.signOut')}
          </button>
        </div>
      </div>
    </div>
  );
}

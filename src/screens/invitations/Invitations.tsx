// Invite people (/invitations): the Administrator of a consumer organisation creates an invitation
// link (for anyone holding it, or one e-mail address; into one of their teams, or a private team
// of the invitee's own), copies it once (only its hash is kept), and follows or revokes the
// invitations made (server/src/auth/invitations.ts). Others get the unauthorized placeholder.
import { useId, useState, type FormEvent } from 'react';
import { useSession } from '../../api/auth.ts';
import { useApi } from '../../api/context.ts';
import { createInvitation, revokeInvitation, useInvitations, type Invitation, type InvitationCreated } from '../../api/invitations.ts';
import { isApiError } from '../../api/errors.ts';
import { useMessages } from '../../i18n/intl.ts';
import { isAdministrator } from '../../rules/roles.ts';
import { href } from '../../rules/routes.ts';
import { useNavigator } from '../../router/context.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { EmptyPlaceholder, ErrorPanel, LoadingPlaceholder, UnauthorizedPlaceholder } from '../../ui/Placeholders.tsx';
import { ScrollRegion } from '../../ui/ScrollRegion.tsx';
import { cx } from '../../ui/tone.ts';

const INPUT = 'block h-10 w-full rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20';

export default function Invitations() {
  const { t } = useMessages('invitations');
  const { data: session } = useSession();
  const allowed = !!session && !session.provider_guid && isAdministrator(session, { consumerMarketplace: true });
  const list = useInvitations(allowed);
  if (session && !allowed) return <div className="p-6"><UnauthorizedPlaceholder /></div>;

  return (
    <section className="mx-auto flex w-full min-w-0 max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6" data-screen="invitations">
      <header>
        <h1 className="m-0 text-2xl font-semibold tracking-tight text-gray-900">{t('invitations.title')}</h1>
        <p className="m-0 mt-1 text-sm text-gray-600">{t('invitations.intro')}</p>
      </header>
      <CreateInvitation teams={(session?.teams ?? []).filter((team) => !team.tags?.includes('private'))} onCreated={() => void list.mutate()} />
      <div>
        <h2 className="m-0 mb-3 text-lg font-semibold text-gray-900">{t('invitations.list')}</h2>
        {list.error ? <ErrorPanel error={list.error} />
          : !list.data ? <LoadingPlaceholder />
            : list.data.items.length === 0 ? <EmptyPlaceholder title={t('invitations.empty')} />
              : <InvitationTable items={list.data.items} onChange={() => void list.mutate()} />}
      </div>
    </section>
  );
}

function CreateInvitation({ teams, onCreated }: { teams: Array<{ guid: string; name: string }>; onCreated: () => void }) {
  const { t } = useMessages('invitations');
  const api = useApi();
  const navigator = useNavigator();
  const id = useId();
  const [email, setEmail] = useState('');
  const [team, setTeam] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const emailError = isApiError(error) && error.parameter === 'email' ? error.detail : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setCreated(await createInvitation(api, { ...(email.trim() ? { email: email.trim() } : {}), ...(team ? { team: { id: team } } : {}) }));
      setEmail('');
      onCreated();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  // The link as the reader of the e-mail opens it: this portal's register page with the code.
  const link = created ? new URL(navigator.href(href('register', {}, { invitation: created.code })), window.location.href).href : '';

  return (
    <form onSubmit={submit} noValidate className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm" aria-busy={busy}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium text-gray-800">{t('invitations.email')}</label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)}
            aria-invalid={emailError ? true : undefined} aria-describedby={`${id}-email-hint`}
            className={cx(INPUT, emailError && 'border-danger')} />
          <p id={`${id}-email-hint`} className={cx('m-0 mt-1 text-xs', emailError ? 'text-danger' : 'text-gray-600')}>{emailError ?? t('invitations.emailHint')}</p>
        </div>
        <div>
          <label htmlFor={`${id}-team`} className="mb-1 block text-sm font-medium text-gray-800">{t('invitations.team')}</label>
          <select id={`${id}-team`} name="team" value={team} onChange={(e) => setTeam(e.target.value)} className={INPUT}>
            <option value="">{t('invitations.teamNone')}</option>
            {teams.map((option) => <option key={option.guid} value={option.guid}>{option.name}</option>)}
          </select>
        </div>
      </div>
      <div className="mt-4 flex items-center gap-3">
        <Button type="submit" busy={busy} disabled={busy} data-action="create-invitation">{t('invitations.create')}</Button>
      </div>
      {error != null && !emailError && <ErrorPanel error={error} className="mt-3" />}
      {created && (
        <Alert tone="success" title={t('invitations.created')} className="mt-4">
          <p className="m-0 text-sm">{t('invitations.createdHint')}</p>
          <div className="mt-2 flex items-center gap-2">
            <input readOnly value={link} aria-label={t('invitations.link')} data-invitation-link="" className={cx(INPUT, 'min-w-0 font-mono text-xs')} onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={link} label={t('invitations.copy')} />
          </div>
        </Alert>
      )}
    </form>
  );
}

function InvitationTable({ items, onChange }: { items: Invitation[]; onChange: () => void }) {
  const { t, fmt } = useMessages('invitations');
  const api = useApi();
  const [failure, setFailure] = useState<unknown>(null);
  const revoke = async (invitation: Invitation) => {
    setFailure(null);
    try {
      await revokeInvitation(api, invitation.id);
      onChange();
    } catch (error) {
      setFailure(error);
    }
  };
  return (
    <>
      {failure != null && <ErrorPanel error={failure} className="mb-3" />}
      <ScrollRegion label={t('invitations.list')} part="invitations" className="min-w-0 rounded-xl border border-gray-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
            <tr>
              <th scope="col" className="px-4 py-2.5">{t('invitations.col.for')}</th>
              <th scope="col" className="px-4 py-2.5">{t('invitations.col.team')}</th>
              <th scope="col" className="px-4 py-2.5">{t('invitations.col.state')}</th>
              <th scope="col" className="px-4 py-2.5">{t('invitations.col.expires')}</th>
              <th scope="col" className="px-4 py-2.5"><span className="sr-only">{t('invitations.col.actions')}</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {items.map((invitation) => (
              <tr key={invitation.id} data-invitation={invitation.id} data-state={invitation.state}>
                <td className="px-4 py-2.5 text-gray-900">{invitation.email ?? t('invitations.anyone')}</td>
                <td className="px-4 py-2.5 text-gray-700">{invitation.team?.name ?? t('invitations.ownTeam')}</td>
                <td className="px-4 py-2.5 text-gray-700">{t(`invitations.state.${invitation.state}`)}</td>
                <td className="px-4 py-2.5 text-gray-700">{fmt.date(invitation.expiresAt)}</td>
                <td className="px-4 py-2.5 text-right">
                  {invitation.state === 'pending' && (
                    <Button size="sm" variant="secondary" onClick={() => void revoke(invitation)} data-action="revoke">{t('invitations.revoke')}</Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}

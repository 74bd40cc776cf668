// Small pieces the credentials screens share: the display-state badge, the expiry cell, the owner
// name with its fallbacks, the actions menu and a definition list of fields.
import type { ReactNode } from 'react';
import type { Credential } from '../../api/credentials.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { canDo, daysToExpiry, displayState, isExpired, isExpiring, type CredentialAction } from '../../rules/credentials.ts';
import { Menu, type MenuItem } from '../../ui/Menu.tsx';
import { IconSpinner, IconWarning } from '../../ui/icons.tsx';
import { Status } from '../../ui/Status.tsx';
import { cx, type Tone } from '../../ui/tone.ts';
import { factsOf } from './query.ts';

const STATE_TONE: Record<string, Tone> = { pending: 'warning', active: 'success', inactive: 'neutral', deleting: 'danger' };

export function CredentialStateBadge({ credential }: { credential: Credential }) {
  const { t } = useMessages('credentials');
  const state = displayState({ state: credential.state, provisioningStatus: credential.provisioning.status });
  return (
    <span className="inline-flex items-center gap-1.5" data-state={state}>
      <Status tone={STATE_TONE[state] ?? 'neutral'}>
        {state === 'pending' && <IconSpinner size={12} className="mr-1" />}
        {t(`credentials.state.${state}` as MessageKey)}
      </Status>
      {credential.state === 'inactive' && credential.provisioning.status === 'error' && (
        <IconWarning size={14} className="text-danger" aria-label={t('credentials.status.error')} />
      )}
    </span>
  );
}

/** The banner of an inactive credential whose provisioning failed (spec 2 §4, §8). */
export function ErrorBanner({ credential }: { credential: Credential }) {
  const { t } = useMessages('credentials');
  if (credential.state !== 'inactive' || credential.provisioning.status !== 'error') return null;
  const error = credential.provisioning.error;
  return (
    <div role="alert" data-part="error-banner" className="flex items-start gap-2 rounded-md border border-danger/30 bg-danger/10 px-3 py-2 text-sm text-danger-ink">
      <IconWarning size={16} className="mt-0.5 shrink-0" />
      <span>{error ? t('credentials.errorBanner', { error }) : t('credentials.errorBanner.noDetail')}</span>
    </div>
  );
}

export function ExpiresCell({ credential, now }: { credential: Credential; now: Date }) {
  const { t, fmt } = useMessages('credentials');
  const at = credential.provisioning.policies.expiry?.time ?? null;
  if (!at) return <span className="text-gray-500">{t('credentials.expires.never')}</span>;
  if (isExpired(at, now)) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5" data-expiry="expired" data-expires={at}>
        <span>{fmt.date(at)}</span>
        <Status tone="danger">{t('credentials.expires.expired')}</Status>
      </span>
    );
  }
  if (isExpiring(at, now)) {
    return (
      <span className="inline-flex flex-wrap items-center gap-1.5" data-expiry="expiring" data-expires={at}>
        <span>{fmt.date(at)}</span>
        <Status tone="warning">{t('credentials.expires.expiring', { days: daysToExpiry(at, now) ?? 0 })}</Status>
      </span>
    );
  }
  return <span data-expiry="later" data-expires={at}>{fmt.date(at)}</span>;
}

/** "owner not found" when the owner no longer exists, "no owner" when there is none. */
export function ownerName(t: (key: MessageKey, values?: Record<string, string>) => string, owner: Credential['owner'] | null | undefined): string {
  if (!owner || !owner.id) return t('credentials.owner.none');
  if (!owner.name) return t('credentials.owner.notFound');
  return owner.private ? t('credentials.owner.private', { name: owner.name }) : owner.name;
}

export const CREDENTIAL_MENU_ACTIONS: readonly CredentialAction[] = ['renew', 'rotate', 'suspend', 'enable', 'delete'];

export interface ActionsMenuProps {
  credential: Credential;
  now: Date;
  onAction: (action: CredentialAction | 'view' | 'viewSecret') => void;
  /** Offer "view details" (in a table). */
  withView?: boolean;
  withSecret?: boolean;
  canViewSecret?: boolean;
  /** Open above the button (at the bottom of a panel). */
  up?: boolean;
}

/** The kebab menu of a credential: each action enabled per canDo (src/rules/credentials.ts). */
export function ActionsMenu({ credential, now, onAction, withView, withSecret, canViewSecret, up }: ActionsMenuProps) {
  const { t } = useMessages('credentials');
  const facts = factsOf(credential);
  const actions: Array<{ id: CredentialAction | 'view' | 'viewSecret'; enabled: boolean }> = [
    ...(withView ? [{ id: 'view' as const, enabled: true }] : []),
    ...(withSecret ? [{ id: 'viewSecret' as const, enabled: !!canViewSecret }] : []),
    ...CREDENTIAL_MENU_ACTIONS.map((a) => ({ id: a, enabled: canDo(a, facts, now) })),
  ];
  const items: MenuItem[] = actions.map(({ id, enabled }) => ({
    id, label: t(`credentials.action.${id}` as MessageKey), disabled: !enabled, danger: id === 'delete', onSelect: () => onAction(id),
  }));
  return <Menu label={t('credentials.action.menu', { name: credential.title })} menuLabel={t('credentials.col.actions')} items={items} placement={up ? 'above' : 'fixed'} />;
}

export function Fields({ items }: { items: Array<[string, ReactNode] | null | false> }) {
  return (
    <dl className="m-0 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {items.filter((i): i is [string, ReactNode] => !!i).map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-xs font-semibold uppercase tracking-wide text-gray-500 sm:pt-0.5">{label}</dt>
          <dd className="m-0 min-w-0 break-words text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

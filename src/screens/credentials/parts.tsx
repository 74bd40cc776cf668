// Small pieces the credentials screens share: the display-state badge, the expiry cell, the owner
// name with its fallbacks, the actions menu and a definition list of fields.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Credential } from '../../api/credentials.ts';
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { canDo, daysToExpiry, displayState, isExpired, isExpiring, type CredentialAction } from '../../rules/credentials.ts';
import { useDismiss } from '../shell/useDismiss.ts';
import { IconButton } from '../../ui/Button.tsx';
import { IconSpinner, IconWarning } from '../../ui/icons.tsx';
import { Status } from '../../ui/Status.tsx';
import { cx, FOCUS_RING, type Tone } from '../../ui/tone.ts';
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
  const [open, setOpen] = useState(false);
  // In a table the menu is fixed to the viewport: the table's horizontal scroller would clip it.
  const [at, setAt] = useState<{ top: number; right: number } | null>(null);
  const menu = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useDismiss(open, () => setOpen(false), menu, trigger);
  // A fixed menu would drift from its button: scrolling or resizing closes it.
  useEffect(() => {
    if (!open || up) return;
    const close = () => setOpen(false);
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [open, up]);
  const facts = factsOf(credential);
  const items: Array<{ id: CredentialAction | 'view' | 'viewSecret'; enabled: boolean }> = [
    ...(withView ? [{ id: 'view' as const, enabled: true }] : []),
    ...(withSecret ? [{ id: 'viewSecret' as const, enabled: !!canViewSecret }] : []),
    ...CREDENTIAL_MENU_ACTIONS.map((a) => ({ id: a, enabled: canDo(a, facts, now) })),
  ];
  const focusItem = (delta: number) => {
    const buttons = [...(menu.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? [])];
    // Inside a shadow root document.activeElement is the host: ask the root the menu lives in.
    const active = (menu.current?.getRootNode() as ShadowRoot | Document | undefined)?.activeElement;
    const index = buttons.indexOf(active as HTMLButtonElement);
    const next = buttons[(index + delta + buttons.length) % buttons.length];
    next?.focus();
  };
  return (
    <div className="relative inline-block text-left" onClick={(e) => e.stopPropagation()}>
      <IconButton
        ref={trigger}
        label={t('credentials.action.menu', { name: credential.title })}
        aria-haspopup="menu"
        aria-expanded={open}
        data-part="actions"
        onClick={() => {
          const r = trigger.current?.getBoundingClientRect();
          if (r && !up) setAt({ top: r.bottom + 4, right: Math.max(8, window.innerWidth - r.right) });
          setOpen(!open);
          if (!open) setTimeout(() => focusItem(1), 0);
        }}
      >
        <span aria-hidden="true" className="text-lg leading-none">⋮</span>
      </IconButton>
      {open && (
        <div
          ref={menu}
          role="menu"
          aria-label={t('credentials.col.actions')}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') { e.preventDefault(); focusItem(1); }
            if (e.key === 'ArrowUp') { e.preventDefault(); focusItem(-1); }
          }}
          style={!up && at ? { position: 'fixed', top: at.top, right: at.right } : undefined}
          className={cx('absolute right-0 z-20 min-w-44 rounded-md border border-gray-200 bg-white py-1 shadow-lg', up ? 'bottom-full mb-1' : 'mt-1')}
        >
          {items.map((item) => (
            <button
              key={item.id}
              type="button"
              role="menuitem"
              disabled={!item.enabled}
              data-action={item.id}
              onClick={() => {
                setOpen(false);
                onAction(item.id);
              }}
              className={cx(
                'block w-full px-3 py-1.5 text-left text-sm text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-white',
                item.id === 'delete' && 'text-danger',
                FOCUS_RING,
              )}
            >
              {t(`credentials.action.${item.id}` as MessageKey)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
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

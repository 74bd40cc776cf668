// Credential rules of spec 2 §4 as pure functions: display state, which actions are allowed,
// expiry and the secret's visibility window. The server refuses what these refuse (409), and the
// screens offer what these allow: one rule, two halves.
import { CREDENTIAL_EXPIRING_DAYS, CREDENTIAL_VISIBILITY_MS } from './constants.ts';

export const CREDENTIAL_TYPES = ['OAuth', 'APIKey', 'HTTPBasic', 'MutualTLS'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];
export const CREDENTIAL_STATES = ['active', 'inactive', 'deleting'] as const;
export type CredentialState = (typeof CREDENTIAL_STATES)[number];
/** What the screens show and filter on: pending whenever provisioning is pending. */
export const CREDENTIAL_DISPLAY_STATES = ['pending', 'active', 'inactive'] as const;
export type CredentialDisplayState = (typeof CREDENTIAL_DISPLAY_STATES)[number] | 'deleting';
export const PROVISIONING_STATUSES = ['success', 'pending', 'error'] as const;
export type ProvisioningStatus = (typeof PROVISIONING_STATUSES)[number];
export const CREDENTIAL_ACTIONS = ['renew', 'rotate', 'suspend', 'enable', 'delete'] as const;
export type CredentialAction = (typeof CREDENTIAL_ACTIONS)[number];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** The facts every rule reads (the API's Credential has them; so does the server's row). */
export interface CredentialFacts {
  state: CredentialState;
  provisioningState: 'active' | 'inactive';
  provisioningStatus: ProvisioningStatus;
  renewable: boolean;
  suspendable: boolean;
  /** null: never expires */
  expiresAt: Date | string | null;
  /** Until when the secret may be viewed; null when it never could. */
  visibleUntil: Date | string | null;
  /** A decrypt link exists (the API gives links.decrypt). */
  hasDecryptLink?: boolean;
}

const time = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).getTime());

/** Pending whenever the status is pending; otherwise the state's own value. */
export function displayState(c: Pick<CredentialFacts, 'state' | 'provisioningStatus'>): CredentialDisplayState {
  if (c.provisioningStatus === 'pending') return 'pending';
  return c.state;
}

/** Whole days left before expiry (negative once past); null when it never expires. */
export function daysToExpiry(expiresAt: Date | string | null, now: Date): number | null {
  const t = time(expiresAt);
  return t === null ? null : Math.ceil((t - now.getTime()) / DAY_MS);
}

/** Expired at 0 days or less. */
export function isExpired(expiresAt: Date | string | null, now: Date): boolean {
  const days = daysToExpiry(expiresAt, now);
  return days !== null && days <= 0;
}

/** Expiring when 1 to 15 days remain. */
export function isExpiring(expiresAt: Date | string | null, now: Date): boolean {
  const days = daysToExpiry(expiresAt, now);
  return days !== null && days >= 1 && days <= CREDENTIAL_EXPIRING_DAYS;
}

export type ActionBlock = 'deleting' | 'pending' | 'notRenewable' | 'notSuspendable' | 'expired' | 'notInactive';

/** Why an action is refused, or null when allowed (spec 2 §4 action rules). */
export function actionBlock(action: CredentialAction, c: CredentialFacts, now: Date): ActionBlock | null {
  const deleting = c.state === 'deleting';
  const pending = c.provisioningStatus === 'pending';
  switch (action) {
    case 'renew':
      if (!c.renewable) return 'notRenewable';
      return deleting ? 'deleting' : pending ? 'pending' : null;
    case 'rotate':
      return deleting ? 'deleting' : pending ? 'pending' : null;
    case 'delete':
      return deleting ? 'deleting' : null;
    case 'suspend':
    case 'enable': {
      if (!c.suspendable) return 'notSuspendable';
      if (deleting) return 'deleting';
      if (pending) return 'pending';
      if (isExpired(c.expiresAt, now)) return 'expired';
      if (action === 'enable' && c.state !== 'inactive') return 'notInactive';
      return null;
    }
  }
}

export const canDo = (action: CredentialAction, c: CredentialFacts, now: Date) => actionBlock(action, c, now) === null;

/** The server's 409 detail for a refused action. */
export const ACTION_BLOCK_TEXT: Record<ActionBlock, string> = {
  deleting: 'The credential is being deleted.',
  pending: 'The credential is still being provisioned; try again when it is ready.',
  notRenewable: 'This type of credential cannot be renewed.',
  notSuspendable: 'This type of credential cannot be suspended or enabled.',
  expired: 'The credential has expired; renew it first.',
  notInactive: 'The credential is not suspended.',
};

/** The secret may be viewed: provisioning active with status success, and a decrypt link. */
export function canViewSecret(c: CredentialFacts, now: Date): boolean {
  if (c.provisioningState !== 'active' || c.provisioningStatus !== 'success') return false;
  if (c.hasDecryptLink === false) return false;
  const until = time(c.visibleUntil);
  return until !== null && until > now.getTime();
}

/** End of the visibility window: the policy's time, else 3 days after provisioning. */
export function visibilityEnd(policyTime: Date | string | null, provisionedAt: Date | string | null, visibilityMs = CREDENTIAL_VISIBILITY_MS): Date | null {
  const t = time(policyTime);
  if (t !== null) return new Date(t);
  const p = time(provisionedAt);
  return p === null ? null : new Date(p + visibilityMs);
}

export type RemainingTone = 'neutral' | 'warning' | 'danger';

/** Time left to view the secret, in the unit spec 2 §4 shows (days; hours under a day; minutes
 * under an hour) and its colour (neutral for days, warning for hours, danger for minutes). */
export function remainingTime(until: Date | string | null, now: Date): { unit: 'day' | 'hour' | 'minute'; value: number; tone: RemainingTone } | null {
  const t = time(until);
  if (t === null) return null;
  const left = t - now.getTime();
  if (left <= 0) return null;
  // Rounded to the nearest unit, not down: a secret provisioned a few seconds ago has the whole
  // window (3 days) ahead of it, and must not read "2 days left".
  if (left >= DAY_MS) return { unit: 'day', value: Math.round(left / DAY_MS), tone: 'neutral' };
  if (left >= HOUR_MS) return { unit: 'hour', value: Math.round(left / HOUR_MS), tone: 'warning' };
  return { unit: 'minute', value: Math.max(1, Math.floor(left / MINUTE_MS)), tone: 'danger' };
}

/** In the API console a credential is selectable only when provisioning is active with status success. */
export const usableInConsole = (c: Pick<CredentialFacts, 'provisioningState' | 'provisioningStatus' | 'state'>) =>
  c.provisioningState === 'active' && c.provisioningStatus === 'success' && c.state === 'active';

/** Expiry filter presets: expired, or within 45, 15 or 3 days: [start, end] of expiry. */
export function expiryPreset(preset: 'expired' | number, now: Date): { expiryStart?: string; expiryEnd: string } {
  if (preset === 'expired') return { expiryEnd: now.toISOString() };
  return { expiryStart: now.toISOString(), expiryEnd: new Date(now.getTime() + preset * DAY_MS).toISOString() };
}

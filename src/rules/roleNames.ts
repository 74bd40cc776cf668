// Role names of spec 3 §6, named once. Organisation roles use the platform naming; team roles
// are lower-case. Both halves import these (never spell a role name inline).

export const ORG_ROLES = {
  Administrator: 'Administrator',
  CentralAdmin: 'CentralAdmin',
  Consumer: 'Consumer',
  Subscriber: 'Subscriber',
  Developer: 'Developer',
  CatalogManager: 'CatalogManager',
} as const;
export type OrgRole = (typeof ORG_ROLES)[keyof typeof ORG_ROLES];
export const ORG_ROLE_NAMES: readonly OrgRole[] = Object.values(ORG_ROLES);

export const TEAM_ROLES = {
  developer: 'developer',
  consumer: 'consumer',
  /** labelled "team manager" */
  administrator: 'administrator',
  catalog_manager: 'catalog_manager',
  /** labelled "subscriber" */
  subscription_admin: 'subscription_admin',
  subscription_approver: 'subscription_approver',
} as const;
export type TeamRole = (typeof TEAM_ROLES)[keyof typeof TEAM_ROLES];
export const TEAM_ROLE_NAMES: readonly TeamRole[] = Object.values(TEAM_ROLES);

/** The team tag that marks a user's private team (shown with a private suffix). */
export const PRIVATE_TEAM_TAG = 'private';
/** Organisation entitlement of a provider whose marketplace is public. */
export const PUBLIC_PROVIDER_ENTITLEMENT = 'public_provider';

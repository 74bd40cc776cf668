// Organisations, teams and users of the demo: the provider, two consumer organisations
// (tenants) and one account per role, with simple printed passwords.
import { createHash } from 'node:crypto';
import type * as schema from '../src/db/schema.ts';
import { hashPassword } from '../src/auth/password.ts';
import { at } from './clock.ts';

export const PROVIDER_GUID = 'prov-agora';

export const ORG = { provider: 'org-provider', acme: 'org-acme', globex: 'org-globex' } as const;

export const TEAM = {
  provider: 'team-provider-apis',
  acmePlatform: 'team-acme-platform',
  acmeMobile: 'team-acme-mobile',
  acmePartners: 'team-acme-partners',
  caseyPrivate: 'team-acme-private-casey',
  globexDev: 'team-globex-dev',
  globexFinance: 'team-globex-finance',
} as const;

/** The team tag that lets non-administrators subscribe to paid plans marked with it. */
export const SPECIAL_TAG = 'partner';

export const organisations: Array<typeof schema.organisations.$inferInsert> = [
  { id: ORG.provider, name: 'Agora APIs', kind: 'provider', entitlements: ['public_provider'], createdAt: at(-400) },
  { id: ORG.acme, name: 'Acme Corporation', kind: 'consumer', createdAt: at(-300) },
  { id: ORG.globex, name: 'Globex Industries', kind: 'consumer', createdAt: at(-250) },
];

export const teams: Array<typeof schema.teams.$inferInsert> = [
  { id: TEAM.provider, orgId: ORG.provider, name: 'API Platform', tags: ['provider'], type: 'provider', createdAt: at(-400) },
  { id: TEAM.acmePlatform, orgId: ORG.acme, name: 'Platform Engineering', tags: ['engineering'], createdAt: at(-300) },
  { id: TEAM.acmeMobile, orgId: ORG.acme, name: 'Mobile Apps', tags: ['mobile', 'engineering'], createdAt: at(-290) },
  { id: TEAM.acmePartners, orgId: ORG.acme, name: 'Partner Integrations', tags: [SPECIAL_TAG], createdAt: at(-280) },
  { id: TEAM.caseyPrivate, orgId: ORG.acme, name: 'Casey Consumer', tags: ['private'], createdAt: at(-270) },
  { id: TEAM.globexDev, orgId: ORG.globex, name: 'Globex Developers', tags: ['engineering'], createdAt: at(-250) },
  { id: TEAM.globexFinance, orgId: ORG.globex, name: 'Globex Finance', tags: ['finance'], createdAt: at(-240) },
];

interface AccountDef {
  id: string;
  email: string;
  password: string;
  name: string;
  orgId: string;
  orgRoles: string[];
  provider?: boolean;
  /** What this account demonstrates, printed at start. */
  role: string;
  teams: Array<[teamId: string, roles: string[]]>;
}

const ACCOUNTS: AccountDef[] = [
  {
    id: 'user-admin', email: 'admin@agora.test', password: 'agora-admin', name: 'Ada Admin', orgId: ORG.provider,
    orgRoles: ['Administrator'], provider: true, role: 'Provider Administrator',
    teams: [[TEAM.provider, ['administrator', 'catalog_manager', 'subscription_approver']]],
  },
  {
    id: 'user-central', email: 'central@agora.test', password: 'agora-central', name: 'Cyrus Central', orgId: ORG.provider,
    orgRoles: ['CentralAdmin'], provider: true, role: 'Provider CentralAdmin',
    teams: [[TEAM.provider, ['administrator']]],
  },
  {
    id: 'user-orgadmin', email: 'orgadmin@agora.test', password: 'agora-orgadmin', name: 'Olivia Ortega', orgId: ORG.acme,
    orgRoles: ['Administrator'], role: 'Consumer organisation Administrator (Acme)',
    teams: [[TEAM.acmePlatform, ['administrator']], [TEAM.acmeMobile, ['administrator']]],
  },
  {
    id: 'user-consumer', email: 'consumer@agora.test', password: 'agora-consumer', name: 'Casey Consumer', orgId: ORG.acme,
    orgRoles: ['Consumer'], role: 'Consumer (Acme; has a private team)',
    teams: [[TEAM.acmePlatform, ['consumer', 'developer']], [TEAM.caseyPrivate, ['administrator', 'consumer']]],
  },
  {
    id: 'user-subscriber', email: 'subscriber@agora.test', password: 'agora-subscriber', name: 'Sam Sato', orgId: ORG.acme,
    orgRoles: ['Subscriber'], role: 'Subscriber (Acme)',
    teams: [[TEAM.acmeMobile, ['subscription_admin']]],
  },
  {
    id: 'user-developer', email: 'developer@agora.test', password: 'agora-developer', name: 'Devi Desai', orgId: ORG.acme,
    orgRoles: ['Developer'], role: 'Developer (Acme)',
    teams: [[TEAM.acmeMobile, ['developer']]],
  },
  {
    id: 'user-catalog', email: 'catalog@agora.test', password: 'agora-catalog', name: 'Cato Klein', orgId: ORG.acme,
    orgRoles: ['CatalogManager'], role: 'CatalogManager (Acme)',
    teams: [[TEAM.acmePlatform, ['catalog_manager']]],
  },
  {
    id: 'user-teamadmin', email: 'teamadmin@agora.test', password: 'agora-teamadmin', name: 'Tariq Teague', orgId: ORG.acme,
    orgRoles: ['Consumer'], role: 'Team administrator (Mobile Apps, Partner Integrations — partner tag)',
    teams: [[TEAM.acmeMobile, ['administrator', 'consumer']], [TEAM.acmePartners, ['administrator', 'consumer', 'subscription_admin']]],
  },
  {
    id: 'user-approver', email: 'approver@agora.test', password: 'agora-approver', name: 'April Appleby', orgId: ORG.acme,
    orgRoles: ['Consumer'], role: 'Team subscription_approver (Platform Engineering, Partner Integrations)',
    teams: [[TEAM.acmePlatform, ['subscription_approver', 'consumer']], [TEAM.acmePartners, ['subscription_approver']]],
  },
  {
    id: 'user-globex', email: 'globex@agora.test', password: 'agora-globex', name: 'Greta Gruber', orgId: ORG.globex,
    orgRoles: ['Administrator'], role: 'Administrator of a second organisation (Globex)',
    teams: [[TEAM.globexDev, ['administrator']], [TEAM.globexFinance, ['administrator']]],
  },
  {
    id: 'user-globex-dev', email: 'globex-dev@agora.test', password: 'agora-globex-dev', name: 'Gus Goldberg', orgId: ORG.globex,
    orgRoles: ['Consumer', 'Developer'], role: 'Consumer and Developer (Globex)',
    teams: [[TEAM.globexDev, ['developer', 'consumer']], [TEAM.globexFinance, ['consumer']]],
  },
];

export const USER = Object.fromEntries(ACCOUNTS.map((a) => [a.id.replace(/^user-/, ''), a.id])) as Record<string, string>;

/** Email, password and role of every demo account, for the start banner and tests. */
export const accounts = ACCOUNTS.map(({ email, password, role }) => ({ email, password, role }));

/** Users with their password hashes. The salt comes from the email so the seed is reproducible. */
export function userRows(): Array<typeof schema.users.$inferInsert> {
  return ACCOUNTS.map((a, i) => ({
    id: a.id, orgId: a.orgId, email: a.email, name: a.name, orgRoles: a.orgRoles,
    passwordHash: hashPassword(a.password, createHash('sha256').update(`agora-seed:${a.email}`).digest().subarray(0, 16)),
    providerGuid: a.provider ? PROVIDER_GUID : null, state: 'active', createdAt: at(-260 + i),
  }));
}

export function teamMemberRows(): Array<typeof schema.teamMembers.$inferInsert> {
  return ACCOUNTS.flatMap((a) => a.teams.map(([teamId, roles]) => ({ teamId, userId: a.id, roles })));
}

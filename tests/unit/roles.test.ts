// The role checks of spec 3 §6 and the catalogue gate of spec 1 §6.
import { describe, expect, it } from 'vitest';
import {
  checkRole, isSubscriber, isConsumer, isAdministrator, isProviderAdministrator, isOnPublicMarketplace, canLoadCatalogue, teamsWithRole,
  type RoleSession,
} from '../../src/rules/roles.ts';
import { ORG_ROLES, TEAM_ROLES } from '../../src/rules/roleNames.ts';

const provider = (roles: string[], teams: RoleSession['teams'] = []): RoleSession =>
  ({ roles, teams, org_id: 'o1', provider_guid: 'p-1' });
const consumerUser = (roles: string[], teams: RoleSession['teams'] = [], entitlements: string[] = []): RoleSession =>
  ({ roles, teams, org_id: 'o2', provider_guid: null, entitlements });
const team = (guid: string, roles: string[]) => ({ guid, roles, tags: [] });

describe('checkRole', () => {
  it('passes on a matching organisation role', () => {
    expect(checkRole(provider([ORG_ROLES.Consumer]), { orgRoles: [ORG_ROLES.Consumer] })).toBe(true);
    expect(checkRole(provider([ORG_ROLES.Developer]), { orgRoles: [ORG_ROLES.Consumer] })).toBe(false);
  });

  it('passes on a matching role in any team, or only in the given team', () => {
    const s = provider([], [team('t1', [TEAM_ROLES.developer]), team('t2', [TEAM_ROLES.consumer])]);
    expect(checkRole(s, { teamRoles: [TEAM_ROLES.consumer] })).toBe(true);
    expect(checkRole(s, { teamRoles: [TEAM_ROLES.consumer], teamGuid: 't2' })).toBe(true);
    expect(checkRole(s, { teamRoles: [TEAM_ROLES.consumer], teamGuid: 't1' })).toBe(false);
    expect(checkRole(s, { teamRoles: [TEAM_ROLES.consumer], teamGuid: 'unknown' })).toBe(false);
    expect(checkRole(s, { teamRoles: [TEAM_ROLES.catalog_manager] })).toBe(false);
  });

  it('does not count an organisation role as a team role or the other way round', () => {
    expect(checkRole(provider(['consumer']), { orgRoles: [ORG_ROLES.Consumer], teamRoles: ['consumer'] })).toBe(false);
    expect(checkRole(provider([], [team('t', [ORG_ROLES.Consumer])]), { orgRoles: [ORG_ROLES.Consumer] })).toBe(false);
  });

  it('with no provider guid and no fallback roles, passes whatever the roles', () => {
    expect(checkRole(consumerUser([]), { orgRoles: [ORG_ROLES.Administrator] })).toBe(true);
  });

  it('with no provider guid, checks the fallback roles instead of the organisation roles', () => {
    const check = { orgRoles: [ORG_ROLES.Administrator], fallbackRoles: [ORG_ROLES.Consumer] };
    expect(checkRole(consumerUser([ORG_ROLES.Consumer]), check)).toBe(true);
    expect(checkRole(consumerUser([ORG_ROLES.Administrator]), check)).toBe(false);
    // A provider user is checked against orgRoles, not the fallback.
    expect(checkRole(provider([ORG_ROLES.Consumer]), check)).toBe(false);
  });

  it('never passes for a signed-out visitor', () => {
    expect(checkRole(null, { orgRoles: [ORG_ROLES.Consumer] })).toBe(false);
    expect(checkRole(undefined, {})).toBe(false);
  });
});

describe('isSubscriber', () => {
  it('passes administrators and subscribers', () => {
    expect(isSubscriber(provider([ORG_ROLES.Administrator]))).toBe(true);
    expect(isSubscriber(provider([ORG_ROLES.Subscriber]))).toBe(true);
    expect(isSubscriber(consumerUser([ORG_ROLES.Subscriber]))).toBe(true);
    expect(isSubscriber(provider([], [team('t', [TEAM_ROLES.subscription_admin])]))).toBe(true);
  });
  it('refuses consumers and developers without subscribe rights', () => {
    expect(isSubscriber(provider([ORG_ROLES.Consumer, ORG_ROLES.Developer]))).toBe(false);
    expect(isSubscriber(consumerUser([ORG_ROLES.Consumer]))).toBe(false);
    expect(isSubscriber(provider([], [team('t', [TEAM_ROLES.developer])]))).toBe(false);
    expect(isSubscriber(null)).toBe(false);
  });
  it('limits the team part to the given team', () => {
    const s = consumerUser([], [team('a', [TEAM_ROLES.subscription_admin]), team('b', [TEAM_ROLES.consumer])]);
    expect(isSubscriber(s, 'a')).toBe(true);
    expect(isSubscriber(s, 'b')).toBe(false);
  });
});

describe('isConsumer', () => {
  it('passes administrators, Consumers and the consumer, developer and catalog_manager team roles', () => {
    expect(isConsumer(provider([ORG_ROLES.Administrator]))).toBe(true);
    expect(isConsumer(provider([ORG_ROLES.Consumer]))).toBe(true);
    for (const role of [TEAM_ROLES.consumer, TEAM_ROLES.developer, TEAM_ROLES.catalog_manager]) {
      expect(isConsumer(provider([], [team('t', [role])]))).toBe(true);
      expect(isConsumer(consumerUser([], [team('t', [role])]))).toBe(true);
    }
  });
  it('refuses other roles', () => {
    expect(isConsumer(provider([ORG_ROLES.Subscriber, ORG_ROLES.CentralAdmin]))).toBe(false);
    expect(isConsumer(provider([], [team('t', [TEAM_ROLES.subscription_approver, TEAM_ROLES.administrator])]))).toBe(false);
    expect(isConsumer(consumerUser([ORG_ROLES.Subscriber]))).toBe(false);
  });
});

describe('isProviderAdministrator', () => {
  it('needs the provider guid and the Administrator role', () => {
    expect(isProviderAdministrator(provider([ORG_ROLES.Administrator]))).toBe(true);
    expect(isProviderAdministrator(provider([ORG_ROLES.CentralAdmin]))).toBe(false);
    expect(isProviderAdministrator(consumerUser([ORG_ROLES.Administrator]))).toBe(false);
    expect(isProviderAdministrator(null)).toBe(false);
  });
});

describe('isAdministrator', () => {
  it('needs Administrator on a consumer marketplace and CentralAdmin otherwise', () => {
    const admin = provider([ORG_ROLES.Administrator]);
    const central = provider([ORG_ROLES.CentralAdmin]);
    expect(isAdministrator(admin, { consumerMarketplace: true })).toBe(true);
    expect(isAdministrator(admin, { consumerMarketplace: false })).toBe(false);
    expect(isAdministrator(central, { consumerMarketplace: false })).toBe(true);
    expect(isAdministrator(central, { consumerMarketplace: true })).toBe(false);
  });
  it('never passes by default, even without a provider guid', () => {
    expect(isAdministrator(consumerUser([ORG_ROLES.Consumer]), { consumerMarketplace: true })).toBe(false);
    expect(isAdministrator(consumerUser([], [team('t', [TEAM_ROLES.administrator])]), { consumerMarketplace: true })).toBe(false);
    expect(isAdministrator(null, { consumerMarketplace: true })).toBe(false);
  });
});

describe('isOnPublicMarketplace', () => {
  it('holds with the public_provider entitlement or a provider guid', () => {
    expect(isOnPublicMarketplace(consumerUser([], [], ['public_provider']))).toBe(true);
    expect(isOnPublicMarketplace(provider([]))).toBe(true);
    expect(isOnPublicMarketplace(consumerUser([], [], ['other']))).toBe(false);
    expect(isOnPublicMarketplace(null)).toBe(false);
  });
});

describe('canLoadCatalogue', () => {
  it('is open to everyone when the portal does not require sign-in', () => {
    expect(canLoadCatalogue(null, { requiresLogin: false })).toBe(true);
  });
  it('needs Administrator for provider users when sign-in is required', () => {
    expect(canLoadCatalogue(provider([ORG_ROLES.Administrator]), { requiresLogin: true })).toBe(true);
    expect(canLoadCatalogue(provider([ORG_ROLES.Consumer]), { requiresLogin: true })).toBe(false);
  });
  it('needs Consumer or Subscriber (or Administrator) for consumer users', () => {
    expect(canLoadCatalogue(consumerUser([ORG_ROLES.Consumer]), { requiresLogin: true })).toBe(true);
    expect(canLoadCatalogue(consumerUser([ORG_ROLES.Subscriber]), { requiresLogin: true })).toBe(true);
    expect(canLoadCatalogue(consumerUser([ORG_ROLES.Administrator]), { requiresLogin: true })).toBe(true);
    expect(canLoadCatalogue(consumerUser([ORG_ROLES.Developer]), { requiresLogin: true })).toBe(false);
    expect(canLoadCatalogue(null, { requiresLogin: true })).toBe(false);
  });
  it('opens to every signed-in user, but not to visitors, when the consumer feature is off', () => {
    expect(canLoadCatalogue(consumerUser([ORG_ROLES.Developer]), { requiresLogin: true, consumerEnabled: false })).toBe(true);
    expect(canLoadCatalogue(provider([ORG_ROLES.Consumer]), { requiresLogin: true, consumerEnabled: false })).toBe(true);
    expect(canLoadCatalogue(consumerUser([ORG_ROLES.Developer]), { requiresLogin: true, consumerEnabled: true })).toBe(false);
    expect(canLoadCatalogue(null, { requiresLogin: true, consumerEnabled: false })).toBe(false);
  });
});

describe('teamsWithRole', () => {
  it('lists the guids of teams where one of the roles is held', () => {
    const s = consumerUser([], [team('a', [TEAM_ROLES.administrator]), team('b', [TEAM_ROLES.developer]), team('c', [TEAM_ROLES.consumer])]);
    expect(teamsWithRole(s, [TEAM_ROLES.administrator, TEAM_ROLES.consumer])).toEqual(['a', 'c']);
    expect(teamsWithRole(null, [TEAM_ROLES.administrator])).toEqual([]);
  });
});

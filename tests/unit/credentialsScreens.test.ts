// Pure helpers of the credentials and access requests screens: list queries, credential facts,
// the OAuth redirect URL, secret fields, URL pre-filters and the declined label.
import { describe, expect, it } from 'vitest';
import type { Credential } from '../../server/src/schemas/credentials.ts';
import { credentialsQuery, factsOf, filterCount, NO_FILTERS, oauthRedirectUrl, secretFields } from '../../src/screens/credentials/query.ts';
import { requestAccessState } from '../../src/screens/credentials/ResourceTabs.tsx';
import { accessRequestsQuery, approvalLabelOf, NO_ACCESS_FILTERS, readPrefilters } from '../../src/screens/registrations/query.ts';

const now = new Date('2026-01-10T00:00:00Z');
const base = { filters: NO_FILTERS, search: '', sort: '+title' as const, page: 1, pageSize: 10 };

describe('credentials list query', () => {
  it('pages by offset and sorts by title by default', () => {
    expect(credentialsQuery({}, { ...base, page: 3 }, now)).toEqual({ offset: 20, limit: 10, sort: '+title' });
  });
  it('keeps the level: an application, or a resource of a product version', () => {
    expect(credentialsQuery({ applicationId: 'app-1' }, base, now).application).toEqual(['app-1']);
    expect(credentialsQuery({ resourceId: 'r', productId: 'p', versionId: 'v' }, base, now)).toMatchObject({ resource: 'r', product: 'p', version: 'v' });
  });
  it('searches in the application name too, trimmed', () => {
    expect(credentialsQuery({}, { ...base, search: '  pay ' }, now)).toMatchObject({ search: 'pay', searchInAppName: true });
    expect(credentialsQuery({}, { ...base, search: '   ' }, now).search).toBeUndefined();
  });
  it('turns expiry presets into a window: within n days, or already expired', () => {
    const within = credentialsQuery({}, { ...base, filters: { ...NO_FILTERS, expiry: 15 } }, now);
    expect(within.expiryStart).toBe(now.toISOString());
    expect(within.expiryEnd).toBe('2026-01-25T00:00:00.000Z');
    const expired = credentialsQuery({}, { ...base, filters: { ...NO_FILTERS, expiry: 'expired' } }, now);
    expect(expired).toMatchObject({ expiryEnd: now.toISOString() });
    expect(expired.expiryStart).toBeUndefined();
  });
  it('sends status, states, applications and ids as repeated values, and counts the filters', () => {
    const filters = { status: ['error' as const], states: ['pending' as const, 'inactive' as const], expiry: 3 as const, applicationIds: ['a'] };
    expect(credentialsQuery({}, { ...base, filters, ids: ['c1'] }, now)).toMatchObject({ status: ['error'], state: ['pending', 'inactive'], application: ['a'], id: ['c1'] });
    expect(filterCount(filters)).toBe(5);
  });
});

const credential = (over: Partial<Credential['provisioning']> = {}, links: Credential['links'] = { self: '/x', decrypt: '/x?decrypt=true' }) => ({
  id: 'c', title: 'Key', state: 'active', crdType: 'APIKey', links,
  provisioning: {
    state: 'active', status: 'success', data: {}, schema: {}, provisionedAt: '2026-01-09T00:00:00Z', error: null,
    policies: { renewable: true, suspendable: false, visibility: null, expiry: { time: '2026-02-01T00:00:00Z' } }, ...over,
  },
}) as unknown as Credential;

describe('credential facts', () => {
  it('reads the policies and the decrypt link', () => {
    const f = factsOf(credential());
    expect(f).toMatchObject({ state: 'active', provisioningState: 'active', provisioningStatus: 'success', renewable: true, suspendable: false, expiresAt: '2026-02-01T00:00:00Z', hasDecryptLink: true });
  });
  it('ends the visibility window at the policy time, else 3 days after provisioning', () => {
    expect(factsOf(credential()).visibleUntil).toEqual(new Date('2026-01-12T00:00:00Z'));
    expect(factsOf(credential({ policies: { renewable: true, suspendable: true, visibility: { time: '2026-01-10T05:00:00Z' }, expiry: null } })).visibleUntil)
      .toEqual(new Date('2026-01-10T05:00:00Z'));
    expect(factsOf(credential({}, { self: '/x' })).hasDecryptLink).toBe(false);
  });
});

describe('OAuth redirect URL and secret fields', () => {
  it('points at the resource page on this origin', () => {
    expect(oauthRedirectUrl('https://market.example.com/', 'p 1', 'v1', 'r1')).toBe('https://market.example.com/productDetails/p%201/version/v1/resources/r1/methods');
  });
  it('takes x-agora-encrypted fields, else well-known secret names', () => {
    expect(secretFields({ properties: { clientId: {}, clientSecret: { 'x-agora-encrypted': true } } }, {})).toEqual(['clientSecret']);
    expect(secretFields(null, { username: 'u', password: 'p', apiKey: 'k' })).toEqual(['password', 'apiKey']);
  });
});

describe('request access state (spec 2 §5, §8)', () => {
  const resource = { status: null, state: 'active', accessRequestDefinition: { id: 'ard', title: 'x', schema: {}, approval: 'manual' }, credentialRequestDefinitions: [{ id: 'c', title: 'k', type: 'APIKey' }], canRequestAccessOrCredential: true };
  it('is enabled on the latest version with a subscription and a definition', () => {
    expect(requestAccessState(resource, true, 'credentials')).toEqual({ enabled: true, notices: [] });
  });
  it('names why not', () => {
    expect(requestAccessState(resource, false, 'accessRequests')).toEqual({ enabled: false, notices: ['notLatest'] });
    expect(requestAccessState({ ...resource, canRequestAccessOrCredential: false }, true, 'accessRequests').notices).toEqual(['noSubscription']);
    expect(requestAccessState({ ...resource, accessRequestDefinition: null, credentialRequestDefinitions: [] }, true, 'credentials'))
      .toEqual({ enabled: false, notices: ['accessNotRequired', 'noCrd'] });
    expect(requestAccessState({ ...resource, status: 'deleted' }, true, 'credentials')).toEqual({ enabled: false, notices: ['deleted'] });
    // Archived: says so, and does not claim a subscription is missing (issue 28).
    expect(requestAccessState({ ...resource, state: 'archived', canRequestAccessOrCredential: false }, true, 'accessRequests'))
      .toEqual({ enabled: false, notices: ['archived'] });
  });
});

describe('access requests', () => {
  it('queries by name ascending, 100 a page, declined as rejected', () => {
    const q = accessRequestsQuery({ filters: { ...NO_ACCESS_FILTERS, states: ['declined', 'pending'], productIds: ['p'] }, search: ' x ', sort: '+name', page: 2, pageSize: 100 }, 'r');
    expect(q).toEqual({ offset: 100, limit: 100, sort: '+name', resourceId: 'r', search: 'x', approvalStates: ['rejected', 'pending'], productIds: ['p'] });
  });
  it('shows rejected as declined', () => {
    expect(approvalLabelOf('rejected')).toBe('declined');
    expect(approvalLabelOf('approved')).toBe('approved');
  });
  it('reads product, subscription and application.id from the URL and leaves the rest', () => {
    expect(readPrefilters('product=p1&subscription=s1&application.id=a1&x=1')).toEqual({
      filters: { productIds: ['p1'], subscriptionIds: ['s1'], applicationIds: ['a1'] }, rest: 'x=1',
    });
    expect(readPrefilters('x=1')).toBeNull();
  });
});

describe('time left to view a secret (spec 2 §4, §9)', () => {
  it('reads the whole window of a new secret: 3 days, not 2', async () => {
    const { remainingTime, visibilityEnd } = await import('../../src/rules/credentials.ts');
    const now = new Date('2026-01-10T12:00:00Z');
    const provisioned = new Date(now.getTime() - 5_000);
    expect(remainingTime(visibilityEnd(null, provisioned), now)).toEqual({ unit: 'day', value: 3, tone: 'neutral' });
    expect(remainingTime(new Date(now.getTime() + 36 * 3_600_000 - 60_000), now)).toMatchObject({ unit: 'day', value: 1 });
    expect(remainingTime(new Date(now.getTime() + 5 * 3_600_000 + 10 * 60_000), now)).toMatchObject({ unit: 'hour', value: 5, tone: 'warning' });
    expect(remainingTime(new Date(now.getTime() + 90_000), now)).toMatchObject({ unit: 'minute', value: 1, tone: 'danger' });
  });
});

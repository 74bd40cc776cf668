import { describe, expect, it } from 'vitest';
import {
  appliedAuth, authOptions, authProblem, flowUrls, isCredentialSelectable, needsToken, offersAuthorizationUrl,
  offersTokenUrl, serverChoices, tokenGrantOf, GENERIC_OPTIONS, type ConsoleAuth,
} from '../../src/rules/consoleAuth.ts';

const petstore = {
  petstore_auth: { type: 'oauth2', authorizationUrl: 'https://p.test/oauth/authorize', flow: 'implicit', scopes: { 'read:pets': 'read' } },
  api_key: { type: 'apiKey', name: 'api_key', in: 'header' },
};
const oas3 = {
  oauth: {
    type: 'oauth2',
    flows: {
      clientCredentials: { tokenUrl: 'https://a.test/token', scopes: { 'payments.read': 'r' } },
      authorizationCode: { authorizationUrl: 'https://a.test/authorize', tokenUrl: 'https://a.test/token', scopes: {} },
    },
  },
  basic: { type: 'http', scheme: 'basic' },
  jwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  key: { type: 'apiKey', name: 'key', in: 'query' },
};

describe('grant types and their URLs (spec 2 §5)', () => {
  it('offers the authorization URL for implicit, authorizationCode, authorization_code and accessCode only', () => {
    const all = ['implicit', 'authorizationCode', 'authorization_code', 'accessCode', 'clientCredentials', 'application', 'password'];
    expect(all.filter(offersAuthorizationUrl)).toEqual(['implicit', 'authorizationCode', 'authorization_code', 'accessCode']);
  });
  it('offers the token URL for clientCredentials, authorizationCode, authorization_code, accessCode and application only', () => {
    const all = ['implicit', 'authorizationCode', 'authorization_code', 'accessCode', 'clientCredentials', 'application', 'password'];
    expect(all.filter(offersTokenUrl)).toEqual(['authorizationCode', 'authorization_code', 'accessCode', 'clientCredentials', 'application']);
  });
  it('maps console grants to the token request grant_type', () => {
    expect(tokenGrantOf('application')).toBe('client_credentials');
    expect(tokenGrantOf('accessCode')).toBe('authorization_code');
    expect(tokenGrantOf('implicit')).toBeNull();
  });
});

describe('authorization types of a specification', () => {
  it('reads OpenAPI 2 definitions, one flow per scheme', () => {
    const options = authOptions(petstore);
    expect(options.map((o) => [o.id, o.kind])).toEqual([['none', 'none'], ['petstore_auth', 'oauth2'], ['api_key', 'apiKey']]);
    expect(options[1]!.flows).toEqual([{ grant: 'implicit', authorizationUrl: 'https://p.test/oauth/authorize', tokenUrl: undefined, scopes: ['read:pets'] }]);
  });
  it('reads OpenAPI 3 schemes: flows, http basic and bearer, api keys in the query', () => {
    const options = authOptions(oas3);
    expect(options.map((o) => o.kind)).toEqual(['none', 'oauth2', 'basic', 'bearer', 'apiKey']);
    expect(options[1]!.flows!.map((f) => f.grant)).toEqual(['authorizationCode', 'clientCredentials']);
    expect(options[4]).toMatchObject({ in: 'query', name: 'key' });
  });
  it('offers the generic types when the specification declares none', () => {
    expect(authOptions({}).slice(1)).toEqual(GENERIC_OPTIONS);
    expect(authOptions(undefined).map((o) => o.kind)).toEqual(['none', 'apiKey', 'bearer', 'basic', 'oauth2']);
  });
});

describe('internal credentials (spec 2 §4)', () => {
  it('are selectable only when provisioning is active and successful', () => {
    expect(isCredentialSelectable({ id: 'c', provisioning: { state: 'active', status: 'success' } })).toBe(true);
    expect(isCredentialSelectable({ id: 'c', provisioning: { state: 'active', status: 'pending' } })).toBe(false);
    expect(isCredentialSelectable({ id: 'c', provisioning: { state: 'inactive', status: 'success' } })).toBe(false);
    expect(isCredentialSelectable({ id: 'c' })).toBe(false);
    // A suspended credential (state inactive) keeps its provisioning but cannot be used.
    expect(isCredentialSelectable({ id: 'c', state: 'inactive', provisioning: { state: 'active', status: 'success' } })).toBe(false);
    expect(isCredentialSelectable({ id: 'c', state: 'active', provisioning: { state: 'active', status: 'success' } })).toBe(true);
  });
  it('need an application and a credential, and travel as the gateway ids', () => {
    const option = authOptions(petstore)[2]!;
    expect(authProblem(option, { optionId: 'api_key', origin: 'internal' })).toBe('application');
    expect(authProblem(option, { optionId: 'api_key', origin: 'internal', applicationId: 'app-1' })).toBe('credential');
    const auth: ConsoleAuth = { optionId: 'api_key', origin: 'internal', applicationId: 'app-1', credentialId: 'cred-1' };
    expect(authProblem(option, auth)).toBeNull();
    expect(appliedAuth(option, auth)).toEqual({ headers: { 'x-agora-application': 'app-1', 'x-agora-credential': 'cred-1' }, query: {} });
  });
});

describe('external credentials', () => {
  const [, oauth, basic, bearer, key] = authOptions(oas3);
  it('an API key goes upstream under its own name, in a header, the query or a cookie', () => {
    const header = authOptions(petstore)[2]!;
    expect(appliedAuth(header, { optionId: 'api_key', origin: 'external', apiKey: 's3cret' }).headers).toEqual({ 'x-agora-upstream-api_key': 's3cret' });
    expect(appliedAuth(key, { optionId: 'key', origin: 'external', apiKey: 'k' })).toEqual({ headers: {}, query: { key: 'k' } });
    expect(appliedAuth(key, { optionId: 'key', origin: 'external', apiKey: 'a b', apiKeyIn: 'cookie' }).headers).toEqual({ 'x-agora-upstream-cookie': 'key=a%20b' });
  });
  it('basic and bearer become the upstream Authorization header, never the portal one', () => {
    expect(appliedAuth(basic, { optionId: 'basic', origin: 'external', username: 'ada', password: 'pé' }).headers)
      .toEqual({ 'x-agora-upstream-authorization': `Basic ${Buffer.from('ada:pé').toString('base64')}` });
    expect(appliedAuth(bearer, { optionId: 'jwt', origin: 'external', token: 'Bearer abc' }).headers)
      .toEqual({ 'x-agora-upstream-authorization': 'Bearer abc' });
    expect(authProblem(bearer, { optionId: 'jwt', origin: 'external' })).toBe('token');
  });
  it('OAuth 2 needs a grant, a client and the URLs the grant uses; overrides win over declared URLs', () => {
    const base: ConsoleAuth = { optionId: 'oauth', origin: 'external' };
    expect(authProblem(oauth, base)).toBe('grant');
    expect(authProblem(oauth, { ...base, grant: 'implicit' })).toBe('grant');
    expect(authProblem(oauth, { ...base, grant: 'clientCredentials' })).toBe('clientId');
    expect(authProblem(oauth, { ...base, grant: 'clientCredentials', clientId: 'id' })).toBe('clientSecret');
    expect(authProblem(oauth, { ...base, grant: 'clientCredentials', clientId: 'id', clientSecret: 's' })).toBeNull();
    expect(authProblem(oauth, { ...base, grant: 'clientCredentials', clientId: 'id', clientSecret: 's', tokenUrl: 'ftp://x' })).toBe('tokenUrl');
    expect(flowUrls(oauth, { grant: 'authorizationCode', tokenUrl: ' https://override.test/t ' }))
      .toEqual({ authorizationUrl: 'https://a.test/authorize', tokenUrl: 'https://override.test/t' });
    expect(needsToken(oauth, { ...base, grant: 'clientCredentials' })).toBe(true);
    const withToken = { ...base, grant: 'clientCredentials' as const, accessToken: 'tok' };
    expect(needsToken(oauth, withToken)).toBe(false);
    expect(appliedAuth(oauth, withToken).headers).toEqual({ 'x-agora-upstream-authorization': 'Bearer tok' });
  });
  it('sends nothing for "none" or an unfinished form', () => {
    expect(appliedAuth(authOptions({})[0], { optionId: 'none', origin: 'external', apiKey: 'x' })).toEqual({ headers: {}, query: {} });
    expect(appliedAuth(bearer, { optionId: 'jwt', origin: 'external', token: '  ' })).toEqual({ headers: {}, query: {} });
  });
});

describe('servers', () => {
  it('lists the resource endpoints once each, in order', () => {
    expect(serverChoices([
      { url: 'https://a.test/v1', description: 'HTTPS' }, { url: 'https://a.test/v1/', description: 'dup' }, 'http://b.test', { nope: 1 },
    ])).toEqual([{ url: 'https://a.test/v1', description: 'HTTPS' }, { url: 'http://b.test', description: '' }]);
    expect(serverChoices(null)).toEqual([]);
  });
});

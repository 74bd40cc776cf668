// Request definitions: what a consumer is asked when requesting access, creating a credential or
// completing an application profile. Schemas are JSON Schema with the schema-form field
// extensions of spec 2 §3 written as `x-agora-<name>`: encrypted, decrypted, copyable, label,
// order, widget, hidden, options, placeholder.
import type * as schema from '../src/db/schema.ts';
import { CREDENTIAL_VISIBILITY_MS } from '../../src/rules/constants.ts';

/** A choice field's values with the titles people see (`oneOf` of `const` + `title`, which the
 * schema form lists by title and src/rules/schemaChoices.ts shows in read-only summaries). */
export const choices = (pairs: Array<[value: string, title: string]>) => ({ oneOf: pairs.map(([value, title]) => ({ const: value, title })) });

const ENVIRONMENTS = choices([['sandbox', 'Sandbox (test data)'], ['production', 'Production']]);

export const applicationProfileDefinitions: Array<typeof schema.applicationProfileDefinitions.$inferInsert> = [
  {
    id: 'apd-company', title: 'Company profile',
    schema: {
      type: 'object', required: ['companyName', 'supportEmail'],
      properties: {
        companyName: { type: 'string', title: 'Company name', maxLength: 120, 'x-agora-order': 1 },
        website: { type: 'string', format: 'uri', title: 'Website', 'x-agora-placeholder': 'https://example.com', 'x-agora-order': 2 },
        supportEmail: { type: 'string', format: 'email', title: 'Support e-mail', 'x-agora-order': 3 },
        industry: {
          type: 'string', title: 'Industry',
          ...choices([['retail', 'Retail'], ['finance', 'Finance and banking'], ['health', 'Healthcare'], ['logistics', 'Logistics'], ['public', 'Public sector'], ['other', 'Other']]),
          'x-agora-widget': 'select', 'x-agora-order': 4,
        },
      },
    },
  },
  {
    id: 'apd-security', title: 'Security contact',
    schema: {
      type: 'object', required: ['name', 'email'],
      properties: {
        name: { type: 'string', title: 'Name' },
        email: { type: 'string', format: 'email', title: 'E-mail' },
        phone: { type: 'string', title: 'Phone (24/7)', 'x-agora-placeholder': '+1 555 0100' },
      },
    },
  },
];

export const accessRequestDefinitions: Array<typeof schema.accessRequestDefinitions.$inferInsert> = [
  // No properties: the wizard's details step is skipped for resources that only need this one.
  { id: 'ard-standard', title: 'Standard access', approval: 'automatic', schema: { type: 'object', properties: {} } },
  {
    id: 'ard-payments', title: 'Regulated access', approval: 'manual', applicationProfileDefinitionId: 'apd-company',
    schema: {
      type: 'object', required: ['purpose', 'environment', 'acceptsTerms'],
      properties: {
        purpose: {
          type: 'string', title: 'Purpose',
          ...choices([['ecommerce', 'Online shop checkout'], ['marketplace', 'Marketplace payouts'], ['subscriptions', 'Recurring subscriptions'], ['in_person', 'In-person payments'], ['other', 'Other']]),
          'x-agora-label': 'What will you use the API for?', 'x-agora-widget': 'select', 'x-agora-order': 1,
        },
        description: {
          type: 'string', title: 'Describe your integration', maxLength: 1000,
          'x-agora-widget': 'textarea', 'x-agora-options': { rows: 4 }, 'x-agora-placeholder': 'Checkout of our web shop, about 2,000 orders a day', 'x-agora-order': 2,
        },
        expectedMonthlyVolume: { type: 'integer', title: 'Expected calls per month', minimum: 0, 'x-agora-order': 3 },
        environment: { type: 'string', title: 'Environment', ...ENVIRONMENTS, default: 'sandbox', 'x-agora-widget': 'radio', 'x-agora-order': 4 },
        acceptsTerms: { type: 'boolean', title: 'I accept the processing terms', const: true, 'x-agora-widget': 'checkbox', 'x-agora-order': 5 },
        referral: { type: 'string', 'x-agora-hidden': true, default: 'marketplace' },
      },
    },
  },
];

const policies = (renewable: boolean, suspendable: boolean, expiryDays: number | null) =>
  ({ renewable, suspendable, expiryDays, visibilityMs: CREDENTIAL_VISIBILITY_MS });

export const credentialRequestDefinitions: Array<typeof schema.credentialRequestDefinitions.$inferInsert> = [
  {
    id: 'crd-oauth', title: 'OAuth client', crdType: 'OAuth', policies: policies(true, true, 365),
    schema: {
      type: 'object', required: ['grantTypes'],
      properties: {
        grantTypes: {
          type: 'array', title: 'Grant types', uniqueItems: true, minItems: 1,
          items: { type: 'string', ...choices([['client_credentials', 'Client credentials'], ['authorization_code', 'Authorization code'], ['refresh_token', 'Refresh token']]) },
          default: ['client_credentials'], 'x-agora-widget': 'checkboxes', 'x-agora-order': 1,
        },
        redirectUris: {
          type: 'array', title: 'Redirect URIs', items: { type: 'string', format: 'uri' },
          'x-agora-label': 'Redirect URIs (authorization code only)', 'x-agora-placeholder': 'https://app.example.com/callback', 'x-agora-order': 2,
        },
        scopes: { type: 'string', title: 'Scopes', 'x-agora-placeholder': 'payments.read payments.write', 'x-agora-order': 3 },
      },
    },
    provisionSchema: {
      type: 'object',
      properties: {
        clientId: { type: 'string', title: 'Client ID', 'x-agora-copyable': true, 'x-agora-order': 1 },
        clientSecret: { type: 'string', title: 'Client secret', 'x-agora-encrypted': true, 'x-agora-copyable': true, 'x-agora-order': 2 },
        tokenUrl: { type: 'string', format: 'uri', title: 'Token URL', 'x-agora-copyable': true, 'x-agora-order': 3 },
      },
    },
  },
  {
    id: 'crd-apikey', title: 'API key', crdType: 'APIKey', policies: policies(true, true, 90),
    schema: {
      type: 'object',
      properties: {
        environment: { type: 'string', title: 'Environment', ...ENVIRONMENTS, default: 'sandbox', 'x-agora-widget': 'radio', 'x-agora-order': 1 },
        allowedIps: { type: 'string', title: 'Allowed IP ranges', 'x-agora-placeholder': '203.0.113.0/24, 198.51.100.7', 'x-agora-label': 'Allowed IP ranges (empty: any)', 'x-agora-order': 2 },
      },
    },
    provisionSchema: {
      type: 'object',
      properties: {
        apiKey: { type: 'string', title: 'API key', 'x-agora-encrypted': true, 'x-agora-copyable': true, 'x-agora-order': 1 },
        header: { type: 'string', title: 'Header', default: 'X-Api-Key', 'x-agora-copyable': true, 'x-agora-order': 2 },
      },
    },
  },
  {
    id: 'crd-basic', title: 'Username and password', crdType: 'HTTPBasic', policies: policies(false, true, null),
    schema: {
      type: 'object', required: ['username'],
      properties: {
        username: { type: 'string', title: 'Username', pattern: '^[a-z0-9._-]{3,40}$', 'x-agora-placeholder': 'acme-warehouse', 'x-agora-order': 1 },
      },
    },
    provisionSchema: {
      type: 'object',
      properties: {
        username: { type: 'string', title: 'Username', 'x-agora-copyable': true, 'x-agora-order': 1 },
        password: { type: 'string', title: 'Password', 'x-agora-encrypted': true, 'x-agora-copyable': true, 'x-agora-order': 2 },
      },
    },
  },
  {
    id: 'crd-mtls', title: 'Client certificate', crdType: 'MutualTLS', policies: policies(true, false, 730),
    // The consumer brings the client certificate; the gateway recognises it by its SHA-256
    // fingerprint, passed by the TLS-terminating proxy (server/src/gateway/README.md).
    schema: {
      type: 'object', required: ['certificate'],
      properties: {
        commonName: {
          type: 'string', title: 'Common name', 'x-agora-placeholder': 'device-0042.acme.test', 'x-agora-order': 1,
          'x-agora-label': 'Common name (checked against the certificate when given)',
        },
        certificate: {
          type: 'string', title: 'Client certificate (PEM)', 'x-agora-widget': 'textarea', 'x-agora-options': { rows: 8, monospace: true },
          'x-agora-placeholder': '-----BEGIN CERTIFICATE-----', 'x-agora-order': 2, minLength: 1,
        },
      },
    },
    provisionSchema: {
      type: 'object',
      properties: {
        certificate: { type: 'string', title: 'Certificate (PEM)', 'x-agora-copyable': true, 'x-agora-widget': 'textarea', 'x-agora-order': 1 },
        fingerprint: { type: 'string', title: 'SHA-256 fingerprint', 'x-agora-copyable': true, 'x-agora-order': 2 },
      },
    },
  },
];

export const AUTH_LABEL: Record<string, string> = {
  'crd-oauth': 'an OAuth client', 'crd-apikey': 'an API key', 'crd-basic': 'a username and password', 'crd-mtls': 'a client certificate',
};

// Documentation of the demo: a getting-started guide per product version, the rich document set
// of the Payments API (markdown, PDF, URL, ZIP download), and stand-alone site documents
// (product_version_id null) reachable at /documents/{docId}.
import type * as schema from '../src/db/schema.ts';
import { makePdf, makeZip } from './media.ts';
import { at } from './clock.ts';

type Doc = typeof schema.documents.$inferInsert;
type Section = typeof schema.documentSections.$inferInsert;
type Article = typeof schema.articles.$inferInsert;

export interface DocRows { documents: Doc[]; sections: Section[]; articles: Article[] }

interface SectionDef { title: string; description: string; articles: Array<{ label: string; content: string; kind?: 'markdown' | 'url' }> }

/** A markdown document whose sections and articles are also its body text. */
function markdownDoc(out: DocRows, doc: Omit<Doc, 'contentType' | 'contentKind' | 'text'>, intro: string, sections: SectionDef[]): void {
  const body = [`# ${doc.title}`, intro, ...sections.map((s) => [
    `## ${s.title}`, s.description,
    ...s.articles.filter((a) => a.kind !== 'url').map((a) => `### ${a.label}\n\n${a.content}`),
  ].join('\n\n'))].join('\n\n');
  out.documents.push({ ...doc, contentType: 'text/markdown', contentKind: 'TEXT', text: body, fileName: doc.fileName ?? `${doc.id}.md` });
  sections.forEach((s, si) => {
    const sectionId = `${doc.id}-s${si}`;
    out.sections.push({ id: sectionId, documentId: doc.id, sectionIndex: si, title: s.title, description: s.description });
    s.articles.forEach((a, ai) => out.articles.push({ id: `${sectionId}-a${ai}`, sectionId, articleIndex: ai, label: a.label, kind: a.kind ?? 'markdown', content: a.content }));
  });
}

export interface GuideInput {
  productId: string;
  productTitle: string;
  versionId: string;
  versionLabel: string;
  endpoints: Array<{ url: string; description: string }>;
  auth: string;
  createdAt: Date;
}

/** "Getting started with X": two sections, four articles, tailored with the product's endpoints. */
export function guideDocument(out: DocRows, g: GuideInput): void {
  const base = g.endpoints[0]?.url ?? 'https://sandbox.agora.test';
  markdownDoc(out, {
    id: `doc-${g.versionId.replace(/^ver-/, '')}-guide`, productVersionId: g.versionId, rank: 0, createdAt: g.createdAt,
    title: `Getting started with ${g.productTitle}`,
    description: `Credentials, environments and a first call to ${g.productTitle} ${g.versionLabel}.`,
  }, `This guide takes you from a new account to a first successful call to **${g.productTitle}** (version ${g.versionLabel}).`, [
    {
      title: 'Before you start',
      description: 'What you need before the first call.',
      articles: [
        {
          label: 'Get credentials',
          content: `1. Subscribe to a plan of ${g.productTitle} from the **Plans** tab.\n2. Register an application and request access to the resource.\n3. Create a credential (${g.auth}) on the **Credentials** tab and copy it while it is visible.\n\n> Credentials of the sandbox never work in production.`,
        },
        {
          label: 'Choose an environment',
          content: g.endpoints.length
            ? `| Environment | Base URL |\n|---|---|\n${g.endpoints.map((e) => `| ${e.description || 'Default'} | \`${e.url}\` |`).join('\n')}`
            : 'The service address is given with your credential.',
        },
      ],
    },
    {
      title: 'Your first call',
      description: 'Send a request and read the answer.',
      articles: [
        {
          label: 'Make a request',
          content: `Use the **Try it** panel of the resource, or curl:\n\n\`\`\`bash\ncurl -H "Authorization: Bearer $TOKEN" ${base}\n\`\`\`\n\nA 200 answer with JSON means you are ready to build.`,
        },
        {
          label: 'Handle errors',
          content: 'Every error has a JSON body with a `code`, a `message` and, for invalid input, the `parameter` at fault.\n\n- **401**: the credential is missing or expired.\n- **403**: your plan does not include this resource.\n- **429**: you reached your quota; the `Retry-After` header says when to retry.',
        },
        { label: 'API status page', kind: 'url', content: 'https://status.agora.test' },
      ],
    },
  ]);
}

/** The Payments API's document set on its latest version, and a migration guide on 2.x. */
export function paymentsDocuments(out: DocRows, latestVersionId: string, previousVersionId: string): void {
  markdownDoc(out, {
    id: 'doc-payments-integration', productVersionId: latestVersionId, rank: 1, createdAt: at(-20),
    title: 'Payments integration handbook', description: 'Accept payments end to end: checkout, webhooks, refunds, disputes and going live.',
  }, 'Everything a team needs to take card payments in production with the Payments API 3.x.', [
    {
      title: 'Checkout', description: 'Create and confirm payments.',
      articles: [
        { label: 'Create a payment', content: 'Send `POST /payments` with an amount in the smallest currency unit, a currency and a payment method:\n\n```json\n{ "amount": 2599, "currency": "usd", "paymentMethod": "pm_card_visa" }\n```\n\nThe answer has `status: succeeded` or `requires_action` when the bank asks for 3-D Secure.' },
        { label: '3-D Secure', content: 'When `nextAction.type` is `redirect_to_url`, send the shopper to `nextAction.redirectUrl`. They come back to your return URL and the payment continues on its own.' },
        { label: 'Authorise now, capture later', content: 'Create the payment with `capture: manual`, then call `POST /payments/{id}/capture` within 7 days, when the goods ship.' },
      ],
    },
    {
      title: 'Webhooks', description: 'Know when money moves.',
      articles: [
        { label: 'Register an endpoint', content: 'Call `POST /webhook-endpoints` with your HTTPS URL and the events you want. Keep the `secret` of the answer: it signs every event.' },
        { label: 'Verify signatures', content: 'Compute an HMAC-SHA256 of `timestamp.body` with your secret and compare it, in constant time, with the `v1` value of the signature header. Reject events older than 5 minutes.' },
      ],
    },
    {
      title: 'After the sale', description: 'Refunds, disputes and payouts.',
      articles: [
        { label: 'Refunds', content: 'A payment can be refunded several times until the whole amount is returned. Refunds of card payments reach the card holder in 5 to 10 business days.' },
        { label: 'Disputes', content: 'When a card holder disputes a payment you have 7 days to submit evidence through `POST /disputes/{id}`. Send the tracking number and the customer’s e-mail.' },
        { label: 'Payouts', content: 'Your available balance is paid out daily to your default bank account. Instant payouts arrive in minutes for a 1% fee.' },
      ],
    },
    {
      title: 'Going live', description: 'The checklist before switching to production.',
      articles: [
        { label: 'Production checklist', content: '- [ ] Use production credentials from a production subscription\n- [ ] Handle `402` declines with a clear message\n- [ ] Send an `Idempotency-Key` on every POST\n- [ ] Verify webhook signatures\n- [ ] Monitor your quota in Consumer insights' },
        { label: 'PCI DSS self-assessment', kind: 'url', content: 'https://www.pcisecuritystandards.org/document_library/' },
      ],
    },
  ]);

  out.documents.push({
    id: 'doc-payments-pdf', productVersionId: latestVersionId, rank: 2, createdAt: at(-18),
    title: 'Payments API reference card (PDF)', description: 'A printable summary of endpoints, test cards and error codes.',
    fileName: 'payments-reference-card.pdf', contentType: 'application/pdf', contentKind: 'BINARY',
    data: makePdf('Payments API reference card', [
      { heading: 'Payments API 3.2 - reference card', paragraphs: [
        'Base URLs: sandbox https://sandbox.payments.agora.test/v3 and production https://api.payments.agora.test/v3.',
        'Authenticate with an OAuth 2.0 client-credentials token, or with an API key in the X-Api-Key header in the sandbox.',
        'Amounts are integers in the smallest currency unit. Send an Idempotency-Key header on every POST.',
        'Main calls: POST /payments, POST /payments/{id}/capture, POST /payments/{id}/cancel, POST /refunds, GET /balance, POST /payouts.',
      ] },
      { heading: 'Test cards', paragraphs: [
        'pm_card_visa - succeeds. pm_card_mastercard - succeeds. pm_card_chargeDeclined - declined with card_declined.',
        'pm_card_threeDSecureRequired - asks for 3-D Secure. pm_card_insufficientFunds - declined with insufficient_funds.',
      ] },
      { heading: 'Errors', paragraphs: [
        '400 invalid_request_error: a parameter is missing or invalid; error.param names it.',
        '402 card_error: the card was declined; error.declineCode says why.',
        '409 idempotency_error: the key was reused with another body. 429 rate_limit_error: slow down and retry.',
      ] },
    ]),
  });

  out.documents.push({
    id: 'doc-payments-status', productVersionId: latestVersionId, rank: 3, createdAt: at(-17),
    title: 'Payments status and incident history', description: 'Live availability of the Payments API and past incidents.',
    contentType: 'URL', contentKind: 'URL', url: 'https://status.agora.test/payments',
  });

  out.documents.push({
    id: 'doc-payments-postman', productVersionId: latestVersionId, rank: 4, createdAt: at(-16),
    title: 'Postman collection and samples (ZIP)', description: 'A Postman collection of every call, with an environment for the sandbox.',
    fileName: 'payments-postman.zip', contentType: 'application/zip', contentKind: 'BINARY',
    data: makeZip([
      { name: 'README.txt', text: 'Import payments.postman_collection.json and sandbox.postman_environment.json into Postman, then set apiKey.\n' },
      { name: 'payments.postman_collection.json', text: JSON.stringify({ info: { name: 'Payments API 3.2', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' }, item: [
        { name: 'Create a payment', request: { method: 'POST', url: '{{baseUrl}}/payments', header: [{ key: 'X-Api-Key', value: '{{apiKey}}' }], body: { mode: 'raw', raw: '{"amount":2599,"currency":"usd","paymentMethod":"pm_card_visa"}' } } },
        { name: 'List payments', request: { method: 'GET', url: '{{baseUrl}}/payments?limit=10', header: [{ key: 'X-Api-Key', value: '{{apiKey}}' }] } },
        { name: 'Refund a payment', request: { method: 'POST', url: '{{baseUrl}}/refunds', header: [{ key: 'X-Api-Key', value: '{{apiKey}}' }], body: { mode: 'raw', raw: '{"payment":"pay_1Nv0FGQ9RKHgCVdK"}' } } },
      ] }, null, 2) },
      { name: 'sandbox.postman_environment.json', text: JSON.stringify({ name: 'Payments sandbox', values: [{ key: 'baseUrl', value: 'https://sandbox.payments.agora.test/v3' }, { key: 'apiKey', value: '' }] }, null, 2) },
    ]),
  });

  out.documents.push({
    id: 'doc-payments-changelog', productVersionId: latestVersionId, rank: 5, createdAt: at(-15),
    title: 'Changelog (plain text)', description: 'Every change of the Payments API since 1.0, newest first.',
    fileName: 'CHANGELOG.txt', contentType: 'text/plain', contentKind: 'TEXT',
    text: '3.2.0  2025-05-12  Payouts: instant method. Disputes: evidence submission.\n3.1.0  2025-03-30  Webhook endpoints API.\n3.0.0  2025-03-01  /charges replaced by /payments; cursor paging.\n2.8.0  2024-11-04  Apple Pay and Google Pay wallets.\n2.0.0  2024-05-20  Customers and saved payment methods.\n1.4.0  2023-12-01  Partial refunds.\n1.0.0  2023-06-01  First release.\n',
  });

  markdownDoc(out, {
    id: 'doc-payments-v2-migration', productVersionId: previousVersionId, rank: 1, createdAt: at(-100),
    title: 'Migrating from 2.x to 3.0', description: 'What changed between /charges and /payments and how to move.',
  }, 'Version 3 replaces charges with payments and offset paging with cursors.', [
    {
      title: 'Breaking changes', description: 'Read this before upgrading.',
      articles: [
        { label: 'Charges become payments', content: '`POST /charges` is now `POST /payments`. The `source` field is now `paymentMethod`.' },
        { label: 'Cursor paging', content: 'Lists take `startingAfter` instead of `offset` and answer `hasMore`.' },
      ],
    },
  ]);
}

/** Site documents not tied to a product: terms, privacy notice, handbook, status page, brand kit. */
export function siteDocuments(out: DocRows): void {
  markdownDoc(out, {
    id: 'doc-terms', productVersionId: null, rank: 0, createdAt: at(-365),
    title: 'Terms of Use', description: 'The terms that apply to every API of the Agora Marketplace.',
  }, 'By subscribing to an API of the Agora Marketplace you agree to these terms.', [
    {
      title: 'Using the APIs', description: 'What you may and may not do.',
      articles: [
        { label: 'Acceptable use', content: 'Do not use the APIs to send unsolicited messages, to break the law or to test the security of the platform without written permission.' },
        { label: 'Quotas and fair use', content: 'Plans set quotas. Calls beyond a strict quota are refused with 429; calls beyond a loose quota are billed as overages.' },
      ],
    },
    {
      title: 'Billing', description: 'How paid plans are charged.',
      articles: [
        { label: 'Invoices', content: 'Paid plans are invoiced at the start of each billing interval; overages are invoiced at its end. Invoices are due within 30 days.' },
        { label: 'Cancelling', content: 'You may unsubscribe at any time; the subscription ends with the current billing interval.' },
      ],
    },
    {
      title: 'Liability', description: 'What we are responsible for.',
      articles: [{ label: 'Service levels', content: 'Production resources target 99.95% monthly availability. Sandbox resources have no service level.' }],
    },
  ]);

  out.documents.push({
    id: 'doc-privacy', productVersionId: null, rank: 1, createdAt: at(-365),
    title: 'Privacy Notice', description: 'How the marketplace handles personal data of developers and their users.',
    fileName: 'agora-privacy-notice.pdf', contentType: 'application/pdf', contentKind: 'BINARY',
    data: makePdf('Agora Privacy Notice', [
      { heading: 'Privacy Notice', paragraphs: [
        'Agora APIs processes the account data of developers (name, e-mail, organisation) to run the marketplace, and call metadata (time, path, status, duration) to count quotas and show consumer insights.',
        'Request and response bodies passing through the gateway are not stored beyond the headers listed in the transaction details.',
      ] },
      { heading: 'Your rights', paragraphs: [
        'You may ask for a copy of your data, its correction or its deletion by writing to privacy@agora.test. We answer within 30 days.',
      ] },
    ]),
  });

  markdownDoc(out, {
    id: 'doc-handbook', productVersionId: null, rank: 2, createdAt: at(-200),
    title: 'Developer handbook', description: 'How the marketplace works: teams, subscriptions, applications, credentials and access requests.',
  }, 'A tour of the marketplace for developers and team managers.', [
    {
      title: 'Teams and roles', description: 'Who can do what.',
      articles: [
        { label: 'Organisation roles', content: 'Administrators manage everything in their organisation. Consumers and Developers use APIs; Subscribers manage subscriptions; Catalog managers curate the catalogue.' },
        { label: 'Team roles', content: 'Within a team, a **team manager** (administrator) owns applications and subscriptions; a **subscription approver** approves requests of the team.' },
      ],
    },
    {
      title: 'From subscription to first call', description: 'The four steps.',
      articles: [
        { label: 'Subscribe', content: 'Pick a plan on the product page. Free plans are approved at once; some plans need approval.' },
        { label: 'Register an application', content: 'Applications group the credentials a piece of software uses.' },
        { label: 'Request access', content: 'The Request Access wizard asks for the information the provider needs and creates one access request per resource.' },
        { label: 'Create a credential', content: 'Once access is approved, create an API key, OAuth client, basic credential or client certificate.' },
      ],
    },
    {
      title: 'Links', description: 'More to read.',
      articles: [
        { label: 'OpenAPI specification', kind: 'url', content: 'https://spec.openapis.org/oas/latest.html' },
        { label: 'AsyncAPI specification', kind: 'url', content: 'https://www.asyncapi.com/docs/reference/specification/latest' },
      ],
    },
  ]);

  out.documents.push({
    id: 'doc-status-page', productVersionId: null, rank: 3, createdAt: at(-300),
    title: 'Platform status', description: 'Availability of every API, live.', contentType: 'URL', contentKind: 'URL', url: 'https://status.agora.test',
  });

  out.documents.push({
    id: 'doc-brand-kit', productVersionId: null, rank: 4, createdAt: at(-150),
    title: 'Brand kit (ZIP)', description: 'Logos and usage rules for “Powered by Agora” badges.',
    fileName: 'agora-brand-kit.zip', contentType: 'application/zip', contentKind: 'BINARY',
    data: makeZip([
      { name: 'USAGE.txt', text: 'Use the badge unchanged, on a plain background, at least 24 px high.\n' },
      { name: 'badge.svg', text: '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="32"><rect width="160" height="32" rx="6" fill="#3b3fd8"/><text x="80" y="21" text-anchor="middle" font-family="Helvetica" font-size="14" fill="#fff">Powered by Agora</text></svg>\n' },
    ]),
  });
}

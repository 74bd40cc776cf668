// The demo catalogue as data: categories, contacts and the products with where their
// specification comes from (a hand-written file under specs/, a generated resource API, or
// GitHub's public REST description for the large-document path).
import type { CrudSpecInput, EntitySpec } from './specgen.ts';
import { TEAM, SPECIAL_TAG } from './accounts.ts';

export interface CategoryDef {
  id: string;
  title: string;
  description: string;
  parent?: string;
  /** Featured categories get a banner image with fit/position hints. */
  featured?: { colors: [string, string]; fit: string; position: string };
}

export const CATEGORIES: CategoryDef[] = [
  { id: 'cat-finance', title: 'Finance', description: 'Move money, issue cards, read bank accounts and convert currencies.', featured: { colors: ['#3b3fd8', '#8b5cf6'], fit: 'cover', position: 'center' } },
  { id: 'cat-payments', title: 'Payments', parent: 'cat-finance', description: 'Accept payments online and in person, refund them and pay out.' },
  { id: 'cat-cards', title: 'Cards', parent: 'cat-payments', description: 'Issue virtual and physical cards and control how they are spent.' },
  { id: 'cat-banking', title: 'Open Banking', parent: 'cat-finance', description: 'Account information and payment initiation under PSD2.' },
  { id: 'cat-commerce', title: 'Commerce', description: 'Storefronts, catalogues, orders and loyalty.', featured: { colors: ['#f76707', '#f59f00'], fit: 'cover', position: 'top' } },
  { id: 'cat-shipping', title: 'Shipping & Logistics', parent: 'cat-commerce', description: 'Rates, labels, tracking and returns.' },
  { id: 'cat-inventory', title: 'Inventory', parent: 'cat-commerce', description: 'Stock levels, reservations and replenishment.' },
  { id: 'cat-communication', title: 'Communication', description: 'Reach customers by SMS, e-mail and push.', featured: { colors: ['#0ca678', '#20c997'], fit: 'contain', position: 'center' } },
  { id: 'cat-messaging', title: 'Messaging', parent: 'cat-communication', description: 'Send and receive messages at scale.' },
  { id: 'cat-iot', title: 'IoT & Events', description: 'Device telemetry and event streams.', featured: { colors: ['#1c7ed6', '#15aabf'], fit: 'cover', position: 'left center' } },
  { id: 'cat-data', title: 'Data & Analytics', description: 'Weather, maps, market data and exports.', featured: { colors: ['#7048e8', '#da77f2'], fit: 'cover', position: 'center bottom' } },
  { id: 'cat-geo', title: 'Maps & Location', parent: 'cat-data', description: 'Geocoding, routing and geofences.' },
  { id: 'cat-routing', title: 'Routing', parent: 'cat-geo', description: 'Routes, distance matrices and reachability.' },
  { id: 'cat-weather', title: 'Weather', parent: 'cat-data', description: 'Forecasts, observations and severe weather alerts.' },
  { id: 'cat-developer', title: 'Developer Tools', description: 'Build, test and ship software.', featured: { colors: ['#343a40', '#868e96'], fit: 'scale-down', position: 'center' } },
  { id: 'cat-devops', title: 'DevOps', parent: 'cat-developer', description: 'Source control, pipelines and feature delivery.' },
  { id: 'cat-identity', title: 'Identity & Security', description: 'Sign-in, verification and fraud prevention.' },
  { id: 'cat-health', title: 'Healthcare', description: 'Patient records, appointments and prescriptions (FHIR-style).' },
  { id: 'cat-legacy', title: 'Legacy & SOAP', description: 'Older integrations kept for existing customers.' },
  { id: 'cat-workplace', title: 'Workplace', description: 'Internal APIs for people and organisation data.' },
];

export const STAGES = [
  { id: 'stage-sandbox', title: 'Sandbox', description: 'Test data, no real money or messages.', sortOrder: 1 },
  { id: 'stage-staging', title: 'Staging', description: 'Release candidates, production-like data.', sortOrder: 2 },
  { id: 'stage-production', title: 'Production', description: 'Live traffic.', sortOrder: 3 },
];

const slack = (channel: string) => ({ type: 'slack', value: `https://agora-dev.slack.com/archives/${channel}`, title: `#${channel.toLowerCase()}` });
const teams = (name: string) => ({ type: 'msteams', value: `https://teams.microsoft.com/l/channel/19%3a${name.toLowerCase()}%40thread.tacv2/${name}`, title: `${name} on Teams` });

export const CONTACTS = {
  payments: {
    email: 'payments-support@agora.test', title: 'Payments developer support', phoneNo: '+1 415 555 0134',
    officeHours: 'Mon–Fri 08:00–18:00 Pacific',
    alternativeContacts: [slack('payments-api'), teams('Payments'), { type: 'url', value: 'https://payments.agora.test/support', title: 'Support portal' }],
  },
  commerce: {
    email: 'commerce@agora.test', title: 'Commerce platform', phoneNo: '+44 20 7946 0321', officeHours: 'Mon–Fri 09:00–17:30 UK',
    alternativeContacts: [slack('commerce-apis'), teams('Commerce')],
  },
  messaging: {
    email: 'messaging@agora.test', title: 'Messaging team', phoneNo: '+49 30 901820', officeHours: '24/7 for production incidents',
    alternativeContacts: [teams('Messaging')],
  },
  iot: { email: 'iot@agora.test', title: 'IoT platform', officeHours: 'Mon–Fri 07:00–15:00 UTC', alternativeContacts: [slack('iot-platform')] },
  data: { email: 'data-apis@agora.test', title: 'Data products', phoneNo: '+33 1 70 36 39 50', officeHours: 'Mon–Fri 09:00–18:00 CET', alternativeContacts: [slack('data-apis'), teams('DataProducts')] },
  developer: { email: 'devtools@agora.test', title: 'Developer experience', alternativeContacts: [slack('devex'), { type: 'url', value: 'https://community.agora.test', title: 'Community forum' }] },
  identity: { email: 'identity@agora.test', title: 'Identity & security', phoneNo: '+1 646 555 0199', officeHours: 'Mon–Fri 08:00–20:00 Eastern', alternativeContacts: [teams('Identity')] },
  health: { email: 'health-apis@agora.test', title: 'Health integrations', phoneNo: '+55 11 5555 0142', officeHours: 'Seg–Sex 08:00–17:00 BRT', alternativeContacts: [slack('health-apis')] },
  legacy: { email: 'legacy-integrations@agora.test', title: 'Legacy integrations (best effort)', officeHours: 'Tuesdays and Thursdays', alternativeContacts: [] },
} as const;

export type ContactKey = keyof typeof CONTACTS;

export interface ExtraResource {
  key: string;
  title: string;
  /** Reuse the product's specification (with this version) or none (an empty definition). */
  spec: 'same' | 'empty';
  stage?: string;
  asset?: 'second';
  state?: 'active' | 'archived' | 'archiving' | 'deleting';
  status?: 'deleted';
  release?: [name: string, message: string];
  ard?: string | null;
  crds?: string[];
  mutualTls?: boolean;
}

export type SpecSource = { file: string; type?: 'other' } | { api: Omit<CrudSpecInput, 'pretty'> } | { github: true };

export interface ProductDef {
  key: string;
  title?: string;
  description: string;
  tags: string[];
  categories: string[];
  source: SpecSource;
  contact: ContactKey;
  /** Days before the seed epoch the product was first published. */
  age: number;
  /** Version labels oldest first; the last is the active one (default: the spec's version). */
  versions?: string[];
  status?: 'warning' | 'error';
  visibility?: 'authenticated' | 'restricted' | 'restrictedExcluded' | 'restrictedTags';
  visibilityTeamIds?: string[];
  visibilityTeamTags?: string[];
  icon?: [monogram: string, from: string, to: string];
  stage?: string;
  release?: [name: string, message: string];
  ard?: string | null;
  crds?: string[];
  mutualTls?: boolean;
  readOnly?: boolean;
  extras?: ExtraResource[];
  canReview?: boolean;
  canSubscribe?: boolean;
  /** Endpoints for formats that carry none (GraphQL SDL). */
  endpoints?: Array<{ url: string; description: string }>;
}

const api = (title: string, host: string, version: string, description: string, entities: EntitySpec[], openapi?: '3.1.0'): { api: Omit<CrudSpecInput, 'pretty'> } =>
  ({ api: { title, host, version, description, entities, ...(openapi ? { openapi } : {}) } });

export const PRODUCTS: ProductDef[] = [
  // ------------------------------------------------------------- hand-written specifications
  {
    key: 'payments', description: 'Accept card and wallet payments, refund them, pay out to bank accounts and handle disputes.',
    tags: ['payments', 'cards', 'refunds', 'payouts', 'featured'], categories: ['cat-payments', 'cat-cards'],
    source: { file: 'payments.oas3.yaml' }, contact: 'payments', age: 380, versions: ['1.4.0', '2.8.0', '3.2.0'],
    icon: ['Pay', '#3b3fd8', '#8b5cf6'], stage: 'stage-production', release: ['active', 'Generally available since March 2025.'],
    ard: 'ard-payments', crds: ['crd-oauth', 'crd-apikey'],
    extras: [
      { key: 'sandbox', title: 'Payments API (sandbox)', spec: 'same', stage: 'stage-sandbox', release: ['prerelease', 'The sandbox already runs 3.3 (preview of instant payouts).'], ard: 'ard-standard', crds: ['crd-apikey'] },
      { key: 'compat', title: 'Charges compatibility layer', spec: 'same', asset: 'second', state: 'archived', release: ['deprecated', 'Use /payments instead of /charges: the compatibility layer stops on 31 December 2025.'], ard: 'ard-standard', crds: ['crd-apikey'] },
    ],
  },
  {
    key: 'petstore', description: 'The classic pet shop API: pets, orders and customers. A friendly Swagger 2.0 playground.',
    tags: ['pets', 'demo', 'swagger'], categories: ['cat-developer', 'cat-commerce'],
    source: { file: 'petstore.oas2.json' }, contact: 'developer', age: 500, versions: ['0.9.0', '1.0.7'],
    icon: ['Pet', '#f76707', '#ffa94d'], stage: 'stage-sandbox', ard: 'ard-standard', crds: ['crd-apikey'],
  },
  {
    key: 'shipping', description: 'Compare carrier rates, buy labels, book pickups and track parcels, with webhooks for every scan.',
    tags: ['shipping', 'tracking', 'webhooks', 'logistics'], categories: ['cat-shipping'],
    source: { file: 'shipping.oas31.yaml' }, contact: 'commerce', age: 200, versions: ['1.9.0', '2.1.0'],
    icon: ['Ship', '#1c7ed6', '#4dabf7'], stage: 'stage-production', ard: 'ard-standard', crds: ['crd-oauth'],
    extras: [{ key: 'labels-v1', title: 'Label printing (v1)', spec: 'same', state: 'archiving', release: ['deprecated', 'Label printing moves into /shipments; this resource is being archived.'] }],
  },
  {
    key: 'iot-telemetry', description: 'Real-time telemetry from connected sensors and commands back to devices over MQTT.',
    tags: ['iot', 'mqtt', 'telemetry', 'events'], categories: ['cat-iot'],
    source: { file: 'iot-telemetry.asyncapi.yaml' }, contact: 'iot', age: 150,
    icon: ['IoT', '#1c7ed6', '#15aabf'], stage: 'stage-production', release: ['experimental', 'MQTT 5 shared subscriptions are experimental.'],
    ard: 'ard-standard', crds: ['crd-mtls', 'crd-basic'],
  },
  {
    key: 'order-events', description: 'Every state change of every order as CloudEvents on Kafka: created, paid, shipped, delivered, refunded.',
    tags: ['orders', 'kafka', 'events', 'cloudevents'], categories: ['cat-commerce', 'cat-iot'],
    source: { file: 'order-events.asyncapi3.yaml' }, contact: 'commerce', age: 90, versions: ['1.3.0', '2.0.0'],
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-basic'],
  },
  {
    key: 'storefront', description: 'Headless commerce over GraphQL: products, collections, carts and checkout in one query.',
    tags: ['graphql', 'storefront', 'headless', 'featured'], categories: ['cat-commerce'],
    source: { file: 'storefront.graphql' }, contact: 'commerce', age: 120,
    icon: ['GQL', '#e64980', '#f783ac'], stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey', 'crd-oauth'],
    endpoints: [
      { url: 'https://sandbox.storefront.agora.test/graphql', description: 'Sandbox' },
      { url: 'https://api.storefront.agora.test/graphql', description: 'Production' },
    ],
  },
  {
    key: 'fx-rates', title: 'FX Rates (SOAP)', description: 'Spot, reference and historical foreign exchange rates, and conversion, over SOAP 1.1 and 1.2.',
    tags: ['fx', 'currency', 'soap'], categories: ['cat-finance', 'cat-legacy'],
    source: { file: 'fx-rates.wsdl' }, contact: 'legacy', age: 700, versions: ['2017.1', '2019.2'], stage: 'stage-production', crds: ['crd-basic'],
  },
  {
    key: 'inventory', title: 'Inventory gRPC', description: 'Stock levels, reservations and replenishment across warehouses over gRPC, with live stock streams.',
    tags: ['grpc', 'inventory', 'protobuf'], categories: ['cat-inventory'],
    source: { file: 'inventory.proto' }, contact: 'commerce', age: 60, stage: 'stage-staging', release: ['prerelease', 'Beta: the streaming calls may change before 1.0.'],
    ard: 'ard-standard', crds: ['crd-mtls'],
  },
  {
    key: 'legacy-billing', title: 'Legacy Billing (RAML)', description: 'The billing system of record before the Payments API, read-only for reconciliation.',
    tags: ['billing', 'raml', 'legacy'], categories: ['cat-legacy'], status: 'error',
    source: { file: 'legacy-billing.raml', type: 'other' }, contact: 'legacy', age: 900, ard: null, crds: [],
    release: ['deprecated', 'Retired at the end of the year; use the Payments API.'],
  },
  {
    key: 'github-rest', title: 'GitHub REST', description: 'GitHub’s public REST API description (hundreds of operations): repositories, issues, pull requests, actions and more.',
    tags: ['github', 'git', 'devops', 'large'], categories: ['cat-devops'],
    source: { github: true }, contact: 'developer', age: 30, readOnly: true, ard: null, crds: [],
    icon: ['GH', '#24292f', '#57606a'], stage: 'stage-production',
  },
  // ------------------------------------------------------------- generated resource APIs
  {
    key: 'card-issuing', description: 'Issue virtual and physical cards, set spending controls and approve authorisations in real time.',
    tags: ['cards', 'issuing', 'spend-controls'], categories: ['cat-cards'], contact: 'payments', age: 110, versions: ['1.0.0', '1.1.0'],
    source: api('Card Issuing', 'cards', '1.1.0', 'Issue cards to your employees or customers and control every authorisation.', [
      { name: 'Card', fields: 'holderName:string=Ada Lovelace,brand:enum(visa|mastercard)=visa,type:enum(virtual|physical)=virtual,status:enum(active|frozen|cancelled)=active,last4?:string=4242,spendLimit:int=50000,currency:string=usd,expiresOn?:date=2028-05-31', actions: ['freeze', 'unfreeze'] },
      { name: 'Cardholder', fields: 'name:string=Ada Lovelace,email:email,phone?:string=+15555550123,country:string=US,status:enum(active|blocked)=active' },
      { name: 'Authorization', readOnly: true, fields: 'card:string=card_01HF,amount:int=1299,currency:string=usd,merchant:string=Coffee Corner,mcc:string=5814,status:enum(pending|approved|declined)=approved,createdAt:datetime', actions: ['approve', 'decline'] },
    ]),
    icon: ['Card', '#5f3dc4', '#9775fa'], stage: 'stage-production', ard: 'ard-payments', crds: ['crd-oauth'],
  },
  {
    key: 'open-banking', description: 'Read account balances and transactions with the customer’s consent, and initiate payments (PSD2).',
    tags: ['open-banking', 'psd2', 'accounts'], categories: ['cat-banking'], contact: 'payments', age: 240,
    source: api('Open Banking Accounts', 'openbanking', '3.1.0', 'Account information and payment initiation for regulated third parties.', [
      { name: 'Consent', fields: 'permissions:string=ReadAccountsDetail ReadBalances,expiresAt:datetime,status:enum(awaiting_authorisation|authorised|rejected|revoked)=authorised', actions: ['revoke'] },
      { name: 'Account', readOnly: true, fields: 'iban:string=GB33BUKB20201555555555,currency:string=GBP,nickname?:string=Bills,type:enum(personal|business)=personal' },
      { name: 'Balance', readOnly: true, fields: 'account:string=acc_01H,amount:number=1520.33,currency:string=GBP,type:enum(available|booked)=available' },
      { name: 'Transaction', readOnly: true, fields: 'account:string=acc_01H,amount:number=-23.5,currency:string=GBP,description:string=Grocery store,bookedAt:datetime,status:enum(booked|pending)=booked' },
      { name: 'StandingOrder', fields: 'account:string=acc_01H,amount:number=500,currency:string=GBP,frequency:enum(weekly|monthly|yearly)=monthly,nextPaymentOn:date,reference:string=Rent' },
    ], '3.1.0'),
    stage: 'stage-production', ard: 'ard-payments', crds: ['crd-oauth', 'crd-mtls'],
  },
  {
    key: 'fraud-signals', description: 'Score payments, sign-ups and log-ins for fraud risk and act on the result. Scoring latency is degraded this week.',
    tags: ['fraud', 'risk', 'machine-learning'], categories: ['cat-payments', 'cat-identity'], status: 'warning', contact: 'identity', age: 75,
    source: api('Fraud Signals', 'fraud', '1.2.0', 'Real-time risk scores from device, network and behaviour signals.', [
      { name: 'Assessment', fields: 'event:enum(payment|signup|login)=payment,amount?:int=2599,email?:email,ip:string=203.0.113.7,deviceId?:string=dev_8c2,score?:number=0.12,decision?:enum(allow|review|block)=allow' },
      { name: 'Rule', fields: 'name:string=High value from new device,expression:string=amount > 100000 and device.age < 1d,action:enum(allow|review|block)=review,enabled:bool=true' },
      { name: 'BlocklistEntry', path: 'blocklist', fields: 'type:enum(email|ip|card|device)=ip,value:string=198.51.100.23,reason?:string=Chargebacks,expiresAt?:datetime' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey'],
  },
  {
    key: 'returns', title: 'Returns & Refunds', description: 'Let shoppers start returns online, print labels and get refunded when the parcel is scanned.',
    tags: ['returns', 'refunds', 'logistics'], categories: ['cat-shipping', 'cat-commerce'], contact: 'commerce', age: 45,
    source: api('Returns & Refunds', 'returns', '1.0.0', 'Self-service returns with carrier labels and automatic refunds.', [
      { name: 'ReturnRequest', path: 'returns', fields: 'orderId:string=ord_20250115_0042,reason:enum(damaged|wrong_item|not_as_described|changed_mind)=changed_mind,items:string=TEE-BLK-M x1,status:enum(requested|approved|rejected|received|refunded)=requested', actions: ['approve', 'reject'] },
      { name: 'ReturnLabel', path: 'labels', readOnly: true, fields: 'returnId:string=ret_01H,carrier:string=dpd,trackingNumber:string=15502360442178,labelUrl:uri' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey'],
  },
  {
    key: 'product-catalog', description: 'Products, variants and price lists for every channel, with bulk updates.',
    tags: ['catalog', 'pim', 'pricing'], categories: ['cat-commerce'], contact: 'commerce', age: 330, versions: ['1.0.0', '2.0.0', '2.3.0'],
    source: api('Product Catalog', 'catalog', '2.3.0', 'The product information hub of the shop.', [
      { name: 'Product', fields: 'sku:string=TEE-BLK,title:string=Black T-shirt,description?:string=Organic cotton,status:enum(draft|active|archived)=active,brand?:string=Acme' },
      { name: 'Variant', fields: 'productSku:string=TEE-BLK,sku:string=TEE-BLK-M,size?:string=M,color?:string=black,price:number=19.5,stock?:int=120' },
      { name: 'PriceList', fields: 'name:string=Wholesale EU,currency:string=EUR,discountPercent:number=15,active:bool=true' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey'],
  },
  {
    key: 'loyalty', title: 'Loyalty Points', description: 'Reward customers with points, tiers and redeemable rewards.',
    tags: ['loyalty', 'rewards', 'customers'], categories: ['cat-commerce'], contact: 'commerce', age: 15,
    source: api('Loyalty Points', 'loyalty', '1.0.0', 'Points, tiers and rewards for your customers.', [
      { name: 'Member', fields: 'email:email,name:string=Jenny Rosen,tier:enum(bronze|silver|gold)=silver,points:int=1240' },
      { name: 'PointsTransaction', path: 'points', fields: 'member:string=mem_01H,points:int=150,reason:enum(purchase|referral|redemption|adjustment)=purchase,orderId?:string=ord_1042' },
      { name: 'Reward', fields: 'title:string=Free shipping,cost:int=500,stock?:int=1000,active:bool=true', actions: ['redeem'] },
    ]),
    stage: 'stage-sandbox', ard: 'ard-standard', crds: ['crd-apikey'],
  },
  {
    key: 'sms', title: 'SMS Messaging', description: 'Send and receive SMS in 190 countries with delivery receipts and opt-out handling.',
    tags: ['sms', 'messaging', 'notifications', 'featured'], categories: ['cat-messaging'], contact: 'messaging', age: 260, versions: ['1.0.0', '2.0.0'],
    source: api('SMS Messaging', 'sms', '2.0.0', 'Programmable SMS with delivery receipts.', [
      { name: 'Message', fields: 'to:string=+447700900123,from:string=AGORA,body:string=Your code is 482913,status?:enum(queued|sent|delivered|failed)=queued,segments?:int=1', actions: ['cancel'] },
      { name: 'SenderId', path: 'sender-ids', fields: 'value:string=AGORA,country:string=GB,status:enum(pending|approved|rejected)=approved' },
      { name: 'OptOut', path: 'opt-outs', fields: 'phone:string=+447700900456,keyword:string=STOP,createdAt?:datetime' },
    ]),
    icon: ['SMS', '#0ca678', '#38d9a9'], stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey'],
    extras: [{ key: 'retiring', title: 'SMS v1 (retiring)', spec: 'same', state: 'deleting', release: ['deprecated', 'SMS v1 is being removed.'] }],
  },
  {
    key: 'email', title: 'Transactional Email', description: 'Send receipts, password resets and alerts with templates, domain verification and suppression lists.',
    tags: ['email', 'messaging', 'templates'], categories: ['cat-messaging'], contact: 'messaging', age: 210,
    source: api('Transactional Email', 'mail', '1.6.0', 'Deliverable transactional e-mail.', [
      { name: 'Email', path: 'emails', fields: 'to:email,subject:string=Your receipt,template?:string=receipt,html?:string=<p>Thanks!</p>,status?:enum(queued|sent|bounced|opened)=queued' },
      { name: 'Template', fields: 'name:string=receipt,subject:string=Your receipt from {{shop}},html:string=<h1>Thanks</h1>,version?:int=3' },
      { name: 'Domain', fields: 'name:string=mail.example.com,status:enum(pending|verified|failed)=verified,dkim?:bool=true', actions: ['verify'] },
      { name: 'Suppression', fields: 'email:email,reason:enum(bounce|complaint|unsubscribe)=bounce' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey'],
    extras: [{ key: 'templates-legacy', title: 'Email templates API', spec: 'same', status: 'deleted', release: ['archived', 'Templates moved into the main Email API.'] }],
  },
  {
    key: 'push', title: 'Push Notifications', description: 'Reach iOS, Android and web users with targeted push notifications and topics.',
    tags: ['push', 'mobile', 'notifications'], categories: ['cat-messaging'], contact: 'messaging', age: 170,
    source: api('Push Notifications', 'push', '1.3.0', 'Push to devices and topics.', [
      { name: 'Notification', fields: 'title:string=Your order shipped,body:string=Track it in the app,topic?:string=orders,deviceToken?:string=fcm_abc,priority:enum(normal|high)=normal' },
      { name: 'DeviceToken', path: 'devices', fields: 'token:string=fcm_abc,platform:enum(ios|android|web)=android,userId?:string=u_123' },
      { name: 'Topic', fields: 'name:string=orders,description?:string=Order updates' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey', 'crd-oauth'],
  },
  {
    key: 'fleet', title: 'Fleet Management', description: 'Vehicles, drivers, trips and geofences for delivery fleets.',
    tags: ['fleet', 'telematics', 'geofencing'], categories: ['cat-iot', 'cat-geo'], contact: 'iot', age: 140,
    source: api('Fleet Management', 'fleet', '1.1.0', 'Telematics for delivery fleets.', [
      { name: 'Vehicle', fields: 'plate:string=LD21 ABC,model:string=e-Transit,status:enum(active|maintenance|retired)=active,odometerKm?:int=18234' },
      { name: 'Driver', fields: 'name:string=Jo Bloggs,licence:string=BLOGG801015J99AB,phone?:string=+447700900789' },
      { name: 'Trip', readOnly: true, fields: 'vehicle:string=veh_01H,driver:string=drv_01H,startedAt:datetime,endedAt?:datetime,distanceKm:number=42.7' },
      { name: 'Geofence', fields: 'name:string=Depot,latitude:number=53.7997,longitude:number=-1.5492,radiusM:int=250' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey'],
  },
  {
    key: 'weather', title: 'Weather Forecast', description: 'Hourly and 14-day forecasts, current observations and severe weather alerts for any coordinate.',
    tags: ['weather', 'forecast', 'climate', 'featured'], categories: ['cat-weather'], contact: 'data', age: 300, versions: ['2.0.0', '3.0.0', '3.4.0'],
    source: api('Weather Forecast', 'weather', '3.4.0', 'Forecasts and observations from 40,000 stations.', [
      { name: 'Forecast', readOnly: true, fields: 'latitude:number=48.8566,longitude:number=2.3522,date:date,tempMinC:number=11.2,tempMaxC:number=19.8,precipitationMm:number=0.4,condition:enum(clear|cloudy|rain|snow|storm)=cloudy' },
      { name: 'Observation', readOnly: true, fields: 'station:string=LFPG,observedAt:datetime,temperatureC:number=16.1,humidity:int=71,windKph:number=14' },
      { name: 'WeatherAlert', path: 'alerts', readOnly: true, fields: 'area:string=Île-de-France,severity:enum(minor|moderate|severe|extreme)=moderate,event:string=Thunderstorms,startsAt:datetime,endsAt:datetime' },
    ]),
    icon: ['Wx', '#1971c2', '#74c0fc'], stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey'],
    extras: [{ key: 'sandbox', title: 'Weather Forecast (sandbox)', spec: 'same', stage: 'stage-sandbox', release: ['mocked', 'Answers with recorded data from 2024.'] }],
  },
  {
    key: 'geocoding', description: 'Turn addresses into coordinates and back, with autocomplete and address validation.',
    tags: ['maps', 'geocoding', 'addresses'], categories: ['cat-geo'], contact: 'data', age: 280,
    source: api('Geocoding', 'geo', '2.2.0', 'Forward and reverse geocoding worldwide.', [
      { name: 'Place', readOnly: true, fields: 'label:string=10 Downing St London,latitude:number=51.5034,longitude:number=-0.1276,country:string=GB,confidence:number=0.98' },
      { name: 'AddressValidation', path: 'address-validations', fields: 'address:string=10 Downing Street London,country:string=GB,valid?:bool=true,normalized?:string=10 Downing Street London SW1A 2AA' },
      { name: 'Suggestion', path: 'autocomplete', readOnly: true, fields: 'text:string=10 Downing,label:string=10 Downing Street London' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey'],
  },
  {
    key: 'routing', title: 'Route Planner', description: 'Fastest routes, distance matrices and isochrones for cars, bikes and trucks.',
    tags: ['maps', 'routing', 'logistics'], categories: ['cat-routing'], contact: 'data', age: 95,
    source: api('Route Planner', 'routing', '1.4.0', 'Routing for every mode of transport.', [
      { name: 'Route', fields: 'origin:string=51.5034 -0.1276,destination:string=48.8566 2.3522,mode:enum(car|truck|bike|walk)=car,distanceKm?:number=459.8,durationMin?:int=402' },
      { name: 'Matrix', path: 'matrices', fields: 'origins:string=51.50 -0.12;51.45 -0.97,destinations:string=48.85 2.35,mode:enum(car|truck)=truck' },
      { name: 'Isochrone', fields: 'center:string=51.5034 -0.1276,minutes:int=30,mode:enum(car|bike|walk)=bike' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey'],
  },
  {
    key: 'analytics-export', description: 'Schedule exports of your marketplace analytics to S3, BigQuery or CSV.',
    tags: ['analytics', 'export', 'data'], categories: ['cat-data'], contact: 'data', age: 55,
    source: api('Analytics Export', 'analytics', '1.0.0', 'Bulk exports of analytics datasets.', [
      { name: 'Export', fields: 'dataset:string=transactions,format:enum(csv|parquet|json)=parquet,destination:uri=s3://acme-exports/agora/,status?:enum(queued|running|done|failed)=queued' },
      { name: 'Dataset', readOnly: true, fields: 'name:string=transactions,rows:int=1834221,updatedAt:datetime' },
      { name: 'Schedule', fields: 'dataset:string=transactions,cron:string=0 3 * * *,format:enum(csv|parquet|json)=csv,enabled:bool=true' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-oauth'],
  },
  {
    key: 'ci-pipelines', title: 'CI Pipelines', description: 'Trigger builds, follow runs and download artifacts from your CI.',
    tags: ['ci', 'devops', 'builds'], categories: ['cat-devops'], contact: 'developer', age: 185,
    source: api('CI Pipelines', 'ci', '2.0.0', 'Continuous integration as an API.', [
      { name: 'Pipeline', fields: 'name:string=web-app,repository:uri=https://git.agora.test/acme/web-app,branch:string=main,status:enum(idle|running|failed|passed)=passed' },
      { name: 'Run', fields: 'pipeline:string=pip_01H,commit:string=9fceb02,status:enum(queued|running|failed|passed|cancelled)=running,startedAt?:datetime', actions: ['cancel', 'retry'] },
      { name: 'Artifact', readOnly: true, fields: 'run:string=run_01H,name:string=dist.tar.gz,sizeBytes:int=1834221,url:uri' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-oauth', 'crd-apikey'],
  },
  {
    key: 'feature-flags', description: 'Ship behind flags: targeting rules, gradual rollouts and instant kill switches.',
    tags: ['feature-flags', 'devops', 'experiments'], categories: ['cat-developer'], contact: 'developer', age: 20,
    source: api('Feature Flags', 'flags', '0.9.0', 'Flags, segments and environments.', [
      { name: 'Flag', fields: 'key:string=new-checkout,description?:string=The one-page checkout,enabled:bool=false,rolloutPercent:int=10', actions: ['toggle'] },
      { name: 'Segment', fields: 'name:string=Beta testers,rule:string=email ends with @acme.test' },
      { name: 'Environment', fields: 'name:string=production,color?:string=#c92a2a' },
    ]),
    stage: 'stage-sandbox', release: ['experimental', 'Early access: breaking changes are announced a week ahead.'], ard: 'ard-standard', crds: ['crd-apikey'],
  },
  {
    key: 'identity', title: 'Identity & SSO', description: 'Users, groups and single sign-on applications, with session management. Mutual TLS required.',
    tags: ['identity', 'sso', 'oidc', 'scim'], categories: ['cat-identity'], contact: 'identity', age: 340, versions: ['1.0.0', '2.0.0'],
    source: api('Identity & SSO', 'identity', '2.0.0', 'Directory and single sign-on.', [
      { name: 'User', fields: 'email:email,givenName:string=Ada,familyName:string=Lovelace,status:enum(active|suspended|deprovisioned)=active', actions: ['suspend'] },
      { name: 'Group', fields: 'name:string=Engineering,description?:string=All engineers' },
      { name: 'SsoApplication', path: 'applications', fields: 'name:string=Wiki,protocol:enum(oidc|saml)=oidc,redirectUri:uri=https://wiki.acme.test/callback' },
      { name: 'Session', readOnly: true, fields: 'user:string=usr_01H,ip:string=203.0.113.7,startedAt:datetime,lastSeenAt:datetime', actions: ['revoke'] },
    ]),
    icon: ['ID', '#2b8a3e', '#69db7c'], stage: 'stage-production', mutualTls: true, ard: 'ard-payments', crds: ['crd-mtls', 'crd-oauth'],
  },
  {
    key: 'kyc', title: 'KYC Verification', description: 'Verify identities with document checks, liveness and watch-list screening.',
    tags: ['kyc', 'compliance', 'identity'], categories: ['cat-identity'], contact: 'identity', age: 130,
    source: api('KYC Verification', 'kyc', '1.5.0', 'Know-your-customer checks in one API.', [
      { name: 'Verification', fields: 'reference:string=cust-1042,type:enum(document|liveness|full)=full,status?:enum(pending|approved|declined|review)=pending,country:string=FR' },
      { name: 'IdentityDocument', path: 'documents', fields: 'verification:string=ver_01H,kind:enum(passport|id_card|driving_licence)=passport,frontImage:uri,backImage?:uri' },
      { name: 'WatchlistCheck', path: 'watchlist-checks', fields: 'name:string=Jane Doe,birthDate?:date=1980-01-01,hits?:int=0' },
    ]),
    stage: 'stage-production', ard: 'ard-payments', crds: ['crd-oauth'],
    extras: [{ key: 'webhooks', title: 'KYC webhooks (coming soon)', spec: 'empty', release: ['design', 'The webhook contract is being designed; the definition is not published yet.'] }],
  },
  {
    key: 'patient-records', title: 'Patient Records (FHIR)', description: 'Read and write patients, encounters, observations and allergies in a FHIR R4 style.',
    tags: ['fhir', 'health', 'ehr'], categories: ['cat-health'], contact: 'health', age: 230,
    source: api('Patient Records', 'fhir', '4.0.1', 'FHIR R4-style resources for electronic health records.', [
      { name: 'Patient', fields: 'identifier:string=NHS 943 476 5919,givenName:string=Maria,familyName:string=Silva,birthDate:date=1984-03-12,gender:enum(female|male|other|unknown)=female' },
      { name: 'Encounter', fields: 'patient:string=pat_01H,class:enum(ambulatory|emergency|inpatient|virtual)=ambulatory,startedAt:datetime,status:enum(planned|in-progress|finished|cancelled)=finished' },
      { name: 'Observation', fields: 'patient:string=pat_01H,code:string=8867-4,display:string=Heart rate,value:number=72,unit:string=beats/min,effectiveAt:datetime' },
      { name: 'AllergyIntolerance', path: 'allergies', fields: 'patient:string=pat_01H,substance:string=Penicillin,criticality:enum(low|high|unable-to-assess)=high' },
    ]),
    stage: 'stage-production', ard: 'ard-payments', crds: ['crd-oauth', 'crd-mtls'],
  },
  {
    key: 'appointments', description: 'Book, move and cancel appointments with practitioners and see free slots.',
    tags: ['health', 'scheduling', 'booking'], categories: ['cat-health'], contact: 'health', age: 100,
    source: api('Appointments', 'appointments', '1.2.0', 'Online booking for clinics.', [
      { name: 'Appointment', fields: 'patient:string=pat_01H,practitioner:string=prc_01H,startsAt:datetime,durationMin:int=20,status:enum(booked|arrived|fulfilled|cancelled|noshow)=booked', actions: ['cancel'] },
      { name: 'Practitioner', readOnly: true, fields: 'name:string=Dr. Ana Costa,specialty:string=General practice,languages:string=pt en' },
      { name: 'Slot', readOnly: true, fields: 'practitioner:string=prc_01H,startsAt:datetime,free:bool=true' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-oauth'],
  },
  {
    key: 'pharmacy', title: 'e-Prescriptions', description: 'Send prescriptions to pharmacies and follow dispensing and refills.',
    tags: ['health', 'pharmacy', 'prescriptions'], categories: ['cat-health'], contact: 'health', age: 35,
    source: api('e-Prescriptions', 'rx', '1.0.0', 'Electronic prescriptions.', [
      { name: 'Prescription', fields: 'patient:string=pat_01H,medication:string=Amoxicillin 500 mg,dosage:string=1 capsule 3 times a day,refills:int=1,status:enum(active|dispensed|cancelled)=active' },
      { name: 'Pharmacy', path: 'pharmacies', readOnly: true, fields: 'name:string=Farmácia Central,city:string=São Paulo,open24h:bool=false' },
      { name: 'Refill', fields: 'prescription:string=rx_01H,requestedAt:datetime,status:enum(requested|ready|collected)=requested' },
    ]),
    stage: 'stage-staging', release: ['prerelease', 'Pilot with selected pharmacies in São Paulo.'], ard: 'ard-standard', crds: ['crd-oauth'],
  },
  // ------------------------------------------------------------- visibility showcases
  {
    key: 'partner-pricing', description: 'Net prices and discount rules for partners. Visible only to teams tagged “partner”.',
    tags: ['partners', 'pricing'], categories: ['cat-finance'], contact: 'payments', age: 65,
    visibility: 'restrictedTags', visibilityTeamTags: [SPECIAL_TAG],
    source: api('Partner Pricing', 'partners', '1.0.0', 'Partner price sheets.', [
      { name: 'PriceSheet', fields: 'name:string=2025 EMEA,currency:string=EUR,validFrom:date=2025-01-01' },
      { name: 'Discount', fields: 'sku:string=TEE-BLK,percent:number=22.5,minQuantity:int=100' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey'],
  },
  {
    key: 'internal-hr', title: 'Employee Directory', description: 'People, departments and reporting lines. Restricted to the Platform Engineering team.',
    tags: ['hr', 'directory', 'internal'], categories: ['cat-workplace'], contact: 'identity', age: 50,
    visibility: 'restricted', visibilityTeamIds: [TEAM.acmePlatform],
    source: api('Employee Directory', 'people', '1.0.0', 'Who works where.', [
      { name: 'Employee', readOnly: true, fields: 'name:string=Ada Lovelace,email:email,title:string=Staff engineer,department:string=Engineering' },
      { name: 'Department', readOnly: true, fields: 'name:string=Engineering,head:string=emp_01H' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-oauth'],
  },
  {
    key: 'beta-labs', title: 'Beta Labs: Vision AI', description: 'Image labelling and OCR models in beta. Open to everyone except the Globex Developers team.',
    tags: ['ai', 'vision', 'ocr', 'beta'], categories: ['cat-data'], contact: 'data', age: 10,
    visibility: 'restrictedExcluded', visibilityTeamIds: [TEAM.globexDev],
    source: api('Vision AI', 'vision', '0.3.0', 'Image labelling and OCR.', [
      { name: 'ImageAnalysis', path: 'analyses', fields: 'imageUrl:uri=https://example.com/receipt.jpg,features:enum(labels|ocr|faces)=ocr,status?:enum(queued|done|failed)=done' },
      { name: 'Model', readOnly: true, fields: 'name:string=ocr-receipts-v3,accuracy:number=0.972' },
    ]),
    stage: 'stage-sandbox', release: ['experimental', 'Models change weekly.'], ard: 'ard-standard', crds: ['crd-apikey'],
  },
  {
    key: 'market-insights', description: 'Market indicators and monthly sector reports. Visible to signed-in users only.',
    tags: ['markets', 'reports', 'data'], categories: ['cat-data', 'cat-finance'], contact: 'data', age: 25,
    visibility: 'authenticated',
    source: api('Market Insights', 'markets', '1.1.0', 'Indicators and reports.', [
      { name: 'Indicator', readOnly: true, fields: 'code:string=CPI-EU,name:string=Consumer price index (EU),value:number=2.4,period:string=2025-04' },
      { name: 'Report', readOnly: true, fields: 'title:string=Retail in Q1,sector:enum(retail|energy|tech|health)=retail,publishedOn:date,pdfUrl:uri' },
    ]),
    stage: 'stage-production', ard: 'ard-standard', crds: ['crd-apikey'],
  },
];

// The business constants of the specification (§9 of each document), named once.
// Both halves import them: the server enforces what the screens show.

export const APP_VERSION = '0.268.0';
export const DEFAULT_SITE_NAME = 'Marketplace';

// Locales
export const LOCALES = ['en-US', 'fr-FR', 'pt-BR', 'de-DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const LOCALE_COOKIE = 'agora-locale';
export const LOCALE_COOKIE_DAYS = 365;

// Paging
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [5, 10, 20, 30, 50] as const;
export const GO_TO_PAGE_MAX_CHARS = 5;
export const SEARCH_PAGE_SIZE = 10;
export const RESULT_PAGE_SIZE = 10;
export const ALL_RESULTS_PER_GROUP = 25;
export const CATEGORY_PAGE_SIZE = 20;
export const PRODUCT_PAGE_SIZE = 10;
export const SELECTOR_PAGE_SIZE = 10;
export const PLANS_PAGE_SIZE = 100;
export const DOCUMENTS_MIN_PAGE_SIZE = 1;
export const DOCUMENTS_MAX_PAGE_SIZE = 50;
export const VERSIONS_LIMIT_ALL = 50;
export const VERSIONS_LIMIT_LATEST = 1;
export const ACCESS_REQUESTS_PAGE_SIZE = 100;
export const CREDENTIALS_RESOURCE_PAGE_SIZE = 100;
export const CREDENTIALS_APPLICATION_PAGE_SIZE = 10;
export const CREDENTIAL_RESOURCES_PAGE_SIZE = 10;
export const APPLICATIONS_PAGE_SIZE = 10;
export const PROFILES_PAGE_SIZE = 10;
export const REVIEWS_PAGE_SIZE = 10;
export const TRAFFIC_PAGE_SIZE = 10;
export const LOAD_MORE_EVERY_PAGES = 4;
export const INFINITE_SCROLL_THRESHOLD_PX = 30;
/** The server never returns more than this many items in one page. */
export const MAX_PAGE_LIMIT = 100;

// Home and carousel
export const FEATURED_CATEGORIES = 5;
export const RECENT_PRODUCTS = 10;
export const FEATURED_GRID_MAX_COLUMNS = 5;
export const FEATURED_GRID_BREAKPOINTS = [592, 948, 1280] as const;
/** Carousel: [max window width, items]; wider than the last bound shows CAROUSEL_MAX_ITEMS. */
export const CAROUSEL_WIDTHS: ReadonlyArray<readonly [number, number]> = [
  [1280, 1],
  [1762, 2],
  [2160, 3],
  [2758, 4],
  [3356, 5],
  [3954, 6],
];
export const CAROUSEL_MAX_ITEMS = 7;
export const CAROUSEL_ITEMS_BEFORE_MEASURE = 3;

// Search
export const SEARCH_MAX_LENGTH = 1000;
export const FILTER_SEARCH_MAX_LENGTH = 50;
export const MAX_ADVANCED_TERMS = 20;

// Ratings and reviews
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_STEP = 0.5;
export const REVIEW_CHAR_LIMITS = [280, 1000, 4000] as const;
export const REVIEW_TEXTAREA_MAX: Record<number, number> = { 280: 290, 1000: 1050, 4000: 4100 };
export const DEFAULT_REVIEW_CHAR_LIMIT = 280;
export const REVIEW_TITLE_MAX = 100;

// Subscriptions
/** An unsubscribed subscription (state archiving) is archived by a job this long after the request. */
export const SUBSCRIPTION_ARCHIVE_DELAY_MS = 1000;
/** Pending items of the provider's approvals queue per page, by default. */
export const APPROVALS_PAGE_SIZE = 10;
/** Page sizes of the subscriptions list (spec 3 §9: from 10). */
export const SUBSCRIPTION_PAGE_SIZES = [10, 20, 30, 50] as const;

// Quotas and prices
export const UNLIMITED_THRESHOLD = 999_999_999;
export const UNLIMITED_LIMIT = -1;
export const APPROACHING_USAGE_RATIO = 0.75;
export const DEFAULT_CURRENCY = 'USD';
export const PRICE_MAX_FRACTION_DIGITS = 2;
export const QUOTA_INTERVALS = ['minute', 'hourly', 'daily', 'weekly', 'monthly', 'annually'] as const;
export type QuotaInterval = (typeof QUOTA_INTERVALS)[number];

// Billing (issue 11; the spec gives no value: ours)
/** An invoice is due this many days after its invoice date, then pastDue. */
export const INVOICE_DUE_DAYS = 30;
/** Invoice statuses (spec 3 §4, §9). */
export const INVOICE_STATUSES = ['draft', 'open', 'incomplete', 'pastDue', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Statuses of an invoice still to be paid: they block access requests under a paid plan (spec 3 §2.1). */
export const PENDING_INVOICE_STATUSES = ['open', 'incomplete', 'pastDue'] as const;
/** An invoice's processing state; 'error' ones are counted by the invoices error banner (spec 3 §2.3). */
export const INVOICE_STATES = ['ok', 'error'] as const;

// Names and descriptions
export const NAME_MAX_LENGTH = 350;
export const DESCRIPTION_MAX_LENGTH = 350;
export const SUBSCRIPTION_NAME_MAX_LENGTH = 350;
export const IMAGE_MAX_BYTES = 5_242_880;
/** Spec 2 §5 enforces a profile title limit without giving it; ours. */
export const PROFILE_TITLE_MAX_LENGTH = 100;

// Credentials
export const CREDENTIAL_VISIBILITY_MS = 259_200_000; // 3 days
export const CREDENTIAL_EXPIRING_DAYS = 15;
export const CREDENTIAL_EXPIRY_FILTER_DAYS = [45, 15, 3] as const;
/** A new or rotated credential is provisioned by a job this long after the request (pending meanwhile). */
export const CREDENTIAL_PROVISION_DELAY_MS = 400;
/** A deleted credential (state deleting) is removed by a job this long after the request. */
export const CREDENTIAL_DELETE_DELAY_MS = 1000;
/** The runtime gateway keeps a credential and its access facts this long: a suspend, rotate or
 * delete on another instance takes effect within it (on the same instance at once). */
export const GATEWAY_CREDENTIAL_CACHE_MS = 1000;
/** Lifetime of the access tokens of POST /oauth/token (client_credentials). */
export const OAUTH_TOKEN_TTL_SECONDS = 900;
/** Header of an API-key credential at the runtime gateway. */
export const GATEWAY_API_KEY_HEADER = 'x-api-key';
/** Default header in which a TLS-terminating proxy passes the client certificate (Envoy's). */
export const GATEWAY_MTLS_HEADER_DEFAULT = 'x-forwarded-client-cert';

// Timings (ms)
export const DEBOUNCE_MS = 400;
export const LOADING_DELAY_MS = 250;
export const TOOLTIP_DELAY_MS = 1000;
export const COPY_CONFIRMATION_MS = 3000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const IMAGE_CACHE_MS = 5 * 60_000;
export const SESSION_STALE_MS = 5 * 60_000;
export const LOOKUP_CACHE_MS = 5 * 60_000;
export const ACTIVE_SUBSCRIPTION_CACHE_MS = 10_000;
export const USAGE_SUMMARY_CACHE_MS = 30_000;
export const REFETCH_AFTER_APPLICATION_MS = 1000;
export const REFETCH_AFTER_CREDENTIAL_MS = 1500;
export const NEW_CREDENTIAL_DELAY_MS = 1000;
export const REFETCH_AFTER_ACCESS_REQUEST_DELETE_MS = 2000;
export const REFETCH_AFTER_UNSUBSCRIBE_MS = 1000;
export const WIZARD_COMPLETION_DELAY_MS = 500;
export const INVOICE_POLL_MS = 1000;
export const INVOICE_POLL_MAX = 10;

// Specifications and code viewer
export const LARGE_SPEC_BYTES = 150_000;
export const CODE_VIEWER_FIRST_LINES = 100;
export const CODE_VIEWER_MORE_LINES = 50;
export const CODE_VIEWER_LANGUAGES = [
  'json', 'xml', 'yaml', 'java', 'typescript', 'javascript', 'js', 'markdown',
  'proto', 'python', 'html', 'rust', 'go', 'csharp', 'bash', 'php', 'ruby',
] as const;

// Traffic and assistant
export const MAX_COUNTED_TRANSACTIONS = 1000;
export const AI_HISTORY_MESSAGES = 20;
export const AI_PART_CHARS = 150;
export const AI_REVEAL_WORDS_PER_SECOND = 200;
export const AI_STREAM_REVEAL_WORDS_PER_SECOND = 14;

// Layout (px)
export const NAV_BREAKPOINT = 991;
export const FILTERS_BREAKPOINT = 1024;
export const DOCS_PANEL_BREAKPOINT = 1200;
export const BREAKPOINTS = [576, 768, 992, 1200, 1400, 1800] as const;
export const SELECT_MENU_Z_INDEX = 10000;

// Gateway: the explorer's try-it calls (server/src/gateway)
export const GATEWAY_TIMEOUT_MS = 30_000;
export const GATEWAY_MAX_REQUEST_BYTES = 5 * 1024 * 1024;
export const GATEWAY_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** `X-Agora-Upstream-Authorization: Bearer x` reaches the upstream as `Authorization: Bearer x`
 * (any header name: the prefix frees the names the portal itself uses). */
export const GATEWAY_UPSTREAM_HEADER_PREFIX = 'x-agora-upstream-';
/** Ids of the caller's application and credential used for the call (recorded with it). */
export const GATEWAY_APPLICATION_HEADER = 'x-agora-application';
export const GATEWAY_CREDENTIAL_HEADER = 'x-agora-credential';
/** One of the resource's endpoints to call instead of its default upstream. */
export const GATEWAY_ENDPOINT_HEADER = 'x-agora-endpoint';
/** Answer header: the id of the recorded transaction. */
export const GATEWAY_TRANSACTION_HEADER = 'x-agora-transaction-id';

// Self-service registration (settings.signup): the rules the register screen shows and the server
// enforces (src/rules/registration.ts)
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;
/** A password of fewer distinct characters ('aaaaaaaaaa', '1212121212') is refused. */
export const PASSWORD_MIN_DISTINCT_CHARS = 5;
export const EMAIL_MAX_LENGTH = 254;
export const DISPLAY_NAME_MAX_LENGTH = 100;
export const ORGANISATION_NAME_MAX_LENGTH = 100;

// Account e-mails (issue 33): how long the links of the verification and password-reset e-mails work.
/** A password-reset link works once, this long. */
export const PASSWORD_RESET_TTL_MINUTES = 30;
/** A verification link works once, this long (a new one can be asked for). */
export const EMAIL_VERIFICATION_TTL_DAYS = 7;

// Webhooks for providers (issue 33).
/** A delivery is retried with exponential back-off for this long, and an endpoint failing this long is disabled. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
/** Deliveries and their answers are kept this long. */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 7;
/** A receiver refuses a signature whose timestamp is further than this from its clock (replays). */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;
/** Events a webhook endpoint may ask for (server/src/schemas/webhooks.ts; the webhooks screen). */
export const WEBHOOK_EVENT_TYPES = [
  'subscription.created', 'credential.created', 'gateway.quota.exceeded',
  'accessRequest.pending', 'accessRequest.decided', 'subscription.pending', 'subscription.decided',
  'review.pending', 'review.published', 'invoice.issued', 'invoice.pastDue', 'invoice.paid',
  'credential.expiring', 'credential.suspended',
] as const;

// Notifications (issue 33): what a user may be told by e-mail, each chosen per user (on by default:
// each is something that waits for them or changed what they use). Every kind is also a webhook
// event of the same name (WEBHOOK_EVENT_TYPES).
/** Kinds a provider Administrator hears of (about the products their organisation provides). */
export const PROVIDER_NOTIFICATION_KINDS = ['accessRequest.pending', 'subscription.pending', 'review.pending', 'review.published'] as const;
/** Kinds a consumer hears of (their requests, invoices and credentials). */
export const CONSUMER_NOTIFICATION_KINDS = [
  'accessRequest.decided', 'subscription.decided', 'invoice.issued', 'invoice.pastDue', 'invoice.paid', 'credential.expiring', 'credential.suspended',
] as const;
export const NOTIFICATION_KINDS = [...PROVIDER_NOTIFICATION_KINDS, ...CONSUMER_NOTIFICATION_KINDS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The owners of a credential are told this many days before it expires. */
export const CREDENTIAL_EXPIRY_NOTICE_DAYS = [7, 1] as const;

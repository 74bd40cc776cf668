// The swr cache keys of every screen beyond the landing route: the landing route's (keys.ts) and
// the rest, one `keys` for the fetchers of src/api/ (kept apart so that the landing route does not
// download them; see keys.ts).
import { keys as landingKeys } from './keys.ts';

export const keys = {
  ...landingKeys,
  // Browse and search (src/api/browse.ts)
  filterCategories: () => ['categories', 'filterTree'] as const,
  stages: () => ['stages'] as const,
  search: (params: object) => ['search', params] as const,
  // Product details and plans (src/api/products.ts)
  product: (productId: string) => ['products', productId] as const,
  productVersions: (productId: string, limit: number) => ['products', productId, 'versions', limit] as const,
  productVersion: (productId: string, versionId: string) => ['products', productId, 'versions', versionId] as const,
  versionOverview: (productId: string, versionId: string) => ['products', productId, 'versions', versionId, 'overview'] as const,
  versionResources: (productId: string, versionId: string, page: number, limit: number) =>
    ['products', productId, 'versions', versionId, 'assetresources', page, limit] as const,
  versionAssets: (productId: string, versionId: string) => ['products', productId, 'versions', versionId, 'assets'] as const,
  versionDocuments: (productId: string, versionId: string) => ['products', productId, 'versions', versionId, 'documents'] as const,
  productPlans: (productId: string) => ['products', productId, 'plans'] as const,
  productPlan: (productId: string, planId: string) => ['products', productId, 'plans', planId] as const,
  planResources: (productId: string, planId: string) => ['products', productId, 'plans', planId, 'resources'] as const,
  // Categories and documents (src/api/categories.ts, documents.ts)
  categoryList: (params: object) => ['categories', 'list', params] as const,
  category: (categoryId: string) => ['categories', categoryId] as const,
  categoryChildren: (categoryId: string) => ['categories', categoryId, 'children'] as const,
  document: (documentId: string) => ['documents', documentId] as const,
  documentText: (documentId: string) => ['documents', documentId, 'data', 'text'] as const,
  documentBlob: (documentId: string) => ['documents', documentId, 'data', 'blob'] as const,
  article: (productId: string, versionId: string, articleId: string) =>
    ['products', productId, 'versions', versionId, 'articles', articleId] as const,
  // The resource page and explorer (src/api/explorer.ts)
  assetResource: (productId: string, versionId: string, resourceId: string) =>
    ['products', productId, 'versions', versionId, 'assetresources', resourceId] as const,
  resourceText: (productId: string, versionId: string, resourceId: string) =>
    ['products', productId, 'versions', versionId, 'assetresources', resourceId, 'data'] as const,
  specIndex: (productId: string, versionId: string, resourceId: string) =>
    ['products', productId, 'versions', versionId, 'assetresources', resourceId, 'spec'] as const,
  specOperation: (productId: string, versionId: string, resourceId: string, ordinal: number) =>
    ['products', productId, 'versions', versionId, 'assetresources', resourceId, 'spec', 'operations', ordinal] as const,
  consoleCredentials: (resourceId: string) => ['credentials', 'console', resourceId] as const,
  resourceCounterpart: (productId: string, versionId: string, sourceResourceId: string) =>
    ['products', productId, 'versions', versionId, 'assetresources', 'source', sourceResourceId] as const,
  // Applications (src/api/applications.ts)
  applications: (query: object) => ['applications', 'list', query] as const,
  application: (applicationId: string) => ['applications', applicationId] as const,
  applicationOwners: () => ['applicationOwners'] as const,
  applicationProfiles: (applicationId: string, query: object) => ['applications', applicationId, 'profiles', 'list', query] as const,
  applicationProfile: (applicationId: string, profileId: string) => ['applications', applicationId, 'profiles', profileId] as const,
  applicationProfileDefinition: (definitionId: string) => ['applicationProfileDefinitions', definitionId] as const,
  applicationResources: (applicationId: string, query: object) => ['applications', applicationId, 'resources', query] as const,
  /** An image of the organisation (bearer token needed), as an object URL. */
  image: (path: string) => ['images', path] as const,
  // Credentials (src/api/credentials.ts)
  credentials: (query: object) => ['credentials', 'list', query] as const,
  credential: (credentialId: string) => ['credentials', credentialId] as const,
  credentialResources: (credentialId: string, page: number, pageSize: number) =>
    ['credentials', credentialId, 'resources', page, pageSize] as const,
  credentialRequestDefinitions: (resourceId: string) => ['credentialRequestDefinitions', resourceId] as const,
  credentialCreateResources: (applicationId: string) => ['credentials', 'create', applicationId, 'resources'] as const,
  credentialCreateApplication: (applicationId: string) => ['credentials', 'create', applicationId] as const,
  // Access requests (src/api/accessRequests.ts)
  accessRequests: (query: object) => ['accessRequests', 'list', query] as const,
  accessRequest: (accessRequestId: string) => ['accessRequests', accessRequestId] as const,
  // Subscriptions as the wizard reads them (src/api/subscriptions.ts)
  subscription: (subscriptionId: string) => ['subscriptions', subscriptionId] as const,
  subscriptionResources: (subscriptionId: string, query: object) => ['subscriptions', subscriptionId, 'resources', query] as const,
  // The subscriptions screens (src/screens/subscriptions/): the list, and a subscription's applications and quota usage
  subscriptions: (query: object) => ['subscriptions', 'list', query] as const,
  subscriptionApplications: (subscriptionId: string, query: object) => ['subscriptions', subscriptionId, 'applications', query] as const,
  subscriptionUsage: (subscriptionId: string) => ['subscriptions', subscriptionId, 'usage'] as const,
  // Subscribing: the side panel's options and the plan's request definition; invoices (src/api/invoices.ts)
  subscriptionOptions: (productId: string, planId: string) => ['subscriptions', 'options', productId, planId] as const,
  subscriptionRequestDefinition: (productId: string, planId: string, definitionId: string) =>
    ['products', productId, 'plans', planId, 'subscriptionRequestDefinitions', definitionId] as const,
  invoices: (query: object) => ['invoices', 'list', query] as const,
  // Reviews of a product (src/api/reviews.ts) and the provider's approvals queue (src/api/approvals.ts)
  reviews: (productId: string, query: object) => ['products', productId, 'reviews', 'list', query] as const,
  ownReview: (productId: string, userId: string) => ['products', productId, 'reviews', 'own', userId] as const,
  approvals: (query: object) => ['approvals', 'list', query] as const,
  // Invitations into the organisation (src/api/invitations.ts)
  invitations: () => ['invitations', 'list'] as const,
  invitationLookup: (code: string) => ['invitations', 'lookup', code] as const,
  // The provider's outbox of e-mails (src/api/account.ts)
  outbox: (query: object) => ['outbox', 'list', query] as const,
  outboxMessage: (id: string) => ['outbox', 'one', id] as const,
  webhooks: () => ['webhooks', 'list'] as const,
  webhookDeliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
  // Consumer insights (src/api/analytics.ts): chart, summaries, transactions, monthly usage, compliance
  analyticsChart: (query: object) => ['analytics', 'chart', query] as const,
  analyticsSummary: (query: object) => ['analytics', 'summary', query] as const,
  analyticsTransactions: (query: object) => ['analytics', 'transactions', query] as const,
  analyticsTransaction: (transactionId: string) => ['analytics', 'transactionDetails', transactionId] as const,
  analyticsUsage: (query: object) => ['analytics', 'usage', query] as const,
  analyticsCompliance: () => ['analytics', 'compliance'] as const,
  notificationSettings: () => ['notificationSettings'] as const,
  // The Request Access wizard (src/screens/wizard/): definitions and the application's profiles
  wizardDefinitions: (definitionIds: readonly string[]) => ['accessRequestDefinitions', 'wizard', definitionIds] as const,
  wizardProfiles: (applicationId: string) => ['applications', applicationId, 'profiles', 'wizard'] as const,
  wizardProfileDefinitions: (definitionIds: readonly string[]) => ['applicationProfileDefinitions', 'wizard', definitionIds] as const,
};

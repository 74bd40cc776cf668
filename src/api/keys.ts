// Every swr cache key. A key is an array; useApiQuery prefixes it with the client's scope (base,
// tenant, locale) and the signed-in user, so neither configurations nor users mix. Invalidate a
// family by its first items: invalidate(['products']) refreshes every product key.
// Here: the keys of what the landing route reads (every portal page loads this module); the keys of
// every other screen are in screenKeys.ts, which spreads these, so that screens' fetchers import
// one `keys` from there.

export const keys = {
  marketplace: () => ['marketplace'] as const,
  features: () => ['features'] as const,
  /** The decoded session of the signed-in user. */
  session: () => ['auth', 'session'] as const,
  // The product list (src/api/catalogue.ts)
  productList: (query: object, page: number, limit: number) => ['products', 'list', query, page, limit] as const,
  // Home (src/api/home.ts)
  featuredCategories: (limit: number) => ['categories', 'featured', limit] as const,
};

export type CacheKey = readonly unknown[];

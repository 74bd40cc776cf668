// Every swr cache key, in one place. A key is an array; useApiQuery prefixes it with the client's
// scope (base, tenant, locale) and the signed-in user, so neither configurations nor users mix.
// Invalidate a family by its first items: invalidate(['products']) refreshes every product key.

export const keys = {
  marketplace: () => ['marketplace'] as const,
  features: () => ['features'] as const,
  /** The decoded session of the signed-in user. */
  session: () => ['auth', 'session'] as const,
};

export type CacheKey = readonly unknown[];

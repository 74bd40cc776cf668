/** Where the explorer sends try-it calls for a resource: its server URL, under this API. */
export const gatewayPath = (apiBase: string, productId: string, versionId: string, resourceId: string) =>
  `${apiBase}/gateway/${encodeURIComponent(productId)}/${encodeURIComponent(versionId)}/${encodeURIComponent(resourceId)}`;

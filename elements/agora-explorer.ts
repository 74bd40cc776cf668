// <agora-explorer product-id="prod-payments" version-id="…" resource-id="res-payments" tab="methods">:
// one API resource of a product (the resource page of the portal): its notices, its definition
// for download, and the explorer of its specification (OpenAPI, AsyncAPI, GraphQL, WSDL,
// protobuf) with the try-it console. version-id defaults to the product's latest version; with
// it, the resource and its index are asked for as soon as the element exists.
import { defineElement } from '../src/elements/define.ts';
import { prefetchExplorer } from '../src/api/prefetch.ts';

defineElement('agora-explorer', () => import('../src/screens/explorer/Resource.tsx'), {
  productId: 'string',
  versionId: 'string',
  resourceId: 'string',
  tab: 'string',
}, { sections: ['explorer'], catalogue: true, prefetch: prefetchExplorer });

// <agora-explorer>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * One API resource of a product (the resource page of the portal): its notices, its definition for
 * download, and the explorer of its specification (OpenAPI, AsyncAPI, GraphQL, WSDL, protobuf) with
 * the try-it console. With version-id, the resource and its index are asked for as soon as the
 * element exists. Pre-renderable (GET /embed/render/agora-explorer: the first screen of its operations).
 * Usage: `<agora-explorer product-id="prod-payments" version-id="…" resource-id="res-payments" tab="methods">`
 * @fires agora-credential-created
 */
defineElement('agora-explorer', () => import('../src/screens/explorer/Resource.tsx'), {
  /** The product of the resource (required). */
  productId: 'string',
  /** The product version. @default the latest version */
  versionId: 'string',
  /** The API resource to explore (required). */
  resourceId: 'string',
  /** methods, credentials or accessRequests. @default "methods" */
  tab: 'string',
}, {
  sections: ['explorer'],
  catalogue: true,
  // The early start's few lines load beside the screen's chunk: pages without an explorer (the
  // landing route) do not download them.
  prefetch: (props, api) => void import('../src/api/prefetch.ts').then((m) => m.prefetchExplorer(props, api), () => undefined),
});

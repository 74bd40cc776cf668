// The heavy viewer chunks, each loaded once: lazily when first drawn, or earlier through
// preloadViewerFor() as soon as the resource's type is known, so the chunk downloads while the
// specification itself is still on its way (no waterfall).
import { lazy } from 'react';
import { withTimeout } from '../../elements/chunks.ts';
import { LARGE_SPEC_BYTES } from '../../rules/constants.ts';
import { preloadCodeViewer } from './LazyCode.tsx';

function once<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | null = null;
  return () => {
    promise ??= load().catch((error: unknown) => {
      promise = null;
      throw error;
    });
    return promise;
  };
}

const loadSwagger = once(() => import('../../viewers/swagger/SwaggerDocument.tsx'));
const loadAsyncApi = once(() => import('../../viewers/asyncapi/AsyncApiViewer.tsx'));
const loadGraphiql = once(() => import('../../viewers/graphiql/GraphiqlViewer.tsx'));

export const SwaggerDocument = lazy(withTimeout(loadSwagger));
export const AsyncApiViewer = lazy(withTimeout(loadAsyncApi));
export const GraphiqlViewer = lazy(withTimeout(loadGraphiql));

export const OPENAPI_TYPES = ['oas2', 'oas3', 'oas3.1'];

/** Whether an OpenAPI description is small enough to be offered whole in Swagger UI too (its
 * second tab; the explorer's own list draws every size). */
export const drawnWhole = (documentBytes: number) => documentBytes < LARGE_SPEC_BYTES;

export function preloadViewerFor(resource: { type: string; specificationSize: number; hasEmptyDefinition: boolean }): void {
  if (resource.hasEmptyDefinition) return;
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  // OpenAPI: the explorer's own list is in the screen's chunk; Swagger UI loads on its tab only,
  // and the highlighter once the list is drawn (OpenApiExplorer), off the first paint's path.
  if (OPENAPI_TYPES.includes(resource.type)) return;
  if (resource.type === 'asyncapi') quiet(loadAsyncApi());
  else if (resource.type === 'graphql') quiet(loadGraphiql());
  else if (resource.type === 'wsdl' || resource.type === 'protobuf') preloadCodeViewer();
}

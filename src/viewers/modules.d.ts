// Module shapes the bundler provides (rollup.config.mjs) or that ship without types.

/** A stylesheet as a string, for a <style> inside a shadow root (cssInline in rollup.config.mjs). */
declare module '*.css?inline' {
  const css: string;
  export default css;
}

declare module 'swagger-ui-react' {
  import type { ComponentType } from 'react';
  const SwaggerUI: ComponentType<Record<string, unknown>>;
  export default SwaggerUI;
}

declare module '@asyncapi/react-component/browser/index.js' {
  import type { ComponentType } from 'react';
  export const AsyncApiComponent: ComponentType<{ schema: string | object; config?: Record<string, unknown> }>;
  const component: ComponentType<{ schema: string | object; config?: Record<string, unknown> }>;
  export default component;
}

// A whole OpenAPI 2/3.x document in Swagger UI (a lazy chunk), for descriptions small enough to
// render at once (large ones go through the explorer's own on-demand list). Swagger UI draws the
// operations and models; the explorer draws the API's info, servers and Authorize panel itself,
// and rewrites every try-it request to the gateway (requestInterceptor). Rendered in a nested
// shadow root with Swagger UI's stylesheet and the provider's colours.
import SwaggerUI from 'swagger-ui-react';
import swaggerCss from 'swagger-ui-react/swagger-ui.css?inline';
import { memo, type ComponentType } from 'react';
import { Isolated } from '../Isolated.tsx';
import { SWAGGER_THEME_CSS } from './theme.ts';

export interface SwaggerRequest {
  url: string;
  method?: string;
  headers: Record<string, string>;
  [key: string]: unknown;
}

export interface SwaggerDocumentProps {
  /** The document as stored (YAML or JSON text). */
  spec: string;
  /** Methods whose try-it is on (empty: off). */
  methods: string[];
  /** Rewrites each try-it request (gateway URL, portal and API credentials). */
  requestInterceptor: (request: SwaggerRequest) => Promise<SwaggerRequest>;
}

interface LayoutProps {
  getComponent: (name: string, container?: boolean) => ComponentType<Record<string, unknown>>;
  specSelectors: { specStr: () => string; loadingStatus: () => string };
}

/** Swagger UI's layout without the info block, servers and authorize button. */
function DocumentLayout({ getComponent, specSelectors }: LayoutProps) {
  const SvgAssets = getComponent('SvgAssets');
  const Operations = getComponent('operations', true);
  const Models = getComponent('Models', true);
  const Webhooks = getComponent('Webhooks', true);
  const Errors = getComponent('errors', true);
  if (!specSelectors.specStr()) return null;
  return (
    <div className="swagger-ui">
      <SvgAssets />
      <Errors />
      <Operations />
      <Webhooks />
      <Models />
    </div>
  );
}

const PLUGINS = [() => ({ components: { AgoraDocumentLayout: DocumentLayout } })];

function SwaggerDocumentView({ spec, methods, requestInterceptor }: SwaggerDocumentProps) {
  return (
    <Isolated css={swaggerCss + SWAGGER_THEME_CSS} name="swagger-ui" className="agora-swagger">
      {/* Swagger UI reads its options once: a change of the allowed methods remounts it. */}
      <SwaggerUI
        key={methods.join(',')}
        spec={spec}
        layout="AgoraDocumentLayout"
        plugins={PLUGINS}
        docExpansion="list"
        defaultModelsExpandDepth={0}
        deepLinking={false}
        displayRequestDuration
        tryItOutEnabled={false}
        supportedSubmitMethods={methods}
        requestInterceptor={requestInterceptor as never}
        showMutatedRequest={false}
      />
    </Isolated>
  );
}

export const SwaggerDocument = memo(SwaggerDocumentView);
export default SwaggerDocument;

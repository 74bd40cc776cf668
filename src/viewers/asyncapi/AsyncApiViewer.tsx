// AsyncAPI 2 and 3 in the AsyncAPI React component (a lazy chunk; its browser build carries the
// parser), in a nested shadow root with the component's stylesheet and the provider's colours.
import AsyncApi from '@asyncapi/react-component/browser/index.js';
import asyncApiCss from '@asyncapi/react-component/styles/default.min.css?inline';
import { Isolated } from '../Isolated.tsx';
import { ASYNCAPI_CONTRAST_CSS } from './contrast.ts';

const THEME_CSS = `
:host{display:block}
.aui-root{font-family:inherit}
.aui-root .container\\:max-w-none{max-width:none}
.aui-root a{color:var(--agora-primary)}
.aui-root .bg-gray-800,.aui-root .bg-gray-900{border-radius:8px}
`;

const CONFIG = {
  show: { sidebar: false, info: true, servers: true, operations: true, messages: true, schemas: true, errors: true },
  expand: { messageExamples: false },
  sidebar: { showServers: 'byDefault', showOperations: 'byDefault' },
};

export interface AsyncApiViewerProps {
  /** The document as stored (YAML or JSON text). */
  schema: string;
}

export default function AsyncApiViewer({ schema }: AsyncApiViewerProps) {
  return (
    <Isolated css={asyncApiCss + THEME_CSS + ASYNCAPI_CONTRAST_CSS} name="asyncapi" className="agora-asyncapi">
      <AsyncApi schema={schema} config={CONFIG} />
    </Isolated>
  );
}

// AsyncAPI 2 and 3 in the AsyncAPI React component (a lazy chunk; its browser build carries the
// parser), in a nested shadow root with the component's stylesheet, the portal's font and colours
// (readable ones: ./contrast.ts), and its labels in the reader's language (./labels.ts).
import AsyncApi from '@asyncapi/react-component/browser/index.js';
import asyncApiCss from '@asyncapi/react-component/styles/default.min.css?inline';
import { useEffect, useMemo, useState } from 'react';
import { useMessages } from '../../i18n/intl.ts';
import { FONT_STACK } from '../../styles/units.ts';
import { Isolated } from '../Isolated.tsx';
import { ASYNCAPI_CONTRAST_CSS } from './contrast.ts';
import { operationLabels, translateLabels } from './labels.ts';
import { explicitListRoles } from './lists.ts';

// Narrow widths (a phone, or a narrow column of a CMS page): the component's 2rem side paddings
// halve, headings shrink, long words (server URLs, ids) break instead of widening the page, and a
// schema's "Expand all" wraps under its name.
const LAYOUT_CSS = `
.aui-root{container-type:inline-size;overflow-wrap:anywhere}
.aui-root .justify-between.items-start{flex-wrap:wrap;gap:4px 8px}
.aui-root .justify-between.items-start>.w-full{width:auto;flex:1 1 auto;flex-wrap:wrap;min-width:0}
.aui-root .justify-between.items-start .flex{min-width:0;flex-wrap:wrap}
.aui-root .justify-between.items-start button{min-width:0;text-align:left}
.aui-root .justify-between.items-start>.ml-auto button{white-space:nowrap}
.aui-root pre{max-width:100%;overflow-x:auto}
@container (max-width: 640px){
  .aui-root .px-8{padding-left:12px;padding-right:12px}
  .aui-root .-mx-8{margin-left:-12px;margin-right:-12px}
  .aui-root .p-8{padding:16px 12px}
  .aui-root .text-4xl{font-size:1.625rem;line-height:1.25}
  .aui-root .text-3xl{font-size:1.375rem}
  .aui-root .mt-16{margin-top:2.5rem}
}
`;

// The portal's font and look; inline code without the typography plugin's literal backticks.
const THEME_CSS = `
:host{display:block}
.aui-root,.aui-root .font-sans{font-family:var(--agora-font-family, ${FONT_STACK});color:#1f2937}
.aui-root .container\\:max-w-none{max-width:none}
.aui-root a{color:var(--agora-primary)}
.aui-root h1,.aui-root h2,.aui-root h1.font-light,.aui-root h2.font-light{font-weight:600;letter-spacing:-0.01em}
.aui-root .bg-gray-800,.aui-root .bg-gray-900{border-radius:8px}
.aui-root .prose code::before,.aui-root .prose code::after{content:none}
.aui-root .prose{color:#374151}
.aui-root .prose :not(pre)>code{background:#f3f4f6;border-radius:4px;padding:1px 5px;font-weight:500}
${LAYOUT_CSS}
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
  const { t, locale } = useMessages('viewers');
  const english = locale.startsWith('en');
  const config = useMemo(() => ({ ...CONFIG, ...operationLabels(t) }), [t]);
  const [holder, setHolder] = useState<HTMLDivElement | null>(null);
  useEffect(() => (holder ? translateLabels(holder, t, english) : undefined), [holder, t, english]);
  useEffect(() => (holder ? explicitListRoles(holder) : undefined), [holder]);
  return (
    <Isolated css={asyncApiCss + THEME_CSS + ASYNCAPI_CONTRAST_CSS} name="asyncapi" className="agora-asyncapi">
      <div ref={setHolder}>
        <AsyncApi schema={schema} config={config} />
      </div>
    </Isolated>
  );
}

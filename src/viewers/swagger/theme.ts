// Swagger UI in the provider's colours and font. Its per-operation lock buttons are hidden: the
// explorer's Authorize panel applies credentials to every call, Swagger UI's own dialog would not.
// Method badges take the portal's method colours (readable white text; Swagger UI's are ~3:1).
import { METHOD_COLORS } from '../../ui/methodColors.ts';

const METHOD_CSS = Object.entries(METHOD_COLORS)
  .map(([m, c]) => `.swagger-ui .opblock.opblock-${m} .opblock-summary-method{background:${c}}.swagger-ui .opblock.opblock-${m}{border-color:${c}}`)
  .join('\n')
  // Deprecated operations: Swagger UI fades the whole block to 60% (text under 4.5:1); the struck-out
  // path and a grey badge already say it.
  + '\n.swagger-ui .opblock.opblock-deprecated{opacity:1}.swagger-ui .opblock.opblock-deprecated .opblock-summary-method{background:#4b5563}'
  + '.swagger-ui .opblock-summary-path__deprecated{color:#4b5563}';

export const SWAGGER_THEME_CSS = `
:host{display:block}
.swagger-ui,.swagger-ui .opblock-tag,.swagger-ui .opblock .opblock-summary-description,.swagger-ui .opblock .opblock-summary-operation-id,
.swagger-ui .opblock .opblock-summary-path,.swagger-ui .parameter__name,.swagger-ui .response-col_status,.swagger-ui table thead tr td,
.swagger-ui table thead tr th,.swagger-ui .btn,.swagger-ui .tab li,.swagger-ui .opblock .opblock-section-header h4,
.swagger-ui .opblock-description-wrapper p,.swagger-ui .markdown p,.swagger-ui .renderedMarkdown p,.swagger-ui .response-col_links,
.swagger-ui label,.swagger-ui .model-title,.swagger-ui section.models h4,.swagger-ui .opblock-tag small{font-family:inherit}
.swagger-ui{color:#1f2937}
.swagger-ui .wrapper{padding:0;max-width:none}
.swagger-ui .opblock-tag{border-bottom-color:#e5e7eb;font-size:20px}
.swagger-ui .opblock{border-radius:8px;box-shadow:none}
.swagger-ui .authorization__btn{display:none!important}
.swagger-ui .btn{border-radius:var(--agora-button-radius,6px);box-shadow:none}
.swagger-ui .btn.execute{background-color:var(--agora-primary);border-color:var(--agora-primary);color:var(--agora-on-primary,#fff)}
.swagger-ui .btn.try-out__btn{border-color:var(--agora-primary);color:var(--agora-primary)}
.swagger-ui .btn.try-out__btn.cancel{color:var(--agora-danger);border-color:var(--agora-danger)}
.swagger-ui .btn:focus-visible,.swagger-ui select:focus-visible,.swagger-ui input:focus-visible,.swagger-ui textarea:focus-visible,
.swagger-ui .opblock-summary-control:focus-visible{outline:2px solid var(--agora-primary);outline-offset:2px}
.swagger-ui a,.swagger-ui .markdown a,.swagger-ui .renderedMarkdown a{color:var(--agora-primary)}
.swagger-ui section.models{border-radius:8px}
.swagger-ui .highlight-code>.microlight,.swagger-ui .microlight{max-height:420px;border-radius:6px}
${METHOD_CSS}
`;

// GraphQL in GraphiQL 5 (a lazy chunk with Monaco and its workers): the schema comes from the
// resource's SDL (no introspection call, so the docs work for visitors too), queries go through
// the console's fetcher (the gateway). Rendered in a nested shadow root with GraphiQL's stylesheet
// (its embedded fonts removed by the build); its menus and dialogs open there too (./portal.tsx).
import { GraphiQL } from 'graphiql';
import graphiqlCss from 'graphiql/style.css?inline';
import { buildClientSchema, buildSchema, getNamedType, isLeafType, isObjectType, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Isolated } from '../Isolated.tsx';
import { PortalContainer } from './portal.tsx';
import { installMonacoWorkers } from './workers.ts';
import { fixTabRoles } from './tabRoles.ts';

installMonacoWorkers();

export type GraphqlFetcher = (params: { query: string; variables?: unknown; operationName?: string | null }, options?: { headers?: Record<string, unknown> }) => Promise<unknown>;

export interface GraphiqlViewerProps {
  /** The resource's definition: SDL, or an introspection answer as JSON. */
  definition: string;
  fetcher: GraphqlFetcher;
  /** A comment line opening the first query (translated by the caller). */
  comment: string;
  /** Height of the IDE (it fills it). */
  height?: string;
  /** Told the request in the editor (the active tab's query, variables as typed, operation) when
   * shown and on every edit: the code samples are of what the reader is trying. */
  onRequestChange?: (request: GraphqlEditorRequest) => void;
}

export interface GraphqlEditorRequest { query: string; variables: string; operationName: string | null }

// Narrow widths (a phone, a narrow column): side by side, the query and the result would each get
// ~130 px. The IDE stacks instead: its sidebar becomes a row on top, the result goes under the
// query at full width (the drag bar between them, horizontal only, is hidden; the inline flex it
// set is overridden), the docs panel, when open, sits above the session, and the IDE grows taller.
const NARROW_CSS = `
@container (max-width: 720px){
  .graphiql-host{height:auto!important}
  .graphiql-container{flex-direction:column;height:960px}
  .graphiql-container .graphiql-sidebar{flex-direction:row;width:auto;padding:6px 8px;overflow:visible;align-items:center}
  .graphiql-container .graphiql-sidebar>div{display:flex;flex-direction:row;gap:8px}
  .graphiql-container .graphiql-main{flex-direction:column;min-height:0}
  .graphiql-container .graphiql-plugin{flex:0 0 auto!important;max-height:45%;overflow:auto;min-width:0}
  .graphiql-container .graphiql-main>.graphiql-horizontal-drag-bar,
  .graphiql-container #graphiql-session>.graphiql-horizontal-drag-bar{display:none}
  .graphiql-container .graphiql-sessions{margin:0 6px 6px;min-height:0}
  .graphiql-container #graphiql-session{flex-direction:column;min-height:0;padding:0 4px 4px}
  .graphiql-container #graphiql-session>.graphiql-editors{flex:1 1 0!important;min-height:0}
  .graphiql-container #graphiql-session>.graphiql-response{flex:1 1 0!important;min-height:0;padding-top:8px}
  .graphiql-container .graphiql-query-editor{padding:8px;column-gap:8px}
}
`;

const THEME_CSS = `
:host{display:block}
.graphiql-frame{container-type:inline-size}
/* Monaco's theme injects this same selector after us (the line-number colour at 40%): !important to win */
.monaco-editor .line-numbers.dimmed-line-number{color:#4b5563!important}
.graphiql-container{font-family:inherit;--font-family:inherit;border-radius:10px;overflow:hidden}
.graphiql-container .graphiql-logo{display:none}
.monaco-editor .lines-content{max-width:4000000px;max-height:4000000px}
${NARROW_CSS}
`;

const MONACO_BODY_LAYERS = ['context-view', 'monaco-aria-container'];
/** Classes GraphiQL and Monaco put on <body> (the page's own classes are never touched). */
const VIEWER_BODY_CLASSES = /^(graphiql-(light|dark)|enable-motion|underline-links|monaco-[\w-]+)$/;

/**
 * While GraphiQL is shown, what it and Monaco would do to the host page's <body> happens inside
 * the viewer instead:
 *  - Monaco's context-menu layer and screen-reader live region move into the viewer's root;
 *  - Monaco measures its font with a probe appended to <body>, where the page's CSS (a `*` rule
 *    with !important…) would skew the widths: the probe is appended in the viewer's root;
 *  - classes set on <body> (graphiql-light, Monaco's enable-motion, underline-links) move to the
 *    viewer's own container, where the stylesheet's descendant selectors still find them.
 * Returns the undo, run when the viewer goes.
 */
function guardBody(layers: HTMLElement, classHolder: HTMLElement, before: ReadonlySet<string> | null): () => void {
  const body = document.body;
  const adopt = (node: Node) => {
    if (node instanceof HTMLElement && node.parentElement === body && MONACO_BODY_LAYERS.some((c) => node.classList.contains(c))) {
      layers.appendChild(node);
    }
  };
  const moveClasses = () => {
    for (const name of Array.from(body.classList)) {
      if (before?.has(name) || !VIEWER_BODY_CLASSES.test(name)) continue;
      body.classList.remove(name);
      classHolder.classList.add(name);
    }
    // A body that had no class attribute gets none back, not an empty one.
    if (!before && body.classList.length === 0 && body.hasAttribute('class')) body.removeAttribute('class');
  };
  Array.from(body.children).forEach(adopt);
  moveClasses();
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'childList') r.addedNodes.forEach(adopt);
      else moveClasses();
    }
  });
  observer.observe(body, { childList: true, attributes: true, attributeFilter: ['class'] });
  const ownAppend = body.appendChild;
  const append = function <T extends Node>(this: HTMLElement, node: T): T {
    // Monaco's font probe: a div parked at top -50000px (vs/editor/browser/config/charWidthReader.js).
    if (node instanceof HTMLElement && node.style.top === '-50000px') return layers.appendChild(node);
    return ownAppend.call(this, node) as T;
  };
  body.appendChild = append;
  return () => {
    observer.disconnect();
    if (body.appendChild === append) delete (body as { appendChild?: unknown }).appendChild;
  };
}

/** A storage that forgets on reload: GraphiQL would otherwise write its tabs into the host page's localStorage. */
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
    get length() {
      return map.size;
    },
  };
}

export function schemaOf(definition: string): GraphQLSchema | null {
  const text = definition.trim();
  try {
    if (text.startsWith('{')) {
      const json = JSON.parse(text) as { data?: IntrospectionQuery } & IntrospectionQuery;
      return buildClientSchema(json.data ?? json);
    }
    return buildSchema(text);
  } catch {
    return null;
  }
}

/** A first query that runs: the schema's first query field, with its scalar fields (or __typename). */
export function defaultQueryOf(schema: GraphQLSchema | null, comment: string): string {
  const head = `# ${comment}\n\n`;
  const field = schema ? Object.values(schema.getQueryType()?.getFields() ?? {}).find((f) => f.args.every((a) => a.type.toString().endsWith('!') === false)) : undefined;
  if (!field) return `${head}query {\n  __typename\n}\n`;
  const type = getNamedType(field.type);
  if (isLeafType(type)) return `${head}query {\n  ${field.name}\n}\n`;
  const leaves = isObjectType(type)
    ? Object.values(type.getFields()).filter((f) => isLeafType(getNamedType(f.type)) && f.args.length === 0).slice(0, 6).map((f) => f.name)
    : [];
  const inner = (leaves.length ? leaves : ['__typename']).map((n) => `    ${n}`).join('\n');
  return `${head}query {\n  ${field.name} {\n${inner}\n  }\n}\n`;
}

type TabsState = { tabs: Array<{ query: string | null; variables?: string | null; operationName: string | null }>; activeTabIndex: number };

export default function GraphiqlViewer({ definition, fetcher, comment, height = '680px', onRequestChange }: GraphiqlViewerProps) {
  const schema = useMemo(() => schemaOf(definition), [definition]);
  const defaultQuery = useMemo(() => defaultQueryOf(schema, comment), [schema, comment]);
  const request = useRef<GraphqlEditorRequest>({ query: defaultQuery, variables: '', operationName: null });
  const listener = useRef(onRequestChange);
  listener.current = onRequestChange;
  const report = useCallback((patch: Partial<GraphqlEditorRequest>) => {
    request.current = { ...request.current, ...patch };
    listener.current?.(request.current);
  }, []);
  useEffect(() => report({ query: defaultQuery }), [defaultQuery, report]);
  const onEditQuery = useCallback((query: string) => report({ query }), [report]);
  const onEditVariables = useCallback((variables: string) => report({ variables }), [report]);
  const onEditOperationName = useCallback((name: string) => report({ operationName: name || null }), [report]);
  const onTabChange = useCallback((state: TabsState) => {
    const tab = state.tabs[state.activeTabIndex];
    if (tab) report({ query: tab.query ?? '', variables: tab.variables ?? '', operationName: tab.operationName ?? null });
  }, [report]);
  const storage = useMemo(memoryStorage, []);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [holder, setHolder] = useState<HTMLDivElement | null>(null);
  // The page's own body classes, read before GraphiQL (whose effects run first) adds its own.
  const [bodyClasses] = useState(() => (document.body.hasAttribute('class') ? new Set(Array.from(document.body.classList)) : null));
  // Monaco and GraphiQL reach for the page's <body>; the viewer keeps them in its own root.
  useEffect(() => (container && holder ? guardBody(container, holder, bodyClasses) : undefined), [container, holder, bodyClasses]);
  useEffect(() => (holder ? fixTabRoles(holder) : undefined), [holder]);
  return (
    <Isolated css={graphiqlCss + THEME_CSS} name="graphiql" className="agora-graphiql">
      <PortalContainer.Provider value={container}>
        <div className="graphiql-frame">
          <div ref={setHolder} style={{ height }} className="graphiql-host">
            <GraphiQL
              fetcher={fetcher as never}
              {...(schema ? { schema } : {})}
              defaultQuery={defaultQuery}
              storage={storage as never}
              forcedTheme="light"
              isHeadersEditorEnabled
              shouldPersistHeaders={false}
              onEditQuery={onEditQuery}
              onEditVariables={onEditVariables}
              onEditOperationName={onEditOperationName}
              onTabChange={onTabChange as never}
            />
          </div>
        </div>
        <div ref={setContainer} className="graphiql-portals" />
      </PortalContainer.Provider>
    </Isolated>
  );
}

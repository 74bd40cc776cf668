// GraphQL in GraphiQL 5 (a lazy chunk with Monaco and its workers): the schema comes from the
// resource's SDL (no introspection call, so the docs work for visitors too), queries go through
// the console's fetcher (the gateway). Rendered in a nested shadow root with GraphiQL's stylesheet
// (its embedded fonts removed by the build); its menus and dialogs open there too (./portal.tsx).
import { GraphiQL } from 'graphiql';
import graphiqlCss from 'graphiql/style.css?inline';
import { buildClientSchema, buildSchema, getNamedType, isLeafType, isObjectType, type GraphQLSchema, type IntrospectionQuery } from 'graphql';
import { useEffect, useMemo, useState } from 'react';
import { Isolated } from '../Isolated.tsx';
import { PortalContainer } from './portal.tsx';
import { installMonacoWorkers } from './workers.ts';

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
}

const THEME_CSS = `
:host{display:block}
.graphiql-container{font-family:inherit;--font-family:inherit;border-radius:10px;overflow:hidden}
.graphiql-container .graphiql-logo{display:none}
`;

const MONACO_BODY_LAYERS = ['context-view', 'monaco-aria-container'];

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

export default function GraphiqlViewer({ definition, fetcher, comment, height = '680px' }: GraphiqlViewerProps) {
  const schema = useMemo(() => schemaOf(definition), [definition]);
  const defaultQuery = useMemo(() => defaultQueryOf(schema, comment), [schema, comment]);
  const storage = useMemo(memoryStorage, []);
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  // Monaco appends its context-menu layer and its screen-reader live region to the page's <body>:
  // they move into the viewer's shadow root, so the host page keeps its own body untouched.
  useEffect(() => {
    if (!container) return;
    const adopt = (node: Node) => {
      if (node instanceof HTMLElement && node.parentElement === document.body && MONACO_BODY_LAYERS.some((c) => node.classList.contains(c))) {
        container.appendChild(node);
      }
    };
    Array.from(document.body.children).forEach(adopt);
    const observer = new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(adopt)));
    observer.observe(document.body, { childList: true });
    return () => observer.disconnect();
  }, [container]);
  return (
    <Isolated css={graphiqlCss + THEME_CSS} name="graphiql" className="agora-graphiql">
      <PortalContainer.Provider value={container}>
        <div style={{ height }} className="graphiql-host">
          <GraphiQL
            fetcher={fetcher as never}
            {...(schema ? { schema } : {})}
            defaultQuery={defaultQuery}
            storage={storage as never}
            forcedTheme="light"
            isHeadersEditorEnabled
            shouldPersistHeaders={false}
          />
        </div>
        <div ref={setContainer} className="graphiql-portals" />
      </PortalContainer.Provider>
    </Isolated>
  );
}

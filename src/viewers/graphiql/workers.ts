// Monaco's web workers (editor, JSON, GraphQL), built by rollup as their own entries under
// dist/workers/ (rollup.config.mjs). A bundle served from another origin (a CDN) cannot start a
// worker from its URL directly: a same-origin blob that imports it stands in.
type WorkerLabel = 'json' | 'graphql' | string;

const URLS: Record<string, () => URL> = {
  json: () => new URL('../workers/json.worker.js', import.meta.url),
  graphql: () => new URL('../workers/graphql.worker.js', import.meta.url),
  editor: () => new URL('../workers/editor.worker.js', import.meta.url),
};

function startWorker(url: URL): Worker {
  if (url.origin === location.origin) return new Worker(url, { type: 'module' });
  const blob = new Blob([`import ${JSON.stringify(url.href)};`], { type: 'text/javascript' });
  return new Worker(URL.createObjectURL(blob), { type: 'module' });
}

export function installMonacoWorkers(): void {
  (globalThis as { MonacoEnvironment?: unknown }).MonacoEnvironment = {
    getWorker(_id: string, label: WorkerLabel) {
      return startWorker((URLS[label] ?? URLS.editor!)());
    },
  };
}

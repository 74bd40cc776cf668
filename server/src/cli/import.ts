// `npm run import -- <file> [options]`: publishes an OpenAPI (2, 3.0, 3.1), AsyncAPI or GraphQL
// SDL file as a product (version, asset resource, free plan) in the store `npm start` uses.
// A file that cannot be published is reported and nothing is written (one transaction).
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { and, count, eq, gte } from 'drizzle-orm';
import { loadConfig, ConfigError } from '../config.ts';
import { openStore, type Store } from '../db/store.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { ApiError } from '../errors.ts';
import { detectSpecification, publishProduct, VISIBILITIES, type Visibility } from '../publish/index.ts';
import { specOperations } from '../db/schema.ts';
import * as seed from '../../seed/index.ts';

const USAGE = `Usage: npm run import -- <file> [options]

Publishes an OpenAPI 2 / 3.0 / 3.1, AsyncAPI 2 / 3 or GraphQL SDL file (JSON or YAML) as a product
with one version, its asset resource and a free plan.

Options:
  --category <id>        put the product in this category (repeatable)
  --title <text>         product title (default: the specification's info.title)
  --visibility <kind>    ${VISIBILITIES.join(' | ')} (default unrestricted)
  --database-url <url>   PostgreSQL to publish into (default: $DATABASE_URL)
  --data-dir <folder>    embedded store folder (default: $DATA_DIR or ./data)
  --no-seed              do not add the demo catalogue to an empty store first
  -h, --help             show this help
`;

/** Largest file accepted: the server's own request limit for specifications. */
const MAX_FILE_BYTES = 64 * 1024 * 1024;

export interface ImportIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs the command; returns the process exit code (0 published, 1 refused, 2 bad usage). */
export async function runImport(argv: string[], env: NodeJS.ProcessEnv = process.env, io: ImportIo = { out: console.log, err: console.error }): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv, allowPositionals: true, strict: true,
      options: {
        category: { type: 'string', multiple: true },
        title: { type: 'string' },
        visibility: { type: 'string' },
        'database-url': { type: 'string' },
        'data-dir': { type: 'string' },
        'no-seed': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = args;
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    io.err(`${positionals.length ? 'Give exactly one file.' : 'Give the file to publish.'}\n\n${USAGE}`);
    return 2;
  }
  const file = positionals[0]!;
  if (values.visibility && !VISIBILITIES.includes(values.visibility as Visibility)) {
    io.err(`--visibility must be one of ${VISIBILITIES.join(', ')}.`);
    return 2;
  }

  let content: string;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    if (info.size > MAX_FILE_BYTES) {
      io.err(`${file} is ${info.size} bytes; the largest specification accepted is ${MAX_FILE_BYTES} bytes.`);
      return 1;
    }
    content = await readFile(file, 'utf8');
  } catch (error) {
    io.err(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`);
    return 1;
  }

  // Refuse a file that is not a specification before touching the store.
  try {
    detectSpecification(content, basename(file));
  } catch (error) {
    io.err(`Cannot publish ${file}: ${(error as Error).message}`);
    return 1;
  }

  let config;
  try {
    config = loadConfig({
      ...env,
      ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}),
      ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
    });
  } catch (error) {
    io.err(error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error));
    return 2;
  }

  let store: Store | undefined;
  try {
    store = await openStore(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir });
    // npm start seeds an empty store with the demo; doing it first here keeps the demo's fixed
    // ids from colliding with an imported product later.
    if (!values['no-seed'] && !(await seed.isSeeded(store.db))) {
      io.out('The store is empty: adding the demo catalogue first, as npm start would.');
      await seed.seedDemo(store.db);
    }
    const published = await publishProduct(store.db, {
      content,
      fileName: basename(file),
      options: {
        ...(values.category?.length ? { categoryIds: values.category } : {}),
        ...(values.title ? { title: values.title } : {}),
        ...(values.visibility ? { visibility: values.visibility as Visibility } : {}),
      },
    });
    // publishProduct built the explorer's operation index in its transaction.
    const [indexed] = await store.db.select({ n: count() }).from(specOperations)
      .where(and(eq(specOperations.resourceId, published.resourceId), gte(specOperations.ordinal, 0)));
    const origin = `http://${['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host}:${config.port}`;
    io.out([
      `Published "${published.title}" (${published.type}) as product ${published.productId}`,
      `  version:   ${published.versionId}`,
      `  resource:  ${published.resourceId}${indexed?.n ? ` (${indexed.n} operations indexed)` : ''}`,
      ...(published.planId ? [`  plan:      ${published.planId} (free)`] : []),
      `  portal:    ${origin}/productDetails/${published.productId}`,
      `  API:       ${origin}/api/v1/products/${published.productId}`,
    ].join('\n'));
    return 0;
  } catch (error) {
    if (error instanceof ApiError) {
      io.err(`Cannot publish ${file}: ${error.message}`);
      return 1;
    }
    if (error instanceof DataDirLockedError) {
      // Most often the server of npm start: the import would fight it over the same files.
      io.err(`Cannot publish ${file}: ${error.message}`);
      return 1;
    }
    io.err(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await store?.close();
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  runImport(process.argv.slice(2)).then((code) => process.exit(code), (error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

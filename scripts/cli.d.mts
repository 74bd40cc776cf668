/** The bundled entry's file (scripts/cli.mjs), made or remade when one of its sources changed. */
export function bundled(entry: string): Promise<string>;

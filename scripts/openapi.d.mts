// Types of scripts/openapi.mjs for the tests that import it.
export function describeApi(dir: string): string;
export function generateTypes(json: string, out: string): void;
export function lint(json: string): void;

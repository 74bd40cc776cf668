// Types for the TypeScript callers of nginx.mjs (tests/server/ops.balancer.test.ts).
export declare const CANDIDATES: string[];
export declare const MISSING_MESSAGE: string;
export declare function findNginx(candidates?: string[]): string | null;
export declare function ensureNginx(options?: { install?: boolean }): string;

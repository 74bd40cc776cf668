// Types for the TypeScript callers of nginx.mjs (tests/server/ops.balancer.test.ts, bench/load.ts).
export declare const CANDIDATES: string[];
export declare const MISSING_MESSAGE: string;
export declare function findNginx(candidates?: string[]): string | null;
export declare function ensureNginx(options?: { install?: boolean }): string;
export declare function nginxConfig(dir: string, listen: number, instances: number[]): string;
export declare function startNginx(dir: string, listen: number, instances: number[]): import('node:child_process').ChildProcess;

// Types for the TypeScript callers of chromium.mjs (the browser harness).
export declare const CANDIDATES: string[];
export declare const CHROMIUM_ARGS: string[];
export declare const MISSING_MESSAGE: string;
export declare function findChromium(candidates?: string[]): string | null;
export declare function ensureChromium(options?: { install?: boolean }): string;

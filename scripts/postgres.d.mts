// Types for the TypeScript callers of postgres.mjs (server test helpers, benchmarks).
export interface RunningPostgres {
  /** postgres://… of a fresh database the caller may use freely */
  url: string;
  /** the same server's maintenance database, for creating more databases */
  adminUrl: string;
  /** false when TEST_DATABASE_URL was reused */
  throwaway: boolean;
  stop(): Promise<void>;
}
export declare const MISSING_MESSAGE: string;
export declare function findPgBin(): string | null;
export declare function ensurePgBin(options?: { install?: boolean }): string;
export declare function startPostgres(options?: { install?: boolean; reuseEnv?: boolean; log?: ((line: string) => void) | null }): Promise<RunningPostgres>;
export declare function createDatabase(url: string, name: string): Promise<string>;
export declare function dropDatabase(url: string, name: string): Promise<void>;

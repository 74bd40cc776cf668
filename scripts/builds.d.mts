export const KEEP_MS: number;
export const RECORDS_DIR: string;
export function recordBuild(options: {
  dist: string;
  kind: string;
  folders: string[];
  immutable: Iterable<string>;
  mutable: Iterable<string>;
  now?: number;
  keepPrevious?: boolean;
}): string[];

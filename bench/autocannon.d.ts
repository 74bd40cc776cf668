// The part of autocannon 8's programmatic API that bench/load.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram { average: number; total: number; p50: number; p99: number }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  export default function autocannon(options: Options): Promise<Result>;
}

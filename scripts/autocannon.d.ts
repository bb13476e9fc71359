/**
 * The part of autocannon 9's API that scripts/bench-api-load.ts uses (the package ships no types; its README's
 * "API" section documents these options and the result's fields).
 */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { total: number; average: number };
    latency: { p50: number; p99: number };
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}

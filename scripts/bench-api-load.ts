import autocannon from 'autocannon';

/**
 * The load generator of `npm run bench:api`, spawned by scripts/bench-api.ts in its own process so it never shares
 * an event loop (or a heap) with the servers it drives: autocannon (https://github.com/mcollina/autocannon,
 * README "API"), `workers` threads sharing `connections` keep-alive connections, for `seconds`. Prints one JSON line
 * on stdout: requests/s, p50/p99 in ms, non-2xx answers and errors, and this process's own CPU time, so a run where
 * the generator was the limit shows as a generator near one core per worker.
 *
 * Argument: the options as JSON, `{ url, connections, seconds, workers, headers }`.
 */

interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  workers: number;
  headers: Record<string, string>;
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const cpuBefore = process.cpuUsage();
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.seconds,
  // autocannon's README ("workers"): `connections` are divided among the worker threads; 0 runs in this thread.
  ...(options.workers > 0 ? { workers: options.workers } : {}),
  headers: options.headers,
});
const cpu = process.cpuUsage(cpuBefore);
// In workers mode the threads' CPU is this process's: process.cpuUsage() counts every thread.
process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.total / (result.duration || options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    generatorCpuSeconds: (cpu.user + cpu.system) / 1e6,
  })}\n`,
);

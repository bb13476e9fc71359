import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { cpuSecondsOf, type GeneratorResult } from './bench-support';

/**
 * The load generator of `npm run bench:api`, spawned by scripts/bench-api.ts in its own process so it never shares
 * an event loop (or a heap) with the servers it drives: autocannon (https://github.com/mcollina/autocannon,
 * README "API"), `workers` threads sharing `connections` keep-alive connections, for `seconds`. Prints one JSON line
 * on stdout: requests/s, p50/p99 in ms, non-2xx answers and errors, and this process's own CPU time, so a run where
 * the generator was the limit shows as a generator near one core per worker.
 *
 * With `generator: 'wrk'`, the same load comes from wrk (https://github.com/wg/wrk, `-c` connections over `-t`
 * threads, `--latency` for the percentiles), a C program that shares nothing with Node: the way a peer would drive
 * it. Its CPU is read from /proc while it runs.
 *
 * Argument: the options as JSON, `{ url, connections, seconds, workers, headers, generator }`.
 */

interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  workers: number;
  headers: Record<string, string>;
  generator?: 'autocannon' | 'wrk';
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;

/** wrk's `--latency` percentile line (`99%   12.34ms`) in ms. */
function percentile(output: string, label: string): number {
  const match = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(output);
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

async function runWrk(): Promise<GeneratorResult> {
  const headerArgs = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = ['-c', String(options.connections), '-t', String(Math.max(1, options.workers))];
  args.push('-d', `${options.seconds}s`, '--latency', ...headerArgs, options.url);
  const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  let cpu = 0;
  const sample = setInterval(() => {
    if (child.pid)
      void cpuSecondsOf(child.pid).then(
        (seconds) => (cpu = Math.max(cpu, seconds)),
        () => undefined,
      );
  }, 100);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error('wrk is not installed (apt-get install wrk)') : error),
    );
    child.once('exit', resolve);
  });
  clearInterval(sample);
  if (code !== 0) throw new Error(`wrk exited with ${code}: ${output}`);
  const count = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: count(/Requests\/sec:\s+([\d.]+)/),
    p50: percentile(output, '50'),
    p99: percentile(output, '99'),
    non2xx: count(/Non-2xx or 3xx responses: (\d+)/),
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, value) => sum + Number(value), 0) : 0,
    generatorCpuSeconds: cpu,
  };
}

async function runAutocannon(): Promise<GeneratorResult> {
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
  return {
    rps: result.requests.total / (result.duration || options.seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    generatorCpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

const result = options.generator === 'wrk' ? await runWrk() : await runAutocannon();
process.stdout.write(`${JSON.stringify(result)}\n`);

import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * `npm test`: the build first (the browser tests load dist/), then the tests, with lint and the type check beside
 * them. Biome, knip and tsc each keep one core busy for a while and need nothing the tests make, so on a two-core
 * machine they fill the gaps while browser tests wait on pages and real-seconds tests on their clocks (ADR 0072).
 * Their output is held and printed after the tests, so it does not interleave; any failure fails the run. TypeScript 7
 * checks on one thread here: its parallel checkers cost twice the CPU for a few seconds less (ADR 0078).
 * Arguments go to vitest (`npm test -- src/server/credits`).
 */

const BIN = path.resolve(import.meta.dirname, '../node_modules/.bin');

interface Outcome {
  name: string;
  code: number;
  output: string;
}

function run(name: string, command: string, args: string[], held: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(path.join(BIN, command), args, { stdio: held ? 'pipe' : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', (error) => resolve({ name, code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ name, code: code ?? 1, output }));
  });
}

async function main(): Promise<number> {
  const build = await run('build', 'tsx', ['scripts/build.ts'], true);
  if (build.code !== 0) {
    process.stdout.write(build.output);
    return build.code;
  }
  const beside = [
    run('lint (biome)', 'biome', ['check', '.'], true).then(async (biome) =>
      biome.code === 0 ? run('lint (knip)', 'knip', [], true) : biome,
    ),
    run('typecheck', 'tsc', ['--noEmit', '-p', 'tsconfig.json', '--singleThreaded'], true),
  ];
  const tests = await run('tests', 'vitest', ['run', ...process.argv.slice(2)], false);
  const checks = await Promise.all(beside);
  for (const check of checks) {
    if (check.code === 0) continue;
    process.stdout.write(`\n${check.name} failed:\n${check.output}`);
  }
  const failed = [tests, ...checks].filter((outcome) => outcome.code !== 0).map((outcome) => outcome.name);
  console.log(
    failed.length === 0
      ? '\nnpm test: lint, typecheck, build and tests passed.'
      : `\nnpm test failed: ${failed.join(', ')}.`,
  );
  return failed.length === 0 ? 0 : 1;
}

process.exitCode = await main();

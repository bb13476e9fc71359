import { type ChildProcess, spawn } from 'node:child_process';
import { ROOT } from './app';

/** A command run from the repository root, its stdout and stderr collected as they come. */
export interface Spawned {
  child: ChildProcess;
  /** Everything written so far, stdout and stderr interleaved. */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

export function spawnCollecting(command: string, args: string[], env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    stderr += chunk;
  });
  // 'close', not 'exit': a child's last lines may still be in the pipe when it exits (Node's child_process docs,
  // event 'exit': "the child process stdio streams might still be open").
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  return { child, output: () => output, stdout: () => stdout, stderr: () => stderr, exited };
}

/** Runs a command to its end: exit code and output. */
export async function runToEnd(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const spawned = spawnCollecting(command, args, env);
  const code = await spawned.exited;
  return { code, stdout: spawned.stdout(), stderr: spawned.stderr() };
}

import { spawn } from 'node:child_process';

/**
 * ffmpeg/ffprobe as child processes, always with a time limit: a stuck encode must fail the request (and refund
 * it), never hold a worker slot forever. Output is kept to the last few KB for the error message.
 */

/** The media toolchain's binaries (src/server/media/toolchain.server.ts) as the pipeline runs them. */
export interface MediaTools {
  ffmpegPath: string;
  ffprobePath: string;
  /** Per ffmpeg/ffprobe run. */
  timeoutMs: number;
}

export class FfmpegError extends Error {
  override name = 'FfmpegError';
}

/** A file path as a single-quoted filter option value; a path with a quote is refused rather than escaped. */
export function filterPath(value: string): string {
  if (value.includes("'")) throw new FfmpegError(`path not usable in an ffmpeg filter: ${value}`);
  return `'${value.replaceAll('\\', '/')}'`;
}

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/** `stderr` is its last 64 KB: where ffmpeg's detect filters (freeze, black, silence) write what they found. */
export function runTool(
  command: string,
  args: string[],
  options: RunOptions,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (error: Error | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve({ stdout, stderr });
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      finish(new FfmpegError(`${command} aborted`));
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new FfmpegError(`${command} took longer than ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      // ffprobe's JSON is small; the cap only protects against a runaway tool.
      if (stdout.length < 1_000_000) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-64_000);
    });
    child.on('error', (error) => finish(new FfmpegError(`${command} could not start: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) finish(undefined);
      else finish(new FfmpegError(`${command} exited with ${code ?? signal}: ${stderr.trim().slice(-1500)}`));
    });
  });
}

/** What ffprobe says of a file's container and streams (`-show_format -show_streams`, JSON). */
export interface ProbeJson {
  format?: { duration?: string; start_time?: string; tags?: Record<string, string> };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    r_frame_rate?: string;
    pix_fmt?: string;
    has_b_frames?: number;
    sample_rate?: string;
    channels?: number;
    duration?: string;
    nb_frames?: string;
  }[];
}

export async function probeJson(ffprobePath: string, file: string, options: RunOptions): Promise<ProbeJson> {
  const { stdout } = await runTool(
    ffprobePath,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    options,
  );
  return JSON.parse(stdout) as ProbeJson;
}

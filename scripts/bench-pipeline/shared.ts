import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createLogger } from '#server/logger.server';
import { mediaTools } from '#tests/support/media';

/** What every part of the pipeline bench shares: its silent logger, the media tools and the figures' printing. */

export const run = promisify(execFile);

export const PROMPT = 'Um gato laranja caminhando na praia ao pôr do sol, câmera lenta';

export const logger = createLogger('silent');
export const tools = await mediaTools(120_000);

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
export const median = (values: number[]) => quantile(values, 0.5);
export const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '—');

export function table(header: string[], rows: string[][]): void {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  console.log(`  ${line(header)}`);
  console.log(`  ${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const row of rows) console.log(`  ${line(row)}`);
}

export function progress(message: string): void {
  process.stderr.write(`· ${message}\n`);
}

import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';

/**
 * A multipart/form-data body (RFC 7578) read as it arrives: the `file` part written to `filePath` a chunk at a
 * time, never held whole in memory, and cut off past `maxFileBytes`; short text parts kept. Hono's `parseBody`
 * (what the other forms use) holds every part in memory, which a video of hundreds of MB must not be.
 */

export type UploadRead =
  | { kind: 'read'; fileBytes: number; fields: Record<string, string> }
  | { kind: 'too_large' }
  | { kind: 'malformed' }
  | { kind: 'unknown_field'; name: string };

const TEXT_PART_MAX = 4096;
const HEADERS_MAX = 8192;
const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');

export function boundaryOf(contentType: string | undefined): string | undefined {
  const match = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2];
}

class Abort extends Error {
  constructor(readonly outcome: Exclude<UploadRead, { kind: 'read' }>) {
    super(outcome.kind);
  }
}

interface Part {
  name: string;
  isFile: boolean;
  text: Buffer[];
  textBytes: number;
}

function partOf(headers: string, textFields: readonly string[]): Part {
  const disposition = /^content-disposition:\s*form-data;([^\r\n]*)/im.exec(headers)?.[1] ?? '';
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) throw new Abort({ kind: 'malformed' });
  if (name !== 'file' && !textFields.includes(name)) throw new Abort({ kind: 'unknown_field', name });
  return { name, isFile: name === 'file', text: [], textBytes: 0 };
}

/** Reads `body` to its end; the caller removes `filePath` whatever the outcome. */
export async function readUpload(
  body: ReadableStream<Uint8Array>,
  options: { boundary: string; filePath: string; maxFileBytes: number; textFields: readonly string[] },
): Promise<UploadRead> {
  const delimiter = Buffer.from(`\r\n--${options.boundary}`);
  // The first delimiter has no CRLF before it: one is put in front of the body.
  let buffer: Buffer = Buffer.from(CRLF);
  let state = 'preamble' as 'preamble' | 'headers' | 'body' | 'done';
  let part: Part | undefined;
  const sink = fileSink(options.filePath, options.maxFileBytes);
  let sawFile = false;
  const fields: Record<string, string> = {};

  const emit = async (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    if (part.isFile) return sink.write(bytes);
    part.textBytes += bytes.length;
    if (part.textBytes > TEXT_PART_MAX) throw new Abort({ kind: 'too_large' });
    part.text.push(bytes);
  };
  const endPart = () => {
    if (part && !part.isFile) fields[part.name] = Buffer.concat(part.text).toString('utf8');
    if (part?.isFile) {
      if (sawFile) throw new Abort({ kind: 'malformed' });
      sawFile = true;
    }
    part = undefined;
  };

  const step = async (final: boolean): Promise<boolean> => {
    if (state === 'preamble' || state === 'body') {
      const at = buffer.indexOf(delimiter);
      if (at < 0) {
        const keep = final ? 0 : delimiter.length + 1;
        if (state === 'body') await emit(buffer.subarray(0, Math.max(0, buffer.length - keep)));
        buffer = buffer.subarray(Math.max(0, buffer.length - keep));
        return false;
      }
      if (buffer.length < at + delimiter.length + 2) return false;
      if (state === 'body') await emit(buffer.subarray(0, at));
      endPart();
      const after = buffer.subarray(at + delimiter.length, at + delimiter.length + 2).toString('latin1');
      buffer = buffer.subarray(at + delimiter.length + 2);
      state = after === '--' ? 'done' : 'headers';
      return state !== 'done';
    }
    if (state === 'headers') {
      const end = buffer.indexOf(HEADERS_END);
      if (end < 0) {
        if (buffer.length > HEADERS_MAX) throw new Abort({ kind: 'malformed' });
        return false;
      }
      part = partOf(buffer.subarray(0, end).toString('utf8'), options.textFields);
      // The CRLF that ends the headers' last line is the part's first bytes' boundary, so the body starts after.
      buffer = buffer.subarray(end + HEADERS_END.length);
      state = 'body';
      return true;
    }
    return false;
  };

  try {
    await pump(
      body,
      (value) => {
        buffer = buffer.length === 0 ? Buffer.from(value) : Buffer.concat([buffer, value]);
      },
      step,
    );
    if (state !== 'done') return { kind: 'malformed' };
    return { kind: 'read', fileBytes: sink.bytes(), fields };
  } catch (error) {
    if (error instanceof Abort) return error.outcome;
    throw error;
  } finally {
    await sink.close();
  }
}

/** Reads `body` to its end: each chunk appended, then `step` run until it has nothing more to do. */
async function pump(
  body: ReadableStream<Uint8Array>,
  append: (value: Uint8Array) => void,
  step: (final: boolean) => Promise<boolean>,
): Promise<void> {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (value) append(value);
    while (await step(done)) {}
    if (done) return;
  }
}

/** The file part on disk, written as it arrives, with backpressure; past `maxBytes` the read is aborted. */
function fileSink(filePath: string, maxBytes: number) {
  let out: WriteStream | undefined;
  let bytes = 0;
  return {
    bytes: () => bytes,
    async write(chunk: Buffer): Promise<void> {
      bytes += chunk.length;
      if (bytes > maxBytes) throw new Abort({ kind: 'too_large' });
      out ??= createWriteStream(filePath);
      if (!out.write(chunk)) await once(out, 'drain');
    },
    async close(): Promise<void> {
      if (!out) return;
      out.end();
      await once(out, 'close').catch(() => undefined);
    },
  };
}

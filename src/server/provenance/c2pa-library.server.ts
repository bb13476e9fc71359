import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initSync } from '@contentauth/c2pa-wasm';

/**
 * @contentauth/c2pa-wasm (c2pa-rs built to WebAssembly) in Node: the module compiled and instantiated once per
 * process, synchronously, from the .wasm file in node_modules (its `initSync`; nothing is downloaded).
 *
 * The library reads assets as browser Blobs through FileReaderSync, which Node lacks (c2pa-js
 * packages/c2pa-wasm/src/stream/blob_stream.rs: `size`, `slice(start, end)` and
 * `FileReaderSync.readAsArrayBuffer`; a Blob of up to 50 MB is read whole into the module's memory, a larger one a
 * read at a time). `fileBlob` is that shape over a file on disk, read synchronously by offset, so a file is never
 * held in JavaScript memory whole; the FileReaderSync stand-in reads it. The signed copy the builder returns is one
 * buffer (docs/decisions/0065 bounds the size).
 */

const READ = Symbol('read');

interface FileSlice {
  readonly size: number;
  slice(start?: number, end?: number): FileSlice;
  [READ](): ArrayBuffer;
}

function fileSlice(file: string, start: number, end: number): FileSlice {
  return {
    size: end - start,
    slice(from = 0, to = end - start) {
      const clamp = (at: number) => Math.min(Math.max(at < 0 ? end - start + at : at, 0), end - start);
      return fileSlice(file, start + clamp(from), start + Math.max(clamp(from), clamp(to)));
    },
    [READ]() {
      const bytes = new Uint8Array(end - start);
      const fd = openSync(file, 'r');
      try {
        let done = 0;
        while (done < bytes.length) {
          const read = readSync(fd, bytes, done, bytes.length - done, start + done);
          if (read === 0) break;
          done += read;
        }
      } finally {
        closeSync(fd);
      }
      return bytes.buffer;
    },
  };
}

/** A file on disk in the shape the library reads a Blob by. */
export function fileBlob(file: string): Blob {
  return fileSlice(file, 0, statSync(file).size) as unknown as Blob;
}

class FileReaderSyncForFiles {
  readAsArrayBuffer(blob: FileSlice): ArrayBuffer {
    return blob[READ]();
  }
}

let ready = false;

export function loadC2pa(): void {
  if (ready) return;
  const globals = globalThis as { FileReaderSync?: unknown };
  globals.FileReaderSync ??= FileReaderSyncForFiles;
  const wasm = readFileSync(createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm'));
  initSync({ module: wasm });
  ready = true;
}

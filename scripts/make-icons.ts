import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/**
 * `npx tsx scripts/make-icons.ts`: the installable app's PNG icons in public/ (committed; nothing is drawn or
 * downloaded at run time), from the favicon's design — an indigo (#4f46e5) square with a white play triangle. The
 * maskable icon fills the whole square and keeps the triangle inside the central 80 % safe zone
 * (https://www.w3.org/TR/appmanifest/#icon-masks); the others have rounded corners.
 */

const INDIGO = [0x4f, 0x46, 0xe5] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The favicon's 32-unit drawing at `size` pixels: corner radius 9 (0 when maskable), triangle (13,10.5)(13,21.5)(22,16). */
function pixel(x: number, y: number, size: number, maskable: boolean): readonly number[] {
  // Maskable: the drawing shrunk into the safe zone, on a full background.
  const scale = maskable ? 32 / (size * 0.8) : 32 / size;
  const offset = maskable ? -3.2 : 0;
  const u = (x + 0.5) * scale + offset;
  const v = (y + 0.5) * scale + offset;
  if (!maskable) {
    const cx = Math.min(Math.max(u, 9), 23);
    const cy = Math.min(Math.max(v, 9), 23);
    if ((u - cx) ** 2 + (v - cy) ** 2 > 81) return [0, 0, 0, 0];
  }
  const inTriangle = u >= 13 && v >= 10.5 + (u - 13) * (5.5 / 9) && v <= 21.5 - (u - 13) * (5.5 / 9);
  return [...(inTriangle ? WHITE : INDIGO), 255];
}

function png(size: number, maskable: boolean): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) Buffer.from(pixel(x, y, size, maskable)).copy(row, 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = path.resolve(import.meta.dirname, '../public');
for (const [file, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  // iOS draws its own rounded corners over a full square.
  ['apple-touch-icon.png', 180, true],
] as const) {
  writeFileSync(path.join(out, file), png(size, maskable));
}

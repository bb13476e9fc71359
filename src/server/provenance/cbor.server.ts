/**
 * The CBOR (RFC 8949) this room writes: a COSE_Sign1 (RFC 9052) and its headers. Definite lengths only, which is
 * COSE's deterministic encoding (RFC 9052 §9). No CBOR library is installed (docs/decisions/0065).
 */

export type CborValue = number | string | Buffer | null | CborValue[] | CborMap | CborTag;
type CborMap = Map<number | string, CborValue>;
export class CborTag {
  constructor(
    readonly tag: number,
    readonly value: CborValue,
  ) {}
}

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(n, 1);
  return out;
}

export function encodeCbor(value: CborValue): Buffer {
  if (value === null) return Buffer.from([0xf6]);
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(encodeCbor)]);
  if (value instanceof CborTag) return Buffer.concat([head(6, value.tag), encodeCbor(value.value)]);
  const entries = [...value.entries()].flatMap(([key, item]) => [encodeCbor(key), encodeCbor(item)]);
  return Buffer.concat([head(5, value.size), ...entries]);
}

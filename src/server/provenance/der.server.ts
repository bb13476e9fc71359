/**
 * The few DER encodings (ITU-T X.690) a development certificate needs: node:crypto makes and uses keys but writes
 * no X.509, and no certificate library is installed (docs/decisions/0065). Lengths up to 2^24 − 1 bytes.
 */

function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  if (n < 0x100) return Buffer.from([0x81, n]);
  if (n < 0x10000) return Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.from([0x83, n >> 16, (n >> 8) & 0xff, n & 0xff]);
}

export function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), length(content.length), content]);
}

export const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
export const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
/** `[n] EXPLICIT`: a constructed context-specific tag around its content. */
export const explicit = (n: number, content: Buffer) => tlv(0xa0 + n, content);
export const octetString = (bytes: Buffer) => tlv(0x04, bytes);
export const bitString = (bytes: Buffer, unusedBits = 0) =>
  tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), bytes]));
export const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0]));
export const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
export const printable = (text: string) => tlv(0x13, Buffer.from(text, 'ascii'));

/** A non-negative INTEGER from its big-endian bytes (a leading zero keeps it positive). */
export function unsignedInteger(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  return tlv(0x02, (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

export function objectId(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) groups.unshift((value & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime through 2049, GeneralizedTime after (RFC 5280 §4.1.2.5). */
export function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${iso.slice(2)}Z`, 'ascii'))
    : tlv(0x18, Buffer.from(`${iso}Z`, 'ascii'));
}

import { verify, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * A second reader of Content Credentials, independent of c2pa-rs: no npm package reads C2PA in MP4 without a
 * native binary (@contentauth/c2pa-node downloads one; @trustnxt/c2pa-ts reads BMFF only for HEIC/HEIF brands), so
 * this walks the boxes itself and checks the claim's signature with node:crypto:
 * - the MP4's top-level `uuid` box of C2PA (C2PA 2.3 §A.5: extended type D8FEC3D6-1B0E-483C-9297-5828877EC481, a
 *   full box whose purpose is "manifest", then a 64-bit offset, then the manifest store);
 * - JUMBF (ISO/IEC 19566-5): `jumb` superboxes, each opened by a `jumd` box (a 16-byte type, toggles, a label),
 *   holding content boxes such as `cbor`;
 * - the claim signature, a COSE_Sign1 (RFC 9052) over the claim's CBOR with the detached payload: ES256 over
 *   Sig_structure ["Signature1", protected, h'', claim], its certificate in x5chain (header 33).
 * Its CBOR decoder (RFC 8949) reads the major types a manifest uses.
 */

const C2PA_UUID = 'd8fec3d61b0e483c92975828877ec481';

interface Box {
  type: string;
  payload: Buffer;
}

function boxes(data: Buffer): Box[] {
  const found: Box[] = [];
  let at = 0;
  while (at + 8 <= data.length) {
    let size = data.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      size = Number(data.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = data.length - at;
    found.push({
      type: data.toString('latin1', at + 4, at + 8),
      payload: data.subarray(at + header, at + size),
    });
    at += size;
  }
  return found;
}

export interface Jumbf {
  label: string;
  children: Jumbf[];
  /** The content boxes (`cbor`, `json`, …) by type. */
  content: Map<string, Buffer>;
}

function jumbf(payload: Buffer): Jumbf {
  const [description, ...rest] = boxes(payload);
  if (description?.type !== 'jumd') throw new Error('a jumb box without its jumd');
  const toggles = description.payload[16] ?? 0;
  const labelEnd = description.payload.indexOf(0, 17);
  const label = toggles & 0x02 ? description.payload.toString('utf8', 17, labelEnd) : '';
  const node: Jumbf = { label, children: [], content: new Map() };
  for (const box of rest) {
    if (box.type === 'jumb') node.children.push(jumbf(box.payload));
    else node.content.set(box.type, box.payload);
  }
  return node;
}

/** The manifest store of an MP4 file, or undefined when it carries none. */
export function manifestStore(file: string): Jumbf | undefined {
  const uuid = boxes(readFileSync(file)).find(
    (box) => box.type === 'uuid' && box.payload.subarray(0, 16).toString('hex') === C2PA_UUID,
  );
  if (!uuid) return undefined;
  const body = uuid.payload.subarray(16 + 4);
  const purposeEnd = body.indexOf(0);
  if (body.toString('utf8', 0, purposeEnd) !== 'manifest') throw new Error('not a manifest uuid box');
  const [store] = boxes(body.subarray(purposeEnd + 1 + 8));
  if (store?.type !== 'jumb') throw new Error('no JUMBF superbox in the C2PA uuid box');
  return jumbf(store.payload);
}

export const child = (node: Jumbf | undefined, label: string | RegExp) =>
  node?.children.find((item) => (typeof label === 'string' ? item.label === label : label.test(item.label)));

export type Cbor =
  | number
  | bigint
  | string
  | boolean
  | null
  | undefined
  | Buffer
  | Cbor[]
  | Map<Cbor, Cbor>
  | { tag: number; value: Cbor };

function decodeCbor(data: Buffer): Cbor {
  let at = 0;
  const take = (n: number): Buffer => {
    at += n;
    return data.subarray(at - n, at);
  };
  const argument = (info: number): number => {
    if (info < 24) return info;
    const bytes = take(1 << (info - 24));
    return bytes.length === 8 ? Number(bytes.readBigUInt64BE(0)) : bytes.readUIntBE(0, bytes.length);
  };
  const simple = (info: number): Cbor => {
    if (info === 20 || info === 21) return info === 21;
    if (info === 22) return null;
    if (info === 26) return take(4).readFloatBE(0);
    if (info === 27) return take(8).readDoubleBE(0);
    return undefined;
  };
  const item = (): Cbor => {
    const initial = take(1)[0] ?? 0;
    const major = initial >> 5;
    const info = initial & 0x1f;
    if (major === 7) return simple(info);
    const n = argument(info);
    if (major === 0) return n;
    if (major === 1) return -1 - n;
    if (major === 2) return take(n);
    if (major === 3) return take(n).toString('utf8');
    if (major === 4) return Array.from({ length: n }, item);
    if (major === 5) return new Map(Array.from({ length: n }, () => [item(), item()] as [Cbor, Cbor]));
    return { tag: n, value: item() };
  };
  return item();
}

/** The shortest head (RFC 8949 §4.2.1), as the Sig_structure is signed. */
function cborHead(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(n, 1);
  return out;
}
const bstr = (bytes: Buffer) => Buffer.concat([cborHead(2, bytes.length), bytes]);

export interface ClaimSignature {
  /** The signature verifies over the claim with the signing certificate's key. */
  verified: boolean;
  certificate: X509Certificate;
}

/** Checks the active manifest's claim signature with node:crypto (ES256 only, what Cena signs with). */
export function checkClaimSignature(manifest: Jumbf): ClaimSignature {
  const claim = child(manifest, /^c2pa\.claim(\.v2)?$/)?.content.get('cbor');
  const signature = child(manifest, 'c2pa.signature')?.content.get('cbor');
  if (!claim || !signature) throw new Error('the manifest has no claim or no signature');
  const sign1 = decodeCbor(signature) as { tag: number; value: [Buffer, unknown, null, Buffer] };
  if (sign1.tag !== 18) throw new Error('the signature is not a COSE_Sign1');
  const [protectedBytes, , , value] = sign1.value;
  const headers = decodeCbor(protectedBytes) as Map<number, Cbor>;
  if (headers.get(1) !== -7) throw new Error('not ES256');
  const chain = headers.get(33);
  const certificate = new X509Certificate((Array.isArray(chain) ? chain[0] : chain) as Buffer);
  const toBeSigned = Buffer.concat([
    cborHead(4, 4),
    Buffer.concat([cborHead(3, 10), Buffer.from('Signature1')]),
    bstr(protectedBytes),
    bstr(Buffer.alloc(0)),
    bstr(claim),
  ]);
  const verified = verify(
    'sha256',
    toBeSigned,
    { key: certificate.publicKey, dsaEncoding: 'ieee-p1363' },
    value,
  );
  return { verified, certificate };
}

/** The active (last) manifest of a store and its actions assertion, decoded. */
export function activeManifest(store: Jumbf): { manifest: Jumbf; actions: Map<Cbor, Cbor>[] } {
  const manifest = store.children.at(-1);
  if (!manifest) throw new Error('an empty manifest store');
  const assertion = child(child(manifest, 'c2pa.assertions'), /^c2pa\.actions(\.v2)?$/)?.content.get('cbor');
  const decoded = assertion ? (decodeCbor(assertion) as Map<Cbor, Cbor>) : new Map();
  return { manifest, actions: (decoded.get('actions') as Map<Cbor, Cbor>[] | undefined) ?? [] };
}

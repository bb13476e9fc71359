import { type KeyObject, sign } from 'node:crypto';
import { CborTag, type CborValue, encodeCbor } from './cbor.server';

/**
 * The claim's signature as the library wants it back. @contentauth/c2pa-wasm hands its JavaScript signer the claim
 * bytes and expects the whole COSE_Sign1 in return (its WasmSigner answers `direct_cose_handling() = true`, read in
 * c2pa-js packages/c2pa-wasm/src/wasm_signer.rs; c2pa-rs store.rs `sign_claim` then embeds what it gets), exactly
 * `reserveSize` bytes long. So this writes what c2pa-rs's own `sign_v1` writes (sdk/src/crypto/cose/sign.rs):
 * - protected header: alg ES256 (−7) and x5chain (33, RFC 9360): one certificate as a byte string, several as an
 *   array, the signing certificate first;
 * - detached payload (nil): the claim lives in its own JUMBF box;
 * - signature over Sig_structure ["Signature1", protected, h'', claim] (RFC 9052 §4.4), as r‖s (IEEE P1363);
 * - unprotected header: `pad` zero bytes so the structure fills the reserved box exactly (c2pa-rs `pad_cose_sig`).
 * No time stamp: that is a call to a time-stamp authority per file (docs/decisions/0065).
 */

const ES256 = -7;
const X5CHAIN = 33;
const COSE_SIGN1_TAG = 18;
/** Room for the COSE framing around the certificates; the rest of the reserve is padding. */
const FRAMING_BYTES = 1024;
/** A pad of 256…65535 bytes has a 3-byte length, so every size in that range is reachable exactly. */
const MIN_PAD = 256;

export interface CoseKey {
  /** DER certificates, the signing one first. */
  chain: readonly Buffer[];
  key: KeyObject;
}

export function reserveSize(signer: CoseKey): number {
  return signer.chain.reduce((sum, der) => sum + der.length, 0) + FRAMING_BYTES + MIN_PAD;
}

function sign1(protectedHeader: Buffer, signature: Buffer, pad: number | undefined): Buffer {
  const unprotected = new Map<string, CborValue>(pad === undefined ? [] : [['pad', Buffer.alloc(pad)]]);
  return encodeCbor(new CborTag(COSE_SIGN1_TAG, [protectedHeader, unprotected, null, signature]));
}

export function coseSign1(claim: Uint8Array, signer: CoseKey, size: number): Buffer {
  const chain: CborValue = signer.chain.length === 1 ? (signer.chain[0] as Buffer) : [...signer.chain];
  const protectedHeader = encodeCbor(
    new Map<number, CborValue>([
      [1, ES256],
      [X5CHAIN, chain],
    ]),
  );
  const toBeSigned = encodeCbor(['Signature1', protectedHeader, Buffer.alloc(0), Buffer.from(claim)]);
  const signature = sign('sha256', toBeSigned, { key: signer.key, dsaEncoding: 'ieee-p1363' });
  // "pad" as a text key (4 bytes) and a 3-byte byte-string head: 7 bytes besides the zeros.
  const pad = size - sign1(protectedHeader, signature, undefined).length - 7;
  if (pad < MIN_PAD || pad > 0xffff) throw new Error(`the COSE signature does not fit ${size} bytes`);
  const out = sign1(protectedHeader, signature, pad);
  if (out.length !== size) throw new Error(`the COSE signature is ${out.length} bytes, not ${size}`);
  return out;
}

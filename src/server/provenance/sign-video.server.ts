import { rename, rm, stat, writeFile } from 'node:fs/promises';
import { WasmBuilder } from '@contentauth/c2pa-wasm';
import { fileBlob, loadC2pa } from './c2pa-library.server';
import { coseSign1, reserveSize } from './cose.server';
import { type Made, manifestDefinition } from './manifest.server';
import { hasManifest, trustSettings } from './read-credentials.server';
import type { SigningKey } from './signing-key.server';

/**
 * Signs a delivered MP4 in place with its Content Credentials (ADR 0065): the manifest is embedded in a `uuid` box
 * and the file's boxes are hashed (c2pa-rs `c2pa.hash.bmff.v3`). The library returns the signed file as one
 * buffer, so a file above SIGN_MAX_BYTES is left unsigned (logged by the caller) rather than held in memory; the
 * longest film Cena makes is a small fraction of it. The library checks what it signed (`verify_after_sign`)
 * under the signer's own roots, so a file that would not validate is never stored.
 */

const SIGN_MAX_BYTES = 512 * 1024 * 1024;

export interface SignOptions {
  /**
   * The model's own file, when it was delivered with Content Credentials of its maker (Google's): recorded as the
   * parent ingredient, its manifest kept inside ours.
   */
  providerFile?: string;
  now?: Date;
}

export type SignOutcome = { signed: true; cpuMs: number } | { signed: false; reason: 'too_large' };

async function addParent(builder: WasmBuilder, providerFile: string | undefined, anchors: string) {
  if (!providerFile || !(await hasManifest(providerFile, anchors))) return;
  await builder.addIngredientFromBlob(
    JSON.stringify({ title: 'model-output.mp4', relationship: 'parentOf' }),
    'video/mp4',
    fileBlob(providerFile),
  );
}

export async function signVideo(
  key: SigningKey,
  file: string,
  made: Made,
  options: SignOptions = {},
): Promise<SignOutcome> {
  if ((await stat(file)).size > SIGN_MAX_BYTES) return { signed: false, reason: 'too_large' };
  loadC2pa();
  const started = process.cpuUsage();
  const size = reserveSize(key);
  const builder = WasmBuilder.fromJson(
    manifestDefinition(made, options.now ?? new Date()),
    trustSettings(key.anchors),
  );
  let signed: Uint8Array;
  try {
    await addParent(builder, options.providerFile, key.anchors);
    signed = await builder.sign(
      { alg: 'es256', reserveSize: size, sign: async (claim) => new Uint8Array(coseSign1(claim, key, size)) },
      [],
      'video/mp4',
      fileBlob(file),
    );
  } finally {
    builder.free();
  }
  const used = process.cpuUsage(started);
  const aside = `${file}.c2pa`;
  try {
    await writeFile(aside, signed);
    await rename(aside, file);
  } finally {
    await rm(aside, { force: true });
  }
  return { signed: true, cpuMs: (used.user + used.system) / 1000 };
}

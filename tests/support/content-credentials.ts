import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { developmentChain, toPem } from '#server/provenance/certificate.server';
import { readCredentials } from '#server/provenance/read-credentials.server';
import type { VerifyResult } from '#shared/provenance';
import { ROOT } from './app';

/**
 * A downloaded file's Content Credentials (ADR 0065), validated under the development root the test apps sign with:
 * they keep it under DATA_DIR/c2pa, DATA_DIR being ./data when a test does not set it.
 */
export async function credentialsOf(file: string): Promise<VerifyResult> {
  return readCredentials(file, await readFile(path.join(ROOT, 'data/c2pa/root.pem'), 'utf8'));
}

/**
 * C2PA_SIGNING_CERT / C2PA_SIGNING_KEY for an app started in production mode (which refuses the development
 * chain): a chain made like it, written as PEM text, so nothing is written to disk.
 */
export function signingEnv(): { C2PA_SIGNING_CERT: string; C2PA_SIGNING_KEY: string } {
  const { root, signer } = developmentChain();
  return {
    C2PA_SIGNING_CERT: toPem(signer.der) + toPem(root.der),
    C2PA_SIGNING_KEY: signer.key.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

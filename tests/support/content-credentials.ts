import { readFile } from 'node:fs/promises';
import path from 'node:path';
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

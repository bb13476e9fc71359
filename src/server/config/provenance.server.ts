import path from 'node:path';
import { z } from 'zod';
import { type ConfigReading, optionalString } from './env-values.server';

/**
 * Content Credentials (C2PA, ADR 0065): the certificate chain and private key every delivered MP4 is signed with,
 * each as PEM text or the path of a PEM file. The key is ECDSA P-256 (ES256, the one algorithm the signer writes);
 * the chain starts with the signing certificate, which needs the C2PA profile (docs/features/provenance.md).
 * Unset in local mode only: a development root and signer, named as such, are made once and kept under DATA_DIR.
 */
export const provenanceEnv = z.object({
  C2PA_SIGNING_CERT: optionalString,
  C2PA_SIGNING_KEY: optionalString,
  /**
   * The roots /api/verify trusts as Cena's (PEM or a path): a file signed under one is "feito pela Cena". Unset: the
   * root of the development chain in local mode; in production, the last certificate of C2PA_SIGNING_CERT.
   */
  C2PA_TRUST_ANCHORS: optionalString,
});

export interface ProvenanceConfig {
  /** PEM text or a path; undefined: the development chain (local mode only). */
  signingCert: string | undefined;
  signingKey: string | undefined;
  trustAnchors: string | undefined;
  /** Where the development chain is kept. */
  developmentDir: string;
  /** The development chain is refused here. */
  isProduction: boolean;
}

export function provenanceConfig(
  env: z.infer<typeof provenanceEnv>,
  reading: ConfigReading,
): ProvenanceConfig {
  const { C2PA_SIGNING_CERT: signingCert, C2PA_SIGNING_KEY: signingKey } = env;
  if (Boolean(signingCert) !== Boolean(signingKey)) {
    reading.problems.push('  C2PA_SIGNING_CERT / C2PA_SIGNING_KEY: set both, or neither');
  } else if (reading.isProduction && !signingCert) {
    // The development chain is made on one machine and says "NOT FOR PRODUCTION" in its names.
    reading.problems.push(
      '  C2PA_SIGNING_CERT / C2PA_SIGNING_KEY: required in production (a C2PA signing certificate, ES256)',
    );
  }
  return {
    signingCert,
    signingKey,
    trustAnchors: env.C2PA_TRUST_ANCHORS,
    developmentDir: path.join(reading.dataDir, 'c2pa'),
    isProduction: reading.isProduction,
  };
}

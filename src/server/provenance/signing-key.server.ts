import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProvenanceConfig } from '#server/config.server';
import { developmentChain, pemBlocks, toPem } from './certificate.server';

/**
 * The signer of Content Credentials: the configured chain and key (C2PA_SIGNING_CERT / C2PA_SIGNING_KEY), or in
 * local mode the development chain, made once and kept under DATA_DIR/c2pa so every process and test run reuses it
 * (making keys per file would cost each video a key pair and leave no two files under one root).
 */

export interface SigningKey {
  /** DER certificates, the signing one first; the root is not sent (C2PA 2.3 §14.5: a trust anchor is known). */
  chain: Buffer[];
  key: KeyObject;
  /** PEM roots a file signed by Cena validates under: c2pa-rs's `trust.user_anchors`. */
  anchors: string;
  development: boolean;
}

/** A value that is PEM text, or the path of a PEM file. */
function pemOf(value: string): string {
  return value.includes('-----BEGIN') ? value : readFileSync(value, 'utf8');
}

/** Renewed this long before the development signer expires, so a file is never signed by an expired one. */
const RENEW_BEFORE_MS = 30 * 24 * 60 * 60_000;

function storedDevelopmentKey(dir: string, now: Date): SigningKey | undefined {
  const files = ['root.pem', 'signer.pem', 'signer.key'].map((name) => path.join(dir, name));
  if (!files.every((file) => existsSync(file))) return undefined;
  const [root = '', signer = '', key = ''] = files.map((file) => readFileSync(file, 'utf8'));
  const certificate = new X509Certificate(signer);
  if (new Date(certificate.validTo).getTime() - now.getTime() < RENEW_BEFORE_MS) return undefined;
  return { chain: pemBlocks(signer), key: createPrivateKey(key), anchors: root, development: true };
}

function developmentKey(dir: string, now: Date): SigningKey {
  const stored = storedDevelopmentKey(dir, now);
  if (stored) return stored;
  const { root, signer } = developmentChain(now);
  // Written in a folder of its own, then renamed into place whole: processes starting at once (web and worker)
  // end up with one set, never one's root with another's signer. The loser of the race reads the winner's.
  const aside = `${dir}.${process.pid}.${Date.now()}`;
  mkdirSync(aside, { recursive: true });
  writeFileSync(path.join(aside, 'root.pem'), toPem(root.der));
  writeFileSync(path.join(aside, 'signer.pem'), toPem(signer.der));
  writeFileSync(path.join(aside, 'signer.key'), signer.key.export({ type: 'pkcs8', format: 'pem' }), {
    mode: 0o600,
  });
  // An expired set is moved away first.
  if (existsSync(dir) && !storedDevelopmentKey(dir, now)) rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(aside, dir);
  } catch {
    rmSync(aside, { recursive: true, force: true });
  }
  const kept = storedDevelopmentKey(dir, now);
  if (!kept) throw new Error(`C2PA: the development certificate could not be kept in ${dir}`);
  return kept;
}

function configuredKey(config: ProvenanceConfig & { signingCert: string; signingKey: string }): SigningKey {
  const chain = pemBlocks(pemOf(config.signingCert));
  const key = createPrivateKey(pemOf(config.signingKey));
  if (chain.length === 0) throw new Error('C2PA_SIGNING_CERT: no PEM certificate found');
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('C2PA_SIGNING_KEY: must be an ECDSA P-256 key (ES256)');
  const last = chain[chain.length - 1] as Buffer;
  const anchors = config.trustAnchors ? pemOf(config.trustAnchors) : toPem(last);
  // A self-signed root in the chain is not sent: c2pa-rs refuses self-signed certificates in x5chain.
  const sent = chain.filter((der) => {
    const certificate = new X509Certificate(der);
    return !(certificate.ca && certificate.checkIssued(certificate));
  });
  return { chain: sent, key, anchors, development: false };
}

export function loadSigningKey(config: ProvenanceConfig, now = new Date()): SigningKey {
  if (config.signingCert && config.signingKey)
    return configuredKey({ ...config, signingCert: config.signingCert, signingKey: config.signingKey });
  if (config.isProduction) throw new Error('C2PA: the development certificate is refused in production');
  return developmentKey(config.developmentDir, now);
}

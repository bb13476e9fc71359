import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import {
  bitString,
  boolean,
  explicit,
  objectId,
  octetString,
  printable,
  sequence,
  set,
  time,
  tlv,
  unsignedInteger,
  utf8,
} from './der.server';

/**
 * X.509 v3 certificates for the local development signer: a root and a signing certificate under it, ECDSA P-256
 * with SHA-256. c2pa-rs accepts a signing certificate only with the C2PA profile (C2PA 2.3 §14.5.1, read in
 * c2pa-rs sdk/src/crypto/cose/certificate_profile.rs): v3, not a CA, not self-signed, an authority key id, key
 * usage digitalSignature and an extended key usage from its list (valid_eku_oids.cfg). The root stays out of the manifest: it is the trust anchor the verifier is given.
 */

const OID = {
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  country: '2.5.4.6',
  subjectKeyId: '2.5.29.14',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  authorityKeyId: '2.5.29.35',
  extendedKeyUsage: '2.5.29.37',
  /**
   * id-kp-emailProtection: c2pa-rs 0.91.3 (the one in @contentauth/c2pa-wasm 0.13.3) refuses documentSigning with
   * "certificate missing required EKU" (tried); emailProtection is on every version's list.
   */
  emailProtection: '1.3.6.1.5.5.7.3.4',
} as const;

export interface IssuedCertificate {
  der: Buffer;
  key: KeyObject;
  keyId: Buffer;
}

interface CertificateRequest {
  commonName: string;
  organization: string;
  days: number;
  ca: boolean;
  issuer?: { certificate: IssuedCertificate; name: Buffer };
  now: Date;
}

function name(commonName: string, organization: string): Buffer {
  const attribute = (oid: string, value: Buffer) => set(sequence(objectId(oid), value));
  return sequence(
    attribute(OID.country, printable('BR')),
    attribute(OID.organization, utf8(organization)),
    attribute(OID.commonName, utf8(commonName)),
  );
}

function extension(oid: string, critical: boolean, value: Buffer): Buffer {
  return sequence(objectId(oid), ...(critical ? [boolean(true)] : []), octetString(value));
}

/** RFC 5280 §4.2.1.2 method 1: SHA-1 of the public key's bits. */
function keyId(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ]);
  return createHash('sha1').update(point).digest();
}

function extensions(request: CertificateRequest, subjectKeyId: Buffer): Buffer {
  const authorityKeyId = request.issuer?.certificate.keyId ?? subjectKeyId;
  const list = [
    extension(OID.basicConstraints, true, sequence(...(request.ca ? [boolean(true)] : []))),
    // keyCertSign + cRLSign (bits 5, 6) for the root; digitalSignature (bit 0) for the signer.
    extension(
      OID.keyUsage,
      true,
      request.ca ? bitString(Buffer.from([0x06]), 1) : bitString(Buffer.from([0x80]), 7),
    ),
    extension(OID.subjectKeyId, false, octetString(subjectKeyId)),
    extension(OID.authorityKeyId, false, sequence(tlv(0x80, authorityKeyId))),
    ...(request.ca ? [] : [extension(OID.extendedKeyUsage, false, sequence(objectId(OID.emailProtection)))]),
  ];
  return explicit(3, sequence(...list));
}

function issueCertificate(request: CertificateRequest): IssuedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const subject = name(request.commonName, request.organization);
  const subjectKeyId = keyId(publicKey);
  const algorithm = sequence(objectId(OID.ecdsaWithSha256));
  const notBefore = new Date(request.now.getTime() - 60 * 60_000);
  const notAfter = new Date(request.now.getTime() + request.days * 24 * 60 * 60_000);
  const tbs = sequence(
    explicit(0, unsignedInteger(Buffer.from([2]))),
    unsignedInteger(Buffer.concat([Buffer.from([0x01]), randomBytes(15)])),
    algorithm,
    request.issuer?.name ?? subject,
    sequence(time(notBefore), time(notAfter)),
    subject,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions(request, subjectKeyId),
  );
  const signingKey = request.issuer?.certificate.key ?? privateKey;
  const signature = sign('sha256', tbs, { key: signingKey, dsaEncoding: 'der' });
  return { der: sequence(tbs, algorithm, bitString(signature)), key: privateKey, keyId: subjectKeyId };
}

/** The development root and its signing certificate, named as such so nobody mistakes them for Cena's own. */
export function developmentChain(now = new Date()): { root: IssuedCertificate; signer: IssuedCertificate } {
  const organization = 'Cena (desenvolvimento)';
  const rootName = 'Cena development root (NOT FOR PRODUCTION)';
  const root = issueCertificate({ commonName: rootName, organization, days: 3650, ca: true, now });
  const signer = issueCertificate({
    commonName: 'Cena development signer (NOT FOR PRODUCTION)',
    organization,
    days: 730,
    ca: false,
    issuer: { certificate: root, name: name(rootName, organization) },
    now,
  });
  return { root, signer };
}

export function toPem(der: Buffer, label = 'CERTIFICATE'): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export function pemBlocks(pem: string, label = 'CERTIFICATE'): Buffer[] {
  const pattern = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`, 'g');
  return [...pem.matchAll(pattern)].map((match) =>
    Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64'),
  );
}

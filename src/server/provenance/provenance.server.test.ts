import { X509Certificate } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINED_ALGORITHMIC_MEDIA } from '#shared/provenance';
import { activeManifest, checkClaimSignature, child, manifestStore } from '#tests/support/c2pa-jumbf';
import { colourClip, mediaTools } from '#tests/support/media';
import { developmentChain, toPem } from './certificate.server';
import { readCredentials } from './read-credentials.server';
import { offThreadReader } from './read-off-thread.server';
import { signVideo } from './sign-video.server';
import { loadSigningKey, type SigningKey } from './signing-key.server';

/**
 * Content Credentials (ADR 0065) on tiny ffmpeg clips: signed by the development chain, read back by c2pa-rs (the
 * library) and by the box walker of tests/support/c2pa-jumbf.ts (node:crypto checks the claim's signature), then
 * altered by one byte, unsigned, or signed by someone else.
 */

let dir: string;
let key: SigningKey;
let plain: string;
const TOOLS = await mediaTools(60_000);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cena-provenance-'));
  key = loadSigningKey({
    signingCert: undefined,
    signingKey: undefined,
    trustAnchors: undefined,
    developmentDir: path.join(dir, 'c2pa'),
    isProduction: false,
  });
  plain = await colourClip(TOOLS, path.join(dir, 'plain.mp4'), {
    colour: 'teal',
    seconds: 1,
    size: '160x90',
  });
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function signedCopy(name: string, made = { model: 'veo-3.1-fast', edits: ['reframed'] as const }) {
  const file = path.join(dir, name);
  await copyFile(plain, file);
  const outcome = await signVideo(key, file, { model: made.model, edits: [...made.edits] });
  expect(outcome.signed).toBe(true);
  return file;
}

/** The byte at the middle of the top-level `mdat` box: video data, not metadata. */
async function alterVideoData(file: string): Promise<void> {
  const data = await readFile(file);
  for (let at = 0; at + 8 <= data.length; at += data.readUInt32BE(at)) {
    if (data.toString('latin1', at + 4, at + 8) !== 'mdat') continue;
    const middle = at + Math.floor(data.readUInt32BE(at) / 2);
    data[middle] = (data[middle] ?? 0) ^ 0xff;
    await writeFile(file, data);
    return;
  }
  throw new Error('no mdat box');
}

describe('a signed MP4', () => {
  it('validates in c2pa-rs as made by Cena: the model, trainedAlgorithmicMedia, its edits, the signer', async () => {
    const file = await signedCopy('signed.mp4');
    const read = await readCredentials(file, key.anchors);
    expect(read).toMatchObject({
      credentials: 'valid',
      madeByCena: true,
      generator: expect.stringMatching(/^Cena \d+\.\d+\.\d+$/),
      model: 'veo-3.1-fast',
      aiGenerated: true,
      failures: [],
      signer: 'Cena (desenvolvimento) — Cena development signer (NOT FOR PRODUCTION)',
    });
    expect(read.actions.map((action) => [action.action, action.edit])).toEqual([
      ['c2pa.created', null],
      ['c2pa.edited', 'reframed'],
    ]);
    expect(read.actions[0]?.digitalSourceType).toBe(TRAINED_ALGORITHMIC_MEDIA);
    expect(Date.now() - Date.parse(read.signedAt ?? '')).toBeLessThan(60_000);
    // No time-stamp authority is asked (ADR 0065): the time is the signer's own clock, and said so.
    expect(read.signedAtSource).toBe('signer_clock');
  });

  it('reads the same in a second reader: JUMBF boxes in the uuid box, an ES256 claim signature by the signer', async () => {
    const file = await signedCopy('boxes.mp4');
    const store = manifestStore(file);
    expect(store?.label).toBe('c2pa');
    const { manifest, actions } = activeManifest(store as NonNullable<typeof store>);
    expect(manifest.label).toMatch(/^urn:c2pa:/);
    expect(child(manifest, 'c2pa.assertions')?.children.map((item) => item.label)).toEqual(
      expect.arrayContaining(['c2pa.actions.v2', 'c2pa.hash.bmff.v3']),
    );
    const created = actions[0];
    expect(created?.get('action')).toBe('c2pa.created');
    expect(created?.get('digitalSourceType')).toBe(TRAINED_ALGORITHMIC_MEDIA);
    expect((created?.get('softwareAgent') as Map<string, string> | undefined)?.get('name')).toBe(
      'veo-3.1-fast',
    );
    const { verified, certificate } = checkClaimSignature(manifest);
    expect(verified).toBe(true);
    expect(certificate.subject).toContain('CN=Cena development signer (NOT FOR PRODUCTION)');
    expect(certificate.verify(new X509Certificate(key.anchors).publicKey)).toBe(true);
  });

  it('does not match once one byte of its video data is changed', async () => {
    const file = await signedCopy('altered.mp4');
    await alterVideoData(file);
    const read = await readCredentials(file, key.anchors);
    expect(read.credentials).toBe('invalid');
    expect(read.failures).toContain('assertion.bmffHash.mismatch');
  });

  it('signed under another root is valid, but not made by Cena', async () => {
    const other = developmentChain();
    const file = path.join(dir, 'other.mp4');
    await copyFile(plain, file);
    const otherKey = {
      chain: [other.signer.der],
      key: other.signer.key,
      anchors: toPem(other.root.der),
      development: true,
    };
    await signVideo(otherKey, file, { model: 'x', edits: [] });
    expect(await readCredentials(file, key.anchors)).toMatchObject({
      credentials: 'valid',
      madeByCena: false,
    });
  });

  it('keeps the model maker’s own manifest as its parent ingredient', async () => {
    const fromProvider = await signedCopy('provider.mp4', { model: 'the-provider', edits: [] as never });
    const delivered = path.join(dir, 'delivered.mp4');
    await copyFile(fromProvider, delivered);
    await signVideo(key, delivered, { model: 'veo-3.1-fast', edits: [] }, { providerFile: fromProvider });
    const store = manifestStore(delivered);
    expect(store?.children).toHaveLength(2);
    const { manifest } = activeManifest(store as NonNullable<typeof store>);
    const ingredient = child(child(manifest, 'c2pa.assertions'), /^c2pa\.ingredient/);
    expect(ingredient?.label).toMatch(/^c2pa\.ingredient/);
    expect(await readCredentials(delivered, key.anchors)).toMatchObject({
      credentials: 'valid',
      model: 'veo-3.1-fast',
    });
  });
});

describe('a file without Content Credentials', () => {
  it('an MP4 made by ffmpeg carries none', async () => {
    expect(manifestStore(plain)).toBeUndefined();
    expect(await readCredentials(plain, key.anchors)).toMatchObject({ credentials: 'none', actions: [] });
  });
});

describe('the signing key', () => {
  it('is made once in local mode and read back from the data folder', () => {
    const again = loadSigningKey({
      signingCert: undefined,
      signingKey: undefined,
      trustAnchors: undefined,
      developmentDir: path.join(dir, 'c2pa'),
      isProduction: false,
    });
    expect(again.chain[0]?.equals(key.chain[0] as Buffer)).toBe(true);
    expect(again.development).toBe(true);
  });

  it('is refused in production when it would be the development one', () => {
    expect(() =>
      loadSigningKey({
        signingCert: undefined,
        signingKey: undefined,
        trustAnchors: undefined,
        developmentDir: path.join(dir, 'c2pa'),
        isProduction: true,
      }),
    ).toThrow(/development certificate is refused in production/);
  });

  it('is the configured PEM chain and P-256 key, given as text or as paths', async () => {
    const { root, signer } = developmentChain();
    const certFile = path.join(dir, 'chain.pem');
    await writeFile(certFile, toPem(signer.der) + toPem(root.der));
    const configured = loadSigningKey({
      signingCert: certFile,
      signingKey: signer.key.export({ type: 'pkcs8', format: 'pem' }).toString(),
      trustAnchors: undefined,
      developmentDir: path.join(dir, 'unused'),
      isProduction: true,
    });
    // The self-signed root is the trust anchor, not sent in the manifest.
    expect(configured.chain).toHaveLength(1);
    expect(configured.anchors).toBe(toPem(root.der));
    const file = path.join(dir, 'configured.mp4');
    await copyFile(plain, file);
    await signVideo(configured, file, { model: 'm', edits: [] });
    expect(await readCredentials(file, configured.anchors)).toMatchObject({
      credentials: 'valid',
      madeByCena: true,
    });
  });
});

describe('the reader of /api/verify', () => {
  it('reads on a worker thread, not the event loop that answers requests, with the same verdicts', async () => {
    const reader = offThreadReader();
    const file = await signedCopy('off-thread.mp4');
    const [signed, none] = await Promise.all([
      reader.read(file, key.anchors),
      reader.read(plain, key.anchors),
    ]);
    expect(signed.threadId).not.toBe(threadId);
    expect(signed.result).toEqual(await readCredentials(file, key.anchors));
    expect(signed.result).toMatchObject({ credentials: 'valid', madeByCena: true });
    expect(none.result).toMatchObject({ credentials: 'none' });
  });
});

import { WasmReader } from '@contentauth/c2pa-wasm';
import { editOf, TRAINED_ALGORITHMIC_MEDIA, type VerifyAction, type VerifyResult } from '#shared/provenance';
import { fileBlob, loadC2pa } from './c2pa-library.server';
import { CLAIM_GENERATOR } from './manifest.server';

/**
 * Reads and validates an MP4's Content Credentials with c2pa-rs (its Reader, through @contentauth/c2pa-wasm), the
 * file read from disk by offset (c2pa-library.server.ts). `validation_state` is c2pa-rs's verdict (C2PA 2.3 §15):
 * `Trusted` — hashes and signature match and the signer chains to a given root; `Valid` — they match, the signer
 * is not one of those roots; `Invalid` — something does not match. Cena's roots are given as `trust.user_anchors`
 * (c2pa-rs settings), and no network is used: OCSP and remote manifests stay off (their defaults in c2pa-rs).
 */

export const trustSettings = (anchors: string) => JSON.stringify({ trust: { user_anchors: anchors } });

/** c2pa-rs's errors for a file that carries no manifest at all. */
const NO_MANIFEST = /JumbfNotFound|ProvenanceMissing|JumbfBoxNotFound/;

interface ManifestJson {
  claim_generator_info?: { name?: string; version?: string }[];
  assertions?: { label: string; data: unknown }[];
  signature_info?: { issuer?: string; common_name?: string; time?: string };
}

interface StoreJson {
  active_manifest?: string;
  manifests?: Record<string, ManifestJson>;
  validation_state?: 'Invalid' | 'Valid' | 'Trusted';
  validation_results?: { activeManifest?: { failure?: { code: string }[] } };
}

interface ActionJson {
  action?: string;
  description?: string;
  digitalSourceType?: string;
  softwareAgent?: string | { name?: string };
  when?: string;
}

const NONE: VerifyResult = {
  credentials: 'none',
  madeByCena: false,
  signer: null,
  signedAt: null,
  signedAtSource: null,
  generator: null,
  model: null,
  aiGenerated: false,
  actions: [],
  failures: [],
};

function actionsOf(manifest: ManifestJson): ActionJson[] {
  const assertion = manifest.assertions?.find((item) => /^c2pa\.actions(\.v2)?$/.test(item.label));
  return ((assertion?.data as { actions?: ActionJson[] } | undefined)?.actions ?? []).filter(Boolean);
}

function summary(store: StoreJson): VerifyResult {
  const manifest = store.active_manifest ? store.manifests?.[store.active_manifest] : undefined;
  if (!manifest) return NONE;
  const actions = actionsOf(manifest);
  const created = actions.find((action) => action.action === 'c2pa.created');
  const agent = created?.softwareAgent;
  const generatorInfo = manifest.claim_generator_info?.[0];
  const failures = (store.validation_results?.activeManifest?.failure ?? []).map((item) => item.code);
  const valid = store.validation_state === 'Valid' || store.validation_state === 'Trusted';
  const signature = manifest.signature_info;
  // c2pa-rs fills `signature_info.time` from the signature's RFC 3161 time stamp alone (a signature made without
  // one reads `{ alg, issuer, common_name, cert_serial_number }`, measured on Cena's files): without it, the time
  // is the last action's `when`, which only the signer's clock says (ADR 0065).
  const stamped = signature?.time ?? null;
  const clock = actions.at(-1)?.when ?? null;
  return {
    credentials: valid ? 'valid' : 'invalid',
    madeByCena: store.validation_state === 'Trusted' && generatorInfo?.name === CLAIM_GENERATOR.name,
    signer: [signature?.issuer, signature?.common_name].filter(Boolean).join(' — ') || null,
    signedAt: stamped ?? clock,
    signedAtSource: stamped ? 'timestamp' : clock ? 'signer_clock' : null,
    generator: generatorInfo?.name
      ? [generatorInfo.name, generatorInfo.version].filter(Boolean).join(' ')
      : null,
    model: (typeof agent === 'string' ? agent : agent?.name) ?? null,
    aiGenerated: actions.some((action) => action.digitalSourceType === TRAINED_ALGORITHMIC_MEDIA),
    actions: actions.map(
      (action): VerifyAction => ({
        action: action.action ?? '',
        edit: editOf(action.description ?? null),
        description: action.description ?? null,
        digitalSourceType: action.digitalSourceType ?? null,
      }),
    ),
    // An untrusted signer is not a mismatch: it is what `madeByCena` says.
    failures: valid ? [] : failures.filter((code) => code !== 'signingCredential.untrusted'),
  };
}

/** What an MP4 on disk carries: valid, invalid or no credentials, and what they say. */
export async function readCredentials(file: string, anchors: string): Promise<VerifyResult> {
  loadC2pa();
  let reader: WasmReader;
  try {
    reader = await WasmReader.fromBlob('video/mp4', fileBlob(file), trustSettings(anchors));
  } catch (error) {
    const message = String(error);
    if (NO_MANIFEST.test(message)) return NONE;
    return { ...NONE, credentials: 'invalid', failures: [message.replace(/^C2pa\(|\)$/g, '').slice(0, 200)] };
  }
  try {
    return summary(JSON.parse(reader.json()) as StoreJson);
  } finally {
    reader.free();
  }
}

export async function hasManifest(file: string, anchors: string): Promise<boolean> {
  return (await readCredentials(file, anchors)).credentials !== 'none';
}

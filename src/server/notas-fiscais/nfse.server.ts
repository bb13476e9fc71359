import type { NfseConfig } from '#server/config/nfse.server';
import type { NfseEmitter } from './emitter.server';
import { FocusNfeEmitter } from './focus-emitter.server';
import { LocalNfseEmitter } from './local-emitter.server';

/** The configured NFS-e emitter (NFSE_PROVIDER, ADR 0041); undefined when notas are off. */
export function createNfseEmitter(config: NfseConfig, appUrl: string): NfseEmitter | undefined {
  if (config.provider === 'off') return undefined;
  if (config.provider === 'local') return new LocalNfseEmitter(appUrl);
  return new FocusNfeEmitter({ apiBase: config.apiBase, token: config.token, service: config.service });
}

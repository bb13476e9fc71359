/**
 * The notas-fiscais room's entry file (ADR 0003, ADR 0057): what other rooms use of it — the notas fiscais
 * (NFS-e, ADR 0041): the emitter chosen from the configuration, requests and cancellations, the worker, the
 * routes and the dev pages. Other rooms import this file, never one inside the room (biome.json).
 */

export type { NfseEmitter } from './emitter.server';
export { devNotaPages, nfseRoutes } from './nfse.routes.server';
export { createNfseEmitter } from './nfse.server';
export { registerNfseWorker } from './nfse-worker.server';
export type { NotaView } from './notas.server';
export { notaView, requestNota, requestNotaCancel, saveCustomerDocument } from './notas.server';

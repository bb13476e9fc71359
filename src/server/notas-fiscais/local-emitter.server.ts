import type { CancelOutcome, EmitterOutcome, NfseEmitter, NotaRequest } from './emitter.server';

/**
 * The local test emitter (NFSE_PROVIDER=local, never in production): issues at once a nota that is only a page of
 * this app, `/dev/nfse/{ref}`, marked "NOTA DE TESTE — SEM VALOR FISCAL", so the whole path (issue, e-mail,
 * history, refund cancelling it, admin retry) runs without an emitter account. It keeps nothing of its own: the
 * page is drawn from the nota's row.
 */
export class LocalNfseEmitter implements NfseEmitter {
  readonly kind = 'local' as const;

  constructor(private readonly appUrl: string) {}

  async issue(request: NotaRequest): Promise<EmitterOutcome> {
    return this.issued(request.ref);
  }

  async status(ref: string): Promise<EmitterOutcome> {
    return this.issued(ref);
  }

  async cancel(): Promise<CancelOutcome> {
    return { state: 'cancelled' };
  }

  private issued(ref: string): EmitterOutcome {
    const page = `${this.appUrl}/dev/nfse/${encodeURIComponent(ref)}`;
    return { state: 'issued', number: `TESTE-${ref.slice(0, 8)}`, pdfUrl: page, xmlUrl: `${page}.xml` };
  }
}

import type { NfseService } from '#server/config/nfse.server';
import {
  type CancelOutcome,
  type EmitterOutcome,
  EmitterUnavailableError,
  type NfseEmitter,
  type NotaRequest,
} from './emitter.server';

/**
 * Focus NFe's NFS-e API (ADR 0041), from its documentation (https://focusnfe.com.br/doc/#nfse):
 * - `POST /v2/nfse?ref=REF` sends a nota to be processed asynchronously (`processando_autorizacao`); the ref is
 *   ours and unique per document — "elas não podem se repetir em mais de um documento fiscal"
 *   (https://guides.focusnfe.com.br/?p=119) — and a ref already in use answers 422 `em_processamento` or
 *   `nfe_autorizada`. A nota in `erro_autorizacao` "é possível reenviar ... com a mesma referência".
 * - `GET /v2/nfse/REF` answers `status` (`processando_autorizacao`, `autorizado`, `erro_autorizacao`,
 *   `cancelado`), with `numero`, `url` (the city's page of the nota), `url_danfse` (PDF, some cities) and
 *   `caminho_xml_nota_fiscal` (a path on the API's host); 404 `nao_encontrado` for an unknown ref.
 * - `DELETE /v2/nfse/REF` with `justificativa` (15 to 255 characters) cancels synchronously: `cancelado`, or
 *   `erro_cancelamento` with `erros` (e.g. E523, outside the city's cancellation period — each city sets its own).
 * - Authentication: HTTP Basic with the token as the user and an empty password.
 */

const TIMEOUT_MS = 20_000;

interface FocusNota {
  status?: string;
  codigo?: string;
  mensagem?: string;
  numero?: string;
  url?: string;
  url_danfse?: string;
  caminho_xml_nota_fiscal?: string;
  erros?: { codigo?: string; mensagem?: string }[];
}

/** Brasília time with its fixed offset (no daylight saving since 2019), as the docs' examples write it. */
function brasiliaIso(date: Date): string {
  const local = new Date(date.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 19);
  return `${local}-03:00`;
}

function errorsText(body: FocusNota): string {
  const listed = (body.erros ?? []).map((e) => [e.codigo, e.mensagem].filter(Boolean).join(': '));
  return listed.join('; ') || [body.codigo, body.mensagem].filter(Boolean).join(': ') || 'erro sem mensagem';
}

export class FocusNfeEmitter implements NfseEmitter {
  readonly kind = 'focus' as const;

  constructor(
    private readonly options: { apiBase: string; token: string; service: NfseService },
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async issue(request: NotaRequest): Promise<EmitterOutcome> {
    // A nota sent before a crash is found under its ref instead of being sent again.
    const existing = await this.status(request.ref);
    if (existing.state !== 'not_found' && existing.state !== 'failed') return existing;
    const sent = await this.call(
      'POST',
      `/v2/nfse?ref=${encodeURIComponent(request.ref)}`,
      this.body(request),
    );
    if (sent.status === 422) return this.status(request.ref);
    if (sent.status >= 400) return { state: 'failed', error: errorsText(sent.body) };
    return this.outcome(sent.body);
  }

  async status(ref: string): Promise<EmitterOutcome> {
    const found = await this.call('GET', `/v2/nfse/${encodeURIComponent(ref)}`);
    if (found.status === 404) return { state: 'not_found' };
    if (found.status >= 400)
      throw new EmitterUnavailableError(`Focus NFe ${found.status}: ${errorsText(found.body)}`);
    return this.outcome(found.body);
  }

  async cancel(ref: string, reason: string): Promise<CancelOutcome> {
    const answer = await this.call('DELETE', `/v2/nfse/${encodeURIComponent(ref)}`, {
      justificativa: reason,
    });
    if (answer.body.status === 'cancelado' || answer.body.codigo === 'nfe_cancelada')
      return { state: 'cancelled' };
    if (answer.status >= 500) throw new EmitterUnavailableError(`Focus NFe ${answer.status}`);
    return { state: 'refused', error: errorsText(answer.body) };
  }

  private outcome(body: FocusNota): EmitterOutcome {
    switch (body.status) {
      case 'autorizado':
        return {
          state: 'issued',
          number: body.numero ?? null,
          pdfUrl: body.url_danfse ?? body.url ?? null,
          xmlUrl: body.caminho_xml_nota_fiscal
            ? `${this.options.apiBase}${body.caminho_xml_nota_fiscal}`
            : null,
        };
      case 'cancelado':
        return { state: 'cancelled' };
      case 'erro_autorizacao':
        return { state: 'failed', error: errorsText(body) };
      case 'processando_autorizacao':
        return { state: 'processing' };
      default:
        throw new EmitterUnavailableError(
          `Focus NFe answered an unknown status: ${body.status ?? body.codigo}`,
        );
    }
  }

  private body(request: NotaRequest): Record<string, unknown> {
    const { service } = this.options;
    const document = request.customer.document;
    return {
      data_emissao: brasiliaIso(request.issuedAt),
      natureza_operacao: '1',
      optante_simples_nacional: service.simplesNacional,
      prestador: {
        cnpj: service.cnpj,
        inscricao_municipal: service.inscricaoMunicipal,
        codigo_municipio: service.codigoMunicipio,
      },
      tomador: {
        ...(document ? { [document.length === 11 ? 'cpf' : 'cnpj']: document } : {}),
        razao_social: request.customer.name.slice(0, 115),
        email: request.customer.email.slice(0, 80),
      },
      servico: {
        valor_servicos: request.amountCents / 100,
        iss_retido: false,
        item_lista_servico: service.itemListaServico,
        ...(service.codigoTributarioMunicipio
          ? { codigo_tributario_municipio: service.codigoTributarioMunicipio }
          : {}),
        ...(service.aliquota !== undefined ? { aliquota: service.aliquota } : {}),
        discriminacao: `${service.description} — ${request.item}`,
        codigo_municipio: service.codigoMunicipio,
      },
    };
  }

  private async call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: FocusNota }> {
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.options.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${this.options.token}:`).toString('base64')}`,
          'content-type': 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new EmitterUnavailableError(`Focus NFe unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    try {
      return { status: response.status, body: text ? (JSON.parse(text) as FocusNota) : {} };
    } catch {
      throw new EmitterUnavailableError(`Focus NFe answered ${response.status} without JSON`);
    }
  }
}

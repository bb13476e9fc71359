import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Focus NFe's NFS-e API as its documentation describes it (https://focusnfe.com.br/doc/#nfse, the same text as
 * the docs' Slate source), not as Cena calls it:
 * - [AUTH] HTTP Basic, the token as the user and an empty password; another token answers 403 ("Access token
 *   inválido ou HTTP code 403 – Forbidden", https://focusnfe.com.br/blog/category/api/page/4/).
 * - [SEND] `POST /v2/nfse?ref=REF`: required (*) `data_emissao`, `optante_simples_nacional`, `prestador.cnpj`,
 *   `prestador.inscricao_municipal`, `prestador.codigo_municipio`, `servico.valor_servicos`, `servico.iss_retido`,
 *   `servico.item_lista_servico`, `servico.discriminacao`, `servico.codigo_municipio`; a missing one is refused
 *   synchronously (400 `requisicao_invalida`). Accepted notas are processed asynchronously
 *   (`processando_autorizacao`). A ref already in use answers 422 `em_processamento` or `nfe_autorizada` ("Status
 *   API" table); one in `erro_autorizacao` may be sent again under the same ref.
 * - [READ] `GET /v2/nfse/REF`: 404 `nao_encontrado`, or `status` with `numero`, `url`, `url_danfse`,
 *   `caminho_xml_nota_fiscal` once `autorizado`, `erros` when `erro_autorizacao`.
 * - [CANCEL] `DELETE /v2/nfse/REF` with `justificativa` of 15 to 255 characters, synchronous: `cancelado`, or
 *   `erro_cancelamento` with `erros` (E523 "fora do prazo permitido para cancelamento" — the period is the city's;
 *   `cancelWindowMs` stands for it); 400 `nfe_cancelada` when already cancelled, `nfe_nao_autorizada` when the nota
 *   was never authorized.
 * - [HOOKS] a gatilho POSTs the nota's JSON (as the read answers it) to the registered URL, with the optional
 *   `authorization` value in the Authorization header (https://focusnfe.com.br/doc/#gatilhos-webhooks).
 */

interface Nota {
  ref: string;
  status: 'processando_autorizacao' | 'autorizado' | 'erro_autorizacao' | 'cancelado';
  body: Record<string, unknown>;
  numero?: string;
  authorizedAt?: number;
  erros?: { codigo: string; mensagem: string; correcao: null }[];
}

const REQUIRED: [string, string][] = [
  ['', 'data_emissao'],
  ['', 'optante_simples_nacional'],
  ['prestador', 'cnpj'],
  ['prestador', 'inscricao_municipal'],
  ['prestador', 'codigo_municipio'],
  ['servico', 'valor_servicos'],
  ['servico', 'iss_retido'],
  ['servico', 'item_lista_servico'],
  ['servico', 'discriminacao'],
  ['servico', 'codigo_municipio'],
];

export interface FakeFocusOptions {
  token: string;
  /** The city's cancellation period after authorization. */
  cancelWindowMs?: number;
  /** The fake's clock (tests move it). */
  now?: () => number;
}

export class FakeFocusNfe {
  readonly notas = new Map<string, Nota>();
  /** Every accepted POST, a resend after `erro_autorizacao` included. */
  accepted = 0;
  /** The city rejects the next notas sent (E145), as a misconfigured prestador would be. */
  rejectNext = 0;
  /** The API cannot be reached: every connection is dropped before an answer, as an outage or a network fault. */
  unreachable = false;
  private server: Server | undefined;
  private counter = 100;
  url = '';

  constructor(private readonly options: FakeFocusOptions) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      if (this.unreachable) {
        req.socket.destroy();
        return;
      }
      this.handle(req, res).catch((error: unknown) => this.send(res, 500, { mensagem: String(error) }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** The city finishes processing: every nota sent is authorized (or rejected, `rejectNext`). */
  processAll(): void {
    for (const nota of this.notas.values()) {
      if (nota.status !== 'processando_autorizacao') continue;
      if (this.rejectNext > 0) {
        this.rejectNext -= 1;
        nota.status = 'erro_autorizacao';
        nota.erros = [
          { codigo: 'E145', mensagem: 'Regime Especial de Tributação ausente/inválido.', correcao: null },
        ];
        continue;
      }
      this.counter += 1;
      nota.status = 'autorizado';
      nota.numero = String(this.counter);
      nota.authorizedAt = this.now();
      nota.erros = undefined;
    }
  }

  /** The gatilho's delivery of one nota to `url`. */
  async deliverHook(url: string, ref: string, authorization: string | undefined): Promise<Response> {
    const nota = this.notas.get(ref);
    return fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(nota ? this.view(nota) : { ref }),
    });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private view(nota: Nota): Record<string, unknown> {
    const prestador = (nota.body.prestador ?? {}) as Record<string, unknown>;
    const base = { cnpj_prestador: prestador.cnpj, ref: nota.ref, status: nota.status };
    if (nota.status === 'erro_autorizacao') return { ...base, erros: nota.erros };
    if (nota.status === 'processando_autorizacao') return base;
    const file = `NFSe${String(prestador.cnpj)}-${nota.numero}`;
    return {
      ...base,
      numero: nota.numero,
      codigo_verificacao: `V${nota.numero}`,
      url: `https://prefeitura.example/nfse?num=${nota.numero}`,
      url_danfse: `${this.url}/notas_fiscais_servico/${file}.pdf`,
      caminho_xml_nota_fiscal: `/notas_fiscais_servico/${file}.xml`,
    };
  }

  private authorized(req: IncomingMessage): boolean {
    const expected = `Basic ${Buffer.from(`${this.options.token}:`).toString('base64')}`;
    return req.headers.authorization === expected;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (!this.authorized(req))
      return this.send(res, 403, { codigo: 'permissao_negada', mensagem: 'Access token inválido' });
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (req.method === 'POST' && url.pathname === '/v2/nfse')
      return this.create(res, url.searchParams.get('ref'), body);
    const ref = decodeURIComponent(url.pathname.replace(/^\/v2\/nfse\//, ''));
    const nota = this.notas.get(ref);
    if (!url.pathname.startsWith('/v2/nfse/') || !nota) {
      return this.send(res, 404, { codigo: 'nao_encontrado', mensagem: 'Nota fiscal não encontrada' });
    }
    if (req.method === 'GET') return this.send(res, 200, this.view(nota));
    if (req.method === 'DELETE') return this.cancel(res, nota, body);
    return this.send(res, 404, { codigo: 'nao_encontrado', mensagem: 'Nota fiscal não encontrada' });
  }

  private create(res: ServerResponse, ref: string | null, body: Record<string, unknown>): boolean {
    if (!ref)
      return this.send(res, 400, { codigo: 'requisicao_invalida', mensagem: 'Parâmetro ref não informado' });
    const existing = this.notas.get(ref);
    if (existing?.status === 'processando_autorizacao') {
      return this.send(res, 422, { codigo: 'em_processamento', mensagem: 'Nota fiscal em processamento' });
    }
    if (existing && existing.status !== 'erro_autorizacao') {
      return this.send(res, 422, { codigo: 'nfe_autorizada', mensagem: 'Nota fiscal já autorizada' });
    }
    const missing = REQUIRED.filter(([group, field]) => {
      const holder = (group ? body[group] : body) as Record<string, unknown> | undefined;
      return holder?.[field] === undefined || holder[field] === '';
    });
    if (missing.length > 0) {
      const names = missing.map(([group, field]) => (group ? `${group}.${field}` : field)).join(', ');
      return this.send(res, 400, {
        codigo: 'requisicao_invalida',
        mensagem: `Campos obrigatórios: ${names}`,
      });
    }
    this.accepted += 1;
    this.notas.set(ref, { ref, status: 'processando_autorizacao', body });
    return this.send(res, 202, { ref, status: 'processando_autorizacao' });
  }

  private cancel(res: ServerResponse, nota: Nota, body: Record<string, unknown>): boolean {
    const reason = typeof body.justificativa === 'string' ? body.justificativa : '';
    if (reason.length < 15 || reason.length > 255) {
      return this.send(res, 400, {
        codigo: 'requisicao_invalida',
        mensagem: 'Justificativa deve ter de 15 a 255 caracteres',
      });
    }
    if (nota.status === 'cancelado')
      return this.send(res, 400, { codigo: 'nfe_cancelada', mensagem: 'Nota Fiscal já cancelada' });
    if (nota.status !== 'autorizado') {
      return this.send(res, 400, {
        codigo: 'nfe_nao_autorizada',
        mensagem: 'Nota fiscal não autorizada não pode ser cancelada',
      });
    }
    const window = this.options.cancelWindowMs;
    if (window !== undefined && this.now() - (nota.authorizedAt ?? 0) > window) {
      return this.send(res, 200, {
        status: 'erro_cancelamento',
        erros: [
          {
            codigo: 'E523',
            mensagem: 'nota que você está tentando cancelar está fora do prazo permitido para cancelamento',
            correcao: null,
          },
        ],
      });
    }
    nota.status = 'cancelado';
    return this.send(res, 200, { status: 'cancelado' });
  }

  private send(res: ServerResponse, status: number, body: unknown): true {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
    return true;
  }
}

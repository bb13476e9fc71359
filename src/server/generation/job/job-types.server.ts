import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { Logger } from '#server/logger.server';
import type { MediaTools, PipelineStorage } from '#server/media/media.server';
import type { ContentCredentials } from '#server/provenance/provenance.server';
import type { VideoProvider } from '#server/video-providers/video-providers.server';
import type { CapabilitiesOf, VideoRequestRow } from '#server/video-requests/video-requests.server';
import type { ModelMode } from '#shared/catalogue';
import type { GenerationCapacity } from '../generation-capacity.server';
import type { PromptWriter } from '../prompt-writer.server';
import type { TakeGuarantee } from '../take-check/take-guarantee.server';

export const FAILURE_MESSAGES = {
  blocked: 'O vídeo foi bloqueado pelo filtro de segurança do modelo. Seus créditos foram devolvidos.',
  provider: 'O modelo não conseguiu gerar o vídeo. Seus créditos foram devolvidos.',
  timeout: 'A geração demorou mais que o esperado e foi cancelada. Seus créditos foram devolvidos.',
  download: 'Não foi possível baixar o vídeo gerado. Seus créditos foram devolvidos.',
  render: 'Não foi possível processar o vídeo gerado. Seus créditos foram devolvidos.',
  unexpected: 'Ocorreu um erro ao gerar o vídeo. Seus créditos foram devolvidos.',
  unknown:
    'Não conseguimos confirmar com o modelo se o vídeo começou a ser gerado, então o pedido foi encerrado. Seus créditos foram devolvidos.',
  capacity:
    'O modelo de vídeo esteve sem capacidade por tempo demais e seu pedido não chegou a começar — não foi um problema com o seu prompt. Seus créditos foram devolvidos.',
} as const;
type FailureKind = keyof typeof FAILURE_MESSAGES;

/** A failure that ends the request (failed + refund) at once, with the reason for the logs. */
export class RequestFailure extends Error {
  override name = 'RequestFailure';
  constructor(
    readonly kind: FailureKind,
    detail: string,
  ) {
    super(detail);
  }
}

/** The request went back to the fair queue before anything was accepted: the run ends without settling it. */
export class Requeued extends Error {
  override name = 'Requeued';
}

/** What the job reads (from a stored request) to read reference images and the video an extension continues. */
export interface PipelineReadStorage extends PipelineStorage {
  getStream(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export type FinalHook = (client: pg.PoolClient, requestId: string) => Promise<void>;

interface ProviderEvents {
  pollMs: number;
  /** Waits `ms`, less when an event for the operation came after `since` (the start of the last read). */
  wait(operationName: string, since: number, ms: number, signal?: AbortSignal): Promise<void>;
}

export interface PipelineDeps {
  pool: pg.Pool;
  /** The provider of the first project; `providerFor` picks another project's (its key) when there are several. */
  provider: VideoProvider;
  providerFor?: (project: string | null) => VideoProvider;
  /**
   * The shared budget and the fair queue (ADR 0061; generation-capacity.server.ts): a create is sent only by a
   * request holding a slot, and a 429 puts the request back in line. Always there: a run without a queue passes
   * `unlimitedCapacity()`.
   */
  capacity: GenerationCapacity;
  storage: PipelineReadStorage;
  tools: MediaTools;
  logger: Logger;
  /** What the configured models can do; an extension's answer is joined to its source by it. */
  capabilities: CapabilitiesOf;
  /** Per mode, from the request's creation. */
  timeoutMs: Record<ModelMode, number>;
  /** Poll back-off: starts at `initialMs`, ×1.5 per poll, capped at `maxMs`. */
  poll: { initialMs: number; maxMs: number };
  /**
   * Google's webhooks (ADR 0018): the wait between two reads of a generation ends as soon as its event arrives,
   * and reads are otherwise the rare safety net, every `pollMs`. Undefined: polling alone, on `poll`'s back-off.
   */
  providerEvents?: ProviderEvents;
  /**
   * Enqueues the outbound webhook inside the transaction that moves the request out of `pending` (its first
   * pick-up), so it goes out once per request. Undefined when no webhook is configured.
   */
  enqueueWebhook?: (client: pg.PoolClient, requestId: string) => Promise<void>;
  /** Enqueues the owner's e-mail inside the transaction that writes completed or failed (docs/history-contract.md). */
  enqueueNotification?: FinalHook;
  /** The text model that rewrites the rule-built structured prompt before the first submit; none: the rules'. */
  writePrompt?: PromptWriter;
  /** Garantia do take: checks the stored video before completion (one free re-roll, then a refund). */
  checkTake?: TakeGuarantee;
  /**
   * TRIAL_WATERMARK (ADR 0044): whether a request's hold took trial credits, and the mark's font. Undefined: no
   * video is marked.
   */
  trialMark?: { fontFile: string; paidWithTrial(requestId: string): Promise<boolean> };
  /** Signs each delivered video with its Content Credentials (ADR 0065); undefined: delivered unsigned. */
  credentials?: ContentCredentials;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** The job's last attempt: an unexpected error then fails and refunds instead of waiting for a retry. */
  finalAttempt?: boolean;
}

export type RunOutcome = 'completed' | 'failed' | 'already_final' | 'not_found' | 'requeued';

/**
 * The request as the job reads it: the whole stored row (ADR 0022), so a new column the provider is sent is read
 * with no list of the job's own to extend.
 */
export type RequestRow = VideoRequestRow;

/** The completed request an extension or edit starts from (read-only: a completed request never changes). */
export type SourceRow = Pick<
  VideoRequestRow,
  'id' | 'userId' | 'operationName' | 'model' | 'deliveredSeconds' | 'videoKey'
>;

/** One run of the job for one request: what every step reads. */
export interface JobRun {
  deps: PipelineDeps;
  row: RequestRow;
  provider: VideoProvider;
  /** The wait in line is not the generation's: its deadline runs from the slot. */
  deadline: number;
  log: Logger;
  signal: AbortSignal | undefined;
  /** The delivered file carries the trial mark, drawn in this font (ADR 0044). */
  trialMark: { fontFile: string } | undefined;
}

export function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error as Error)?.name === 'AbortError';
}

export function remaining(deadline: number): number {
  return deadline - Date.now();
}

/** The provider of a project (its key): what made a generation is asked to delete it. */
export function providerOf(deps: PipelineDeps) {
  return (project: string | null) => deps.providerFor?.(project) ?? deps.provider;
}

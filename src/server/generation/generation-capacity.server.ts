import type { FairQueue, ProviderBudget, QuotaRefusal } from '#server/capacity/capacity.server';
import type { Queryable } from '#server/jobs/jobs.server';
import type { Logger } from '#server/logger.server';
import type { VideoQuality } from '#shared/catalogue';
import { type SlotHeartbeat, startSlotHeartbeat } from './slot-heartbeat.server';

/**
 * What the generation job asks of capacity (ADR 0061, ADR 0024). Always present: the worker's is the
 * shared budget and the fair queue; a run with no queue (the pipeline's own tests) constructs the unlimited one,
 * where every request may send and a 429 is waited out as Google asks.
 */
export interface GenerationCapacity {
  /** Before a create: whether the request still holds a live slot (renewed); false sends it back in line. */
  holdsSlot(db: Queryable, requestId: string): Promise<boolean>;
  /** A resumed generation is in progress at Google whatever happened to its lease: its slot is taken back. */
  resume(db: Queryable, request: SlotOwner): Promise<void>;
  /** The create goes out now. */
  sending(db: Queryable, request: SlotOwner): Promise<void>;
  /** Google refused the create with 429: back in line (`requeue`), or wait as Google asks and send again (`wait`). */
  refused(db: Queryable, request: SlotOwner, refusal: QuotaRefusal): Promise<'requeue' | 'wait'>;
  /** Google accepted a create. */
  succeeded(db: Queryable, request: SlotOwner): Promise<void>;
  /** The generation ended (or never started): its slot is free. */
  release(db: Queryable, requestId: string): Promise<void>;
  /** Back in line before anything was accepted. */
  requeue(db: Queryable, requestId: string): Promise<void>;
  /** Keeps the slot while the job holds the generation (slot-heartbeat.server.ts). */
  heartbeat(db: HeartbeatPool, request: SlotOwner, log: Logger): SlotHeartbeat;
}

type HeartbeatPool = Parameters<typeof startSlotHeartbeat>[0]['pool'];

/** The request's columns capacity reads. */
interface SlotOwner {
  id: string;
  quality: VideoQuality;
  providerProject: string | null;
}

const STOPPED: SlotHeartbeat = { stop: async () => undefined };

/** No limits and no line: nothing counted, nothing held. */
export function unlimitedCapacity(): GenerationCapacity {
  return {
    holdsSlot: async () => true,
    resume: async () => undefined,
    sending: async () => undefined,
    refused: async () => 'wait',
    succeeded: async () => undefined,
    release: async () => undefined,
    requeue: async () => undefined,
    heartbeat: () => STOPPED,
  };
}

/**
 * The shared budget and the fair queue: a create is sent only by a request holding a slot, and a 429 puts it back in
 * line. A request the queue never gave a project (made before its dispatch) is counted nowhere.
 */
export function sharedCapacity({
  budget,
  queue,
}: {
  budget: ProviderBudget;
  queue: FairQueue;
}): GenerationCapacity {
  const slot = (request: SlotOwner) =>
    request.providerProject
      ? { project: request.providerProject, model: queue.modelOf(request.quality) }
      : undefined;
  return {
    holdsSlot: async (db, requestId) => Boolean(await budget.renewIfHeld(db, requestId)),
    resume: async (db, request) => {
      const held = slot(request);
      if (held) await budget.holdLease(db, request.id, held.project, held.model);
    },
    sending: async (db, request) => {
      const held = slot(request);
      if (held) await budget.sending(db, request.id, held.project, held.model);
    },
    refused: async (db, request, refusal) => {
      const held = slot(request);
      if (!held) return 'wait';
      await budget.throttled(db, request.id, held.project, held.model, refusal);
      return 'requeue';
    },
    succeeded: async (db, request) => {
      const held = slot(request);
      if (held) await budget.succeeded(db, request.id, held.project, held.model);
    },
    release: (db, requestId) => budget.release(db, requestId),
    requeue: async (db, requestId) => {
      await queue.requeue(db, requestId);
    },
    heartbeat: (pool, request, log) => {
      const held = slot(request);
      return held ? startSlotHeartbeat({ pool, budget, requestId: request.id, ...held, log }) : STOPPED;
    },
  };
}

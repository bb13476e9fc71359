import type pg from 'pg';
import type { ProviderBudget } from '#server/capacity/capacity.server';
import type { Logger } from '#server/logger.server';

/**
 * The slot of a generation this run holds (ADR 0061: a lease in provider_leases), renewed on a timer of its own —
 * every third of the lease — for as long as the run holds the generation, however long one poll takes: a poll
 * through an outage can outlast the lease (the client's 5 attempts of up to 60 s each), and a lapsed lease would
 * hand the slot to a new create while the generation still runs at Google. A lease found lapsed is taken back and
 * logged: the generation is in progress at Google either way.
 */
export interface SlotHeartbeat {
  /** Stops renewing; resolves once no renewal is in flight, so a release after it is not undone. */
  stop(): Promise<void>;
}

export function startSlotHeartbeat(args: {
  pool: pg.Pool;
  budget: ProviderBudget;
  requestId: string;
  project: string;
  model: string;
  log: Logger;
}): SlotHeartbeat {
  const { pool, budget, requestId, project, model, log } = args;
  let inFlight: Promise<void> = Promise.resolve();
  const renew = async () => {
    try {
      if (await budget.renewIfHeld(pool, requestId)) return;
      await budget.holdLease(pool, requestId, project, model);
      log.warn({ project, model }, "the generation's slot had lapsed while it ran; taken back");
    } catch (error) {
      log.warn({ err: error }, "renewing the generation's slot failed; trying again at the next beat");
    }
  };
  const timer = setInterval(() => {
    inFlight = inFlight.then(renew);
  }, budget.leaseMs / 3);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await inFlight;
    },
  };
}

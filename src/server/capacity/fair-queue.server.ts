import type pg from 'pg';
import type { Queryable } from '#server/jobs/jobs.server';
import { inTransaction } from '#server/kernel/transaction.server';
import { type ModelMode, modelModeOf, VIDEO_QUALITIES, type VideoQuality } from '#shared/catalogue';
import { createCostCents } from '#shared/provider-prices';
import { requestResolution } from '#shared/video-models';
import type { AdminQueue, QueuePlace, VideoQueueEstimate } from '#shared/video-queue';
import {
  MEASURED_SQL,
  ORDERED_SQL,
  PRICED_COLUMNS,
  type PricedRow,
  QUEUED_SQL,
  SERVICE_ORDER,
  STARTS_SQL,
  waitingSince,
} from './fair-queue-sql.server';
import type { BudgetHold, BudgetUse, ProviderBudget } from './provider-budget.server';
import { FLOW_WINDOW_SECONDS, paceOf, type QueueModel } from './queue-pace.server';
import type { WorkerSlots } from './worker-slots.server';

/**
 * The fair queue (ADR 0061). A request waits (`pending`, not yet dispatched) until the budget of the model that
 * serves its mode has room; the dispatcher then gives slots in turns across users: every waiting user's oldest
 * request before anyone's second, and within a turn the user served longest ago first (round robin, first in
 * first out within a user). Extensions and edits wait in the same queue; one bound to a project (its source's
 * stored interaction lives there) waits for that project's room.
 *
 * The order is computed from the waiting rows and each user's last dispatch: the place shown is the place served.
 */

export interface FairQueueOptions {
  budget: ProviderBudget;
  /** Google Cloud projects, in the configured order (the local renderer is one project, `local`). */
  projects: readonly string[];
  /** The model that serves each mode. */
  models: Record<ModelMode, string>;
  /** Sends the `video-generate` job inside the transaction that grants the slot. */
  sendJob: (client: pg.PoolClient, requestId: string) => Promise<void>;
  /** The live workers' free job slots: no more is dispatched than they can start (absent: not bounded). */
  workerSlots?: WorkerSlots;
}

/** A waiting request's place, and the budget hold (if any) its wait is made of. */
interface HeldPlace extends QueuePlace {
  heldBy: BudgetHold | null;
}

// Any constant shared by every process: the dispatcher runs in one of them at a time.
const DISPATCH_LOCK = 7_310_423_113;
/** The queue's measured pace: the mean generation time (null: none measured yet) and the starts of the last window. */
interface MeasuredPace {
  seconds: number | null;
  starts: number;
}

export class FairQueue {
  constructor(private readonly options: FairQueueOptions) {}

  /** The distinct models, each with the modes it serves (both modes may share one model, and so one budget). */
  get groups(): QueueModel[] {
    const byModel = new Map<string, VideoQuality[]>();
    // A draft waits in its model's line: the Fast model's (ADR 0033).
    for (const quality of VIDEO_QUALITIES) {
      const model = this.modelOf(quality);
      byModel.set(model, [...(byModel.get(model) ?? []), quality]);
    }
    return [...byModel].map(([model, qualities]) => ({ model, qualities }));
  }

  /** The budget a request of this mode spends. */
  modelOf(quality: VideoQuality): string {
    return this.options.models[modelModeOf(quality)];
  }

  private groupOf(quality: VideoQuality): QueueModel {
    const model = this.modelOf(quality);
    return this.groups.find((group) => group.model === model) ?? { model, qualities: [quality] };
  }

  /**
   * One round of dispatching, in one transaction under a lock no other process holds at the same time: as many
   * waiting requests as the budgets have room for get a slot and their job. Returns how many were dispatched.
   */
  async dispatch(pool: pg.Pool): Promise<number> {
    return inTransaction(pool, async (client) => {
      const locked = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [
        DISPATCH_LOCK,
      ]);
      if (!locked.rows[0]?.ok) return 0;
      const { workerSlots } = this.options;
      let slots = workerSlots ? await workerSlots.free(client) : Number.POSITIVE_INFINITY;
      let dispatched = 0;
      for (const group of this.groups) {
        if (slots <= 0) break;
        const sent = await this.dispatchGroup(client, group, slots);
        slots -= sent;
        dispatched += sent;
      }
      return dispatched;
    });
  }

  private async dispatchGroup(client: pg.PoolClient, group: QueueModel, slots: number): Promise<number> {
    const { budget, projects, sendJob } = this.options;
    const uses = await budget.use(client, projects, group.model, this.costOf(group));
    const room = new Map(uses.map((use) => [use.project, use.room] as const));
    // Spend is counted per create: a Quality take costs more than a Fast one.
    const spendLeft = new Map(
      uses.map((use) => [
        use.project,
        use.spendCapCents === null ? Number.POSITIVE_INFINITY : use.spendCapCents - use.spentCents,
      ]),
    );
    const total = Math.min(
      slots,
      [...room.values()].reduce((sum, free) => sum + free, 0),
    );
    if (total === 0) return 0;
    const candidates = await client.query<{ id: string; provider_project: string | null } & PricedRow>(
      // The first `$3` in the order of service that a project with room may take: a bounded sort of the waiting
      // rows, not every position (which only a place shown to a user needs).
      `${QUEUED_SQL}
       SELECT id, provider_project, ${PRICED_COLUMNS} FROM queued
       WHERE provider_project IS NULL OR provider_project = ANY($2::text[])
       ORDER BY ${SERVICE_ORDER} LIMIT $3`,
      [group.qualities, [...room].filter(([, free]) => free > 0).map(([project]) => project), total],
    );
    let dispatched = 0;
    for (const candidate of candidates.rows) {
      const project = candidate.provider_project ?? roomiest(room);
      const costCents = createCostCents(
        group.model,
        requestResolution(candidate.quality, candidate.masterResolution),
        candidate.clipSeconds,
      );
      if (!project || (room.get(project) ?? 0) <= 0) continue;
      // The next in line waits for the spend window rather than being overtaken by a cheaper take.
      if (costCents > (spendLeft.get(project) ?? 0)) break;
      const taken = await client.query(
        `UPDATE video_requests
         SET dispatched_at = now(), generation_step = 'dispatched', provider_project = $2, updated_at = now()
         WHERE id = $1 AND status = 'pending' AND dispatched_at IS NULL AND NOT film`,
        [candidate.id, project],
      );
      if (taken.rowCount !== 1) continue;
      await budget.grant(client, candidate.id, project, group.model, costCents);
      await sendJob(client, candidate.id);
      room.set(project, (room.get(project) ?? 0) - 1);
      spendLeft.set(project, (spendLeft.get(project) ?? 0) - costCents);
      dispatched += 1;
    }
    return dispatched;
  }

  /**
   * Puts a dispatched request back in line (Google answered 429, or its slot lapsed before it was sent): it keeps
   * its creation time, so it keeps its turn, and the run does not count as an attempt.
   */
  async requeue(db: Queryable, requestId: string): Promise<boolean> {
    await this.options.budget.release(db, requestId);
    const result = await db.query(
      // Back in line for any project with room, unless it is bound to its source's (an extension or an edit).
      `UPDATE video_requests
       SET status = 'pending', generation_step = 'queued', dispatched_at = NULL, attempts = GREATEST(attempts - 1, 0), updated_at = now(),
           provider_project = CASE WHEN extends_request_id IS NULL AND edits_request_id IS NULL
                                   THEN NULL ELSE provider_project END
       WHERE id = $1 AND status IN ('pending', 'processing') AND operation_name IS NULL`,
      [requestId],
    );
    return result.rowCount === 1;
  }

  /**
   * One more slot's cost in the room count: the costliest mode at its resolution and default length (a 4K 10 s take
   * would stall a smaller spend cap); each candidate's own cost is checked as it is dispatched.
   */
  private costOf(group: QueueModel): number {
    return Math.max(
      ...group.qualities.map((quality) => createCostCents(group.model, requestResolution(quality, null))),
    );
  }

  /**
   * The waiting requests whose take has waited longer than `maxWaitMs` since it was queued — except those held by
   * a limit known to lift (Google's `retryDelay`, the day's requests, the spend window) that should start within
   * another `maxWaitMs`: the create page told the user the wait would be longer (ADR 0061).
   */
  async overdue(db: Queryable, maxWaitMs: number): Promise<string[]> {
    const result = await db.query<{ id: string; quality: VideoQuality }>(
      `SELECT id, quality FROM video_requests w
       WHERE status = 'pending' AND dispatched_at IS NULL AND NOT film
         AND ${waitingSince('w')} < now() - make_interval(secs => $1)`,
      [maxWaitMs / 1000],
    );
    if (result.rows.length === 0) return [];
    const places = await this.heldPlaces(
      db,
      result.rows.map((row) => ({ ...row, status: 'pending' })),
    );
    return result.rows
      .filter((row) => {
        const place = places.get(row.id);
        return !(place?.heldBy && place.etaSeconds * 1000 <= maxWaitMs);
      })
      .map((row) => row.id);
  }

  /** The places in line of those of `requests` that wait (each request's mode decides its queue). */
  async places(
    db: Queryable,
    requests: readonly { id: string; quality: VideoQuality; status: string }[],
  ): Promise<Map<string, QueuePlace>> {
    const held = await this.heldPlaces(db, requests);
    return new Map(
      [...held].map(([id, { position, etaSeconds }]) => [id, { position, etaSeconds }] as const),
    );
  }

  private async heldPlaces(
    db: Queryable,
    requests: readonly { id: string; quality: VideoQuality; status: string }[],
  ): Promise<Map<string, HeldPlace>> {
    const waiting = requests.filter((request) => request.status === 'pending');
    const found = await Promise.all(
      this.groups.map(async (group) => {
        const ids = waiting
          .filter((request) => group.qualities.includes(request.quality))
          .map(({ id }) => id);
        return ids.length === 0 ? [] : this.groupPlaces(db, group, ids);
      }),
    );
    return new Map(found.flat());
  }

  /**
   * The places of `ids` in the queue of `group`: their positions and the queue's measured pace in one statement,
   * beside the budget's, so a page of waiting requests costs two parallel round trips per model, not four.
   */
  private async groupPlaces(
    db: Queryable,
    group: QueueModel,
    ids: readonly string[],
  ): Promise<[string, HeldPlace][]> {
    const [found, uses] = await Promise.all([
      db.query<{ id: string | null; position: string | null } & MeasuredPace>(
        `${ORDERED_SQL}
         SELECT o.id, o.position, pace.seconds, pace.starts
         FROM (SELECT (${MEASURED_SQL}) AS seconds, (${STARTS_SQL}) AS starts) pace
         LEFT JOIN ordered o ON o.id = ANY($3::uuid[])`,
        [group.qualities, FLOW_WINDOW_SECONDS, ids],
      ),
      this.options.budget.use(db, this.options.projects, group.model, this.costOf(group)),
    ]);
    const pace = this.paceFrom(uses, group, found.rows[0]);
    return found.rows.flatMap(({ id, position }) => {
      if (id === null || position === null) return [];
      const place = Number(position);
      return [[id, { position: place, etaSeconds: pace.startsIn(place), heldBy: pace.heldBy }] as const];
    });
  }

  /** What a request created now by `userId` would wait, per mode (the create page, before the user pays). */
  async estimate(db: Queryable, userId: string): Promise<VideoQueueEstimate> {
    const entries = await Promise.all(
      VIDEO_QUALITIES.map(async (quality) => {
        const group = this.groupOf(quality);
        const [ahead, pace] = await Promise.all([
          db.query<{ waiting: number; ahead: number }>(
            `${ORDERED_SQL}
             SELECT count(*)::int AS waiting,
                    count(*) FILTER (WHERE turn <= (SELECT count(*) FROM waiting WHERE user_id = $2) + 1)::int AS ahead
             FROM ordered`,
            [group.qualities, userId],
          ),
          this.pace(db, group),
        ]);
        const row = ahead.rows[0] ?? { waiting: 0, ahead: 0 };
        const etaSeconds = pace.startsIn(row.ahead + 1);
        const usualSeconds = pace.usualSeconds(quality);
        return [
          quality,
          {
            waiting: row.waiting,
            etaSeconds,
            usualSeconds,
            longerThanUsual: etaSeconds > usualSeconds,
            heldBy: etaSeconds > 0 ? pace.heldBy : null,
          },
        ] as const;
      }),
    );
    return Object.fromEntries(entries) as VideoQueueEstimate;
  }

  /** The operators' view (`GET /api/admin/queue`, /metrics). */
  async adminView(db: Queryable): Promise<AdminQueue> {
    const { budget, projects, models } = this.options;
    const modes = await Promise.all(
      VIDEO_QUALITIES.map(async (quality) => {
        const result = await db.query<{ waiting: number; oldest: number | null }>(
          `SELECT count(*)::int AS waiting,
                  floor(extract(epoch FROM now() - min(queued_at)))::int AS oldest
           FROM video_requests
           WHERE status = 'pending' AND dispatched_at IS NULL AND NOT film AND quality = $1`,
          [quality],
        );
        const row = result.rows[0];
        return {
          quality,
          model: models[modelModeOf(quality)],
          waiting: row?.waiting ?? 0,
          oldestWaitSeconds:
            row?.oldest === null || row?.oldest === undefined ? null : Math.max(0, row.oldest),
        };
      }),
    );
    const budgets = (
      await Promise.all(this.groups.map((group) => budget.use(db, projects, group.model)))
    ).flat();
    return {
      modes,
      budgets: budgets.map((use) => ({
        project: use.project,
        model: use.model,
        inFlight: use.inFlight,
        inFlightLimit: use.inFlightLimit,
        requestsLastMinute: use.requestsLastMinute,
        requestsPerMinute: budget.limits.requestsPerMinute,
        learnedRequestsPerMinute: use.learnedRequestsPerMinute,
        requestsToday: use.requestsToday,
        requestsPerDay: use.requestsPerDay,
        throttledLastHour: use.throttledLastHour,
      })),
    };
  }

  /** How fast the queue of `group` moves now: free slots, and starts per second once they are taken. */
  private async pace(db: Queryable, group: QueueModel) {
    const { budget, projects } = this.options;
    const [uses, measured] = await Promise.all([
      budget.use(db, projects, group.model, this.costOf(group)),
      db.query<MeasuredPace>(`SELECT (${MEASURED_SQL}) AS seconds, (${STARTS_SQL}) AS starts`, [
        group.qualities,
        FLOW_WINDOW_SECONDS,
      ]),
    ]);
    return this.paceFrom(uses, group, measured.rows[0]);
  }

  private paceFrom(uses: BudgetUse[], group: QueueModel, measured: MeasuredPace | undefined) {
    return paceOf(uses, this.options.budget, measured?.seconds ?? null, group, this.costOf(group), {
      starts: measured?.starts ?? 0,
    });
  }
}

/** The project with the most room (ties: the first configured). */
function roomiest(room: Map<string, number>): string | undefined {
  let best: string | undefined;
  for (const [project, free] of room)
    if (free > 0 && (best === undefined || free > (room.get(best) ?? 0))) best = project;
  return best;
}

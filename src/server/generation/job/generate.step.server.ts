import { type JobRun, Requeued } from './job-types.server';
import { markGenerated } from './request-row.server';
import { submit } from './submit.step.server';
import { type GeneratedVideo, waitForVideo } from './wait-for-video.server';

/**
 * queued/dispatched → submitted → generating → (generated). The create (unless one was stored) and the wait for its
 * video, with the slot renewed all along by a heartbeat of its own; the slot is released when the generation ends.
 * Undefined when the request became final meanwhile.
 */
export async function generate(
  run: JobRun,
): Promise<{ operationName: string; video: GeneratedVideo } | undefined> {
  const { deps, row } = run;
  if (!row.operationName && !(await deps.capacity.holdsSlot(deps.pool, row.id))) {
    // The slot lapsed (this job was retried late): back in line rather than sending without one.
    throw new Requeued('no live slot');
  }
  // A resumed generation is in progress at Google whatever happened to its lease.
  if (row.operationName) await deps.capacity.resume(deps.pool, row);
  const heartbeat = deps.capacity.heartbeat(deps.pool, row, run.log);
  try {
    const operationName = row.operationName ?? (await submit(run));
    if (!operationName) {
      // Settled by someone else before anything was sent: its slot is free again now, not when the lease lapses.
      await heartbeat.stop();
      await deps.capacity.release(deps.pool, row.id);
      return undefined;
    }
    const video = await waitForVideo(run, operationName);
    await heartbeat.stop();
    await deps.capacity.release(deps.pool, row.id);
    if (!(await markGenerated(deps.pool, row.id))) return undefined;
    return { operationName, video };
  } finally {
    await heartbeat.stop();
  }
}

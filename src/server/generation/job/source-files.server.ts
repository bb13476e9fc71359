import { type JoinPlan, mediaKeys } from '#server/media/media.server';
import type { PipelineDeps, RequestRow, SourceRow } from './job-types.server';

/**
 * The source's file in the model's framing (before any 1:1/4:3 crop), and the delivered one when it differs (a crop,
 * or a trial mark: ADR 0044). A marked crop's clean copy is the one a new shot is appended to.
 */
export async function sourceFiles(deps: PipelineDeps, source: SourceRow) {
  const keys = mediaKeys(source.userId, source.id);
  const [separate, unmarked] = await Promise.all([
    deps.storage.exists(keys.source),
    deps.storage.exists(keys.unmarked),
  ]);
  if (!separate) return { modelFraming: keys.video, framed: undefined };
  return { modelFraming: keys.source, framed: unmarked ? keys.unmarked : keys.video };
}

/**
 * An extension's answer is joined to the source so the download is the whole video: a new shot is appended to the
 * film (and to its cropped copy); a continued take keeps the head of the source the answer does not contain.
 */
export async function joinPlan(
  deps: PipelineDeps,
  row: RequestRow,
  source: SourceRow,
  newShot: boolean,
): Promise<JoinPlan> {
  const files = await sourceFiles(deps, source);
  if (newShot) {
    return {
      kind: 'new-shot',
      head: await deps.storage.getStream(files.modelFraming),
      framedHead: files.framed ? await deps.storage.getStream(files.framed) : undefined,
    };
  }
  // The join rule of the model that made the answer: the source's, not the mode's setting of today.
  const result = deps.capabilities(row.quality, source.model).extension?.result ?? { kind: 'new-part' };
  return {
    kind: 'same-take',
    head: await deps.storage.getStream(files.modelFraming),
    headSeconds: source.deliveredSeconds ?? 0,
    repeatedTail:
      result.kind === 'new-part'
        ? undefined
        : { upToSeconds: result.tailSeconds, newPartSeconds: row.clipSeconds },
  };
}

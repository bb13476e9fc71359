import { castFitProblem } from '#shared/cast';
import { castImageCount, useCast } from '#web/features/cast';

/**
 * The cast field's choice: 'Duplicar Solicitação' carries the cast over (`?cast=`), minus members deleted since
 * (`missing` says some were). `problem` is the cast's images with the uploaded references over what the mode's
 * model takes, which blocks a submit.
 */
export function useCastChoice(castIds: string[], uploadedReferences: number, referenceImagesMax: number) {
  const cast = useCast();
  const knownCastIds = cast.data
    ? castIds.filter((castId) => cast.data.some((m) => m.id === castId))
    : castIds;
  const problem = castFitProblem(
    castImageCount(cast.data ?? [], knownCastIds),
    uploadedReferences,
    referenceImagesMax,
  );
  return {
    knownCastIds,
    missing: knownCastIds.length < castIds.length,
    problem,
    refetch: () => void cast.refetch(),
  };
}

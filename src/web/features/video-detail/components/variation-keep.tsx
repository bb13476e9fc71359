import { Check, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VideoRequestView } from '#shared/video-request';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { formatCredits } from '#web/features/credits';
import { useKeepVariation } from '../api/keep-variation';

/**
 * A variation's place in its submit: which of N it is, what the whole submit cost (every variation is charged the
 * same, ADR 0016), and 'Ficar com esta' — the kept one is the group's cover and the one offered for derivations.
 */
export function VariationKeep({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const keep = useKeepVariation(request.id);
  const variation = request.variation;
  if (!variation) return null;
  const count = variation.requestIds.length;
  const total = request.creditsUsed * count;
  const kept = variation.keptId === request.id;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="variation-keep">
      <span data-testid="group-total">
        {t('variation.summary', {
          number: variation.requestIds.indexOf(request.id) + 1,
          count,
          value: formatCredits(total),
        })}
      </span>
      {kept ? (
        <Badge variant="success" data-testid="variation-kept">
          <Check aria-hidden="true" />
          {t('variation.kept')}
        </Badge>
      ) : request.status === 'completed' ? (
        <Button
          size="sm"
          variant="outline"
          loading={keep.isPending}
          onClick={() => keep.mutate()}
          data-testid="keep-variation"
        >
          {keep.isPending ? null : <Star aria-hidden="true" />}
          {t('variation.keep')}
        </Button>
      ) : null}
      {keep.isError ? (
        <span role="alert" className="text-destructive">
          {t('variation.keepError')}
        </span>
      ) : null}
    </div>
  );
}

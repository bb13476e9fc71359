import { useTranslation } from 'react-i18next';
import { requestCredits } from '#shared/catalogue';
import type { VideoRequestView } from '#shared/video-request';
import type { Derivation } from '../api/derivations';

/** What a derived video costs: a new video of the source's mode, length and master (what the server holds). */
export function deriveCost(request: VideoRequestView): number {
  return requestCredits({
    quality: request.quality,
    clipSeconds: request.clipSeconds,
    resolution: request.masterResolution,
  });
}

/**
 * For an extension, which continuation it is (the same take, or a new shot from the last frame) and the total
 * length after it, said before paying; the cost is the charge's question's (ChargeConfirm).
 */
export function DeriveSummary({
  request,
  derivation,
}: {
  request: VideoRequestView;
  derivation: Derivation;
}) {
  const { t } = useTranslation('videoDetail');
  if (derivation !== 'extend') return null;
  // Whether the model continues its take or Cena starts a new shot from the last frame, said before paying.
  const continuation = request.derivations.extend.continuation;
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-3 text-sm" data-testid="extend-summary">
        {continuation ? (
          <>
            <dt className="text-muted-foreground">{t('extend.continuation')}</dt>
            <dd className="text-right font-semibold" data-testid="extend-continuation">
              {t(`extend.continuation_${continuation}`)}
            </dd>
          </>
        ) : null}
        {request.derivations.extend.lengthAfterSeconds !== null ? (
          <>
            <dt className="text-muted-foreground">{t('extend.lengthAfter')}</dt>
            <dd className="text-right font-semibold" data-testid="extend-length-after">
              {t('derive.seconds', { value: request.derivations.extend.lengthAfterSeconds })}
            </dd>
          </>
        ) : null}
      </dl>
      {continuation ? (
        <p className="text-sm text-muted-foreground" data-testid="extend-continuation-hint">
          {t(`extend.continuationHint_${continuation}`)}
        </p>
      ) : null}
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { ShortfallNotice } from './shortfall-notice';

/**
 * What the create page says above the form (ADR 0027): a restored draft, a balance short of the cost (the moment
 * it is known), and credits that arrived while the page was open.
 */
export function CreateNotices({
  restored,
  short,
  cost,
  balance,
  arrived,
  onBuy,
}: {
  restored: boolean;
  short: boolean;
  cost: number;
  balance: number | undefined;
  arrived: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation('videos');
  return (
    <>
      {restored ? (
        <p role="status" className="text-sm text-muted-foreground" data-testid="draft-restored">
          {t('create.draftRestored')}
        </p>
      ) : null}
      {short && balance !== undefined ? (
        <ShortfallNotice cost={cost} balance={balance} onBuy={onBuy} />
      ) : null}
      {arrived ? (
        <p role="status" className="text-sm font-medium text-success" data-testid="credits-arrived">
          {t('create.summary.arrived')}
        </p>
      ) : null}
    </>
  );
}

import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CostSummary } from './cost-summary';

/** The create form's side: cost and balance, the refusal that is not a field's, and the submit button. */
export function CreateSubmitPanel({
  cost,
  balance,
  balanceError,
  showPricing,
  error,
  busy,
  blocked,
}: {
  cost: number;
  balance: number | undefined;
  balanceError: boolean;
  showPricing: boolean;
  error: string | null;
  /** The request is being sent (or was, and the page is leaving). */
  busy: boolean;
  /** Nothing can be sent now: a short balance, an image being checked, the mode unavailable. */
  blocked: boolean;
}) {
  const { t } = useTranslation('videos');
  return (
    <div className="flex flex-col gap-4 lg:sticky lg:top-20">
      <CostSummary cost={cost} balance={balance} balanceError={balanceError} showPricing={showPricing} />
      {error ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive"
          data-testid="create-error"
        >
          {error}
        </p>
      ) : null}
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={busy}
        disabled={blocked}
        data-testid="create-submit"
      >
        {busy ? (
          t('create.submitting')
        ) : (
          <>
            <Sparkles aria-hidden="true" />
            {t('create.submit')}
          </>
        )}
      </Button>
    </div>
  );
}

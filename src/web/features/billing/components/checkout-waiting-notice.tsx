import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { useCredits } from '#web/features/credits';
import { stopWaiting, useCheckoutWaiting } from '../lib/checkout-waiting';

/** "Aguardando pagamento…" while a checkout this tab opened is open elsewhere; gone when the credits land. */
export function CheckoutWaitingNotice() {
  const { t } = useTranslation('billing');
  const waiting = useCheckoutWaiting();
  const credits = useCredits();
  const balance = credits.data?.balance;
  const before = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!waiting) {
      before.current = undefined;
      return;
    }
    if (balance === undefined) return;
    if (before.current === undefined) before.current = balance;
    else if (balance > before.current) stopWaiting();
  }, [waiting, balance]);

  if (!waiting) return null;
  return (
    <div
      role="status"
      data-testid="checkout-waiting"
      className="flex flex-wrap items-center gap-3 rounded-(--radius-card) border border-primary/40 bg-primary/5 p-4"
    >
      <Spinner size="sm" className="text-primary" decorative />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold">{t('waiting.title')}</span>
        <span className="text-sm text-muted-foreground">{t('waiting.body')}</span>
      </div>
      <Button size="sm" variant="ghost" onClick={stopWaiting}>
        {t('waiting.stop')}
      </Button>
    </div>
  );
}

import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/spinner';
import { formatCredits, useCredits } from '#web/features/credits';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useVerifyPayment } from '../api/verify-payment';

type State = { kind: 'loading' } | { kind: 'success'; credits: number } | { kind: 'error'; message: string };

/**
 * /dashboard/payment-success?session_id=: verifies the Checkout session (the same idempotent fulfilment as the
 * webhook) — loading → success (said on the page, balance refreshed) or error (spec §8 messages); retry goes back to loading.
 */
export default function PaymentSuccessPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('paymentSuccess.documentTitle'));
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  const verify = useVerifyPayment();
  const credits = useCredits();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>(() =>
    sessionId ? { kind: 'loading' } : { kind: 'error', message: t('paymentSuccess.missingSession') },
  );
  const started = useRef<string | null>(null);
  const { mutateAsync } = verify;

  useEffect(() => {
    const run = `${sessionId}#${attempt}`;
    if (started.current === run) return; // React strict mode runs effects twice
    started.current = run;
    if (!sessionId) {
      setState({ kind: 'error', message: t('paymentSuccess.missingSession') });
      return;
    }
    setState({ kind: 'loading' });
    const active = () => started.current === run; // a retry or a new session id supersedes this run
    mutateAsync(sessionId).then(
      (result) => {
        if (!active()) return;
        if (result.success) {
          setState({ kind: 'success', credits: result.credits });
        } else {
          setState({ kind: 'error', message: result.message || t('paymentSuccess.notSuccess') });
        }
      },
      (error: unknown) => {
        if (!active()) return;
        console.warn('[billing] verify failed', error);
        setState({ kind: 'error', message: t('paymentSuccess.callFailed') });
      },
    );
  }, [sessionId, attempt, mutateAsync, t]);

  return (
    <section
      className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-5 py-12 text-center"
      data-testid="payment-state"
      data-state={state.kind}
      aria-live="polite"
    >
      {state.kind === 'loading' ? (
        <>
          <Spinner size="lg" className="text-primary" decorative />
          <h1 className="text-2xl font-bold tracking-tight">{t('paymentSuccess.verifying')}</h1>
          <p className="max-w-md text-muted-foreground">{t('paymentSuccess.verifyingBody')}</p>
        </>
      ) : state.kind === 'success' ? (
        <>
          <span className="flex size-16 items-center justify-center rounded-full bg-success-soft text-success">
            <CheckCircle2 aria-hidden="true" className="size-9" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{t('paymentSuccess.successTitle')}</h1>
          <p className="max-w-md text-muted-foreground">
            {t('paymentSuccess.successBody', { credits: formatCredits(state.credits) })}
          </p>
          {credits.data ? (
            <p className="font-medium tabular-nums" data-testid="payment-balance">
              {t('paymentSuccess.balance', { value: formatCredits(credits.data.balance) })}
            </p>
          ) : null}
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link to="/dashboard">{t('paymentSuccess.dashboard')}</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/dashboard/create">{t('paymentSuccess.create')}</Link>
            </Button>
          </div>
        </>
      ) : (
        <>
          <span className="flex size-16 items-center justify-center rounded-full bg-destructive-soft text-destructive">
            <AlertCircle aria-hidden="true" className="size-9" />
          </span>
          <h1 className="text-2xl font-bold tracking-tight">{t('paymentSuccess.errorTitle')}</h1>
          <p role="alert" className="max-w-md text-muted-foreground" data-testid="payment-error">
            {state.message}
          </p>
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            {sessionId ? (
              <Button size="lg" onClick={() => setAttempt((value) => value + 1)}>
                {t('paymentSuccess.retry')}
              </Button>
            ) : null}
            <Button asChild size="lg" variant="outline">
              <Link to="/dashboard">{t('paymentSuccess.dashboard')}</Link>
            </Button>
            <Button asChild size="lg" variant="ghost">
              <Link to="/dashboard/buy-credits">{t('paymentSuccess.cancel')}</Link>
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

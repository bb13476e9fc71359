import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminNota } from '#shared/nota';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog';
import { toast } from '#web/components/ui/toaster';
import { isApiError } from '#web/lib/api';
import { useRetryNota } from '../api/notas';

/**
 * "Tentar de novo" on a failed nota: a confirmation saying what happens (back in the emitter's queue under the same
 * reference, so never issued twice — ADR 0041), then the request, the button busy meanwhile. A 409 (someone retried
 * it first) is said in pt-BR and the lists refresh.
 */
export function NotaRetryButton({
  nota,
  customer,
  amount,
}: {
  nota: AdminNota;
  customer: string;
  amount: string;
}) {
  const { t } = useTranslation('admin');
  const retry = useRetryNota();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const confirm = async () => {
    setRefusal(null);
    try {
      await retry.mutateAsync(nota.id);
      setOpen(false);
      toast.success(t('notas.retried'));
    } catch (error) {
      setRefusal(
        isApiError(error) && error.code === 'nota_not_failed' ? t('notas.notFailed') : t('notas.retryFailed'),
      );
    }
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        loading={retry.isPending}
        aria-label={t('notas.retryLabel', { amount, customer })}
        data-testid="nota-retry"
        onClick={() => {
          setRefusal(null);
          setOpen(true);
        }}
      >
        <RotateCcw aria-hidden="true" />
        {t('notas.retry')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent data-testid="nota-retry-dialog">
          <DialogHeader>
            <DialogTitle>{t('notas.confirmTitle')}</DialogTitle>
            <DialogDescription>
              {t('notas.confirmBody', { amount, item: nota.item, customer })}
            </DialogDescription>
          </DialogHeader>
          {refusal ? (
            <p role="alert" className="text-sm text-destructive" data-testid="nota-retry-refusal">
              {refusal}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('notas.keep')}</Button>
            </DialogClose>
            {refusal ? null : (
              <Button
                loading={retry.isPending}
                onClick={() => void confirm()}
                data-testid="confirm-nota-retry"
              >
                {t('notas.confirm')}
              </Button>
            )}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { PencilLine, RotateCcw } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { VideoRequestView } from '#shared/video-request';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog';
import { useBirthDateGate } from '#web/features/accounts';
import { CREDITS_QUERY_KEY } from '#web/features/credits';
import { ChargeConfirm, FailedResult, VIDEOS_QUERY_KEY } from '#web/features/videos';
import { isApiError } from '#web/lib/api';
import { newUuid } from '#web/lib/uuid';
import { retryVideo } from '../api/retry';
import { createLink } from '../lib/create-link';
import { deriveCost } from './derive-summary';

/**
 * A failed request: why (in pt-BR, from the server) and that its credits are back, then 'Tentar de novo' — the same
 * inputs as a new request, charged only after the charge's question (ADR 0058), whose page opens — and 'Editar e tentar', the create page filled with them.
 * A film is joined again from 'Montar filme', so it offers neither.
 */
export function FailedBox({ request }: { request: VideoRequestView }) {
  const { t } = useTranslation('videoDetail');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clientKey = useRef(newUuid());
  const ageGate = useBirthDateGate();

  const retry = async () => {
    setBusy(true);
    setError(null);
    try {
      const { request: made } = await retryVideo(request.id, clientKey.current);
      void queryClient.invalidateQueries({ queryKey: VIDEOS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CREDITS_QUERY_KEY });
      await navigate(`/dashboard/request/${made.id}`);
    } catch (caught) {
      // A refusal made nothing: the next click is a new attempt. A lost answer keeps the key (one request).
      if (isApiError(caught) && caught.status < 500) clientKey.current = newUuid();
      // An account without a birth date is asked for it (ADR 0066), then confirms again.
      if (!ageGate.asks(caught)) setError(isApiError(caught) ? caught.message : t('derive.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3" data-testid="failed-box">
      <FailedResult request={request} refundAmountShown />
      {request.kind === 'film' ? null : (
        <div className="grid gap-2 sm:flex sm:flex-wrap">
          <Dialog>
            <DialogTrigger asChild>
              <Button size="lg" data-testid="retry-request">
                <RotateCcw aria-hidden="true" />
                {t('retryRequest')}
              </Button>
            </DialogTrigger>
            {/* Hidden, not closed, while "Confirme sua idade" is asked over it: one dialog at a time. */}
            <DialogContent data-testid="retry-dialog" hidden={ageGate.asking}>
              <DialogHeader>
                <DialogTitle>{t('retryConfirm.title')}</DialogTitle>
                <DialogDescription>{t('retryConfirm.description')}</DialogDescription>
              </DialogHeader>
              <ChargeConfirm
                cost={deriveCost(request)}
                confirmLabel={t('retryConfirm.confirm')}
                onConfirm={() => void retry()}
                busy={busy}
                error={error}
                testId="retry"
              />
              {ageGate.dialog}
            </DialogContent>
          </Dialog>
          <Button asChild size="lg" variant="outline">
            <Link to={createLink(request)} data-testid="edit-and-retry">
              <PencilLine aria-hidden="true" />
              {t('editAndRetry')}
            </Link>
          </Button>
        </div>
      )}
    </div>
  );
}

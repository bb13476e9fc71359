import { CheckCircle2, CircleAlert, Clock, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VideoStatus } from '#shared/video-request';
import { Badge, type BadgeVariant } from '#web/components/ui/badge';

const VARIANT: Record<VideoStatus, BadgeVariant> = {
  pending: 'outline',
  processing: 'secondary',
  generating: 'secondary',
  rendering: 'secondary',
  completed: 'success',
  failed: 'destructive',
};

/** A request's status with its pt-BR/English label (spec §4: Pendente … Falhou). */
export function VideoStatusBadge({
  status,
  label,
  className,
}: {
  status: VideoStatus;
  /** Overrides the label (the confirmation page says 'Processando' for a just-queued request). */
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation('videos');
  const Icon =
    status === 'completed'
      ? CheckCircle2
      : status === 'failed'
        ? CircleAlert
        : status === 'pending'
          ? Clock
          : Loader2;
  return (
    <Badge variant={VARIANT[status]} className={className} data-testid="video-status" data-status={status}>
      <Icon
        aria-hidden="true"
        className={
          status === 'completed' || status === 'failed' || status === 'pending' ? undefined : 'animate-spin'
        }
      />
      {label ?? t(`status.${status}`)}
    </Badge>
  );
}

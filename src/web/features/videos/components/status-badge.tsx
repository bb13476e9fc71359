import { CheckCircle2, CircleAlert, Clock, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type VideoPhase, videoPhaseOf } from '#shared/video-phase';
import type { VideoStatus } from '#shared/video-request';
import { Badge, type BadgeVariant } from '#web/components/ui/badge';

const VARIANT: Record<VideoPhase, BadgeVariant> = {
  queued: 'outline',
  generating: 'secondary',
  ready: 'success',
  failed: 'destructive',
};

const ICON = { queued: Clock, generating: Loader2, ready: CheckCircle2, failed: CircleAlert } as const;

/**
 * A request's phase as people are told it — Na fila, Gerando, Pronto, Falhou (ADR 0035); `data-status` keeps the
 * stored status for tests and tools. `waiting` (the request has a place in line) reads 'Na fila' whatever the stored
 * status, so the badge never says 'Gerando' beside the line's 'Na fila: 2º' (ADR 0058).
 */
export function VideoStatusBadge({
  status,
  waiting = false,
  className,
}: {
  status: VideoStatus;
  waiting?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('videos');
  const phase = waiting && videoPhaseOf(status) === 'generating' ? 'queued' : videoPhaseOf(status);
  const Icon = ICON[phase];
  return (
    <Badge
      variant={VARIANT[phase]}
      className={className}
      data-testid="video-status"
      data-status={status}
      data-phase={phase}
    >
      <Icon
        aria-hidden="true"
        className={phase === 'generating' ? 'animate-spin motion-reduce:animate-none' : undefined}
      />
      {t(`phase.${phase}`)}
    </Badge>
  );
}

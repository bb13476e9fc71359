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
 * The recent list's status as the rest of the app tells it: Na fila, Gerando, Pronto, Falhou (ADR 0035 departs from
 * spec §2's three labels and 'Desconhecido', which showed a queued video as unknown).
 */
export function RecentStatusBadge({ status }: { status: VideoStatus }) {
  const { t } = useTranslation('dashboard');
  const phase = videoPhaseOf(status);
  const Icon = ICON[phase];
  return (
    <Badge variant={VARIANT[phase]} data-testid="recent-status" data-status={status} data-phase={phase}>
      <Icon
        aria-hidden="true"
        className={phase === 'generating' ? 'animate-spin motion-reduce:animate-none' : undefined}
      />
      {t(`recent.status.${phase}`)}
    </Badge>
  );
}

import { CheckCircle2, CircleAlert, CircleHelp, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { VideoStatus } from '#shared/video-request';
import { Badge } from '#web/components/ui/badge';

/**
 * The recent list's status (spec §2): it labels only completed, processing and failed; every other status shows
 * as 'Desconhecido' with the outline style.
 */
export function RecentStatusBadge({ status }: { status: VideoStatus }) {
  const { t } = useTranslation('dashboard');
  const common = { 'data-testid': 'recent-status', 'data-status': status } as const;
  switch (status) {
    case 'completed':
      return (
        <Badge variant="success" {...common}>
          <CheckCircle2 aria-hidden="true" />
          {t('recent.status.completed')}
        </Badge>
      );
    case 'processing':
      return (
        <Badge variant="secondary" {...common}>
          <Loader2 aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          {t('recent.status.processing')}
        </Badge>
      );
    case 'failed':
      return (
        <Badge variant="destructive" {...common}>
          <CircleAlert aria-hidden="true" />
          {t('recent.status.failed')}
        </Badge>
      );
    default:
      return (
        <Badge variant="outline" {...common} data-label="unknown">
          <CircleHelp aria-hidden="true" />
          {t('recent.status.unknown')}
        </Badge>
      );
  }
}

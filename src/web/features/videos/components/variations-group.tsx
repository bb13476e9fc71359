import { useQueries } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { videoRequestQueryOptions } from '../api/video-request';
import { VideoStatusBadge } from './status-badge';
import { VideoThumbnail } from './video-thumbnail';

/**
 * The confirmation page's variations: every request of the submit side by side, each live (its own query, kept
 * fresh by the SSE `video_request` event like the page's own), with its status and a way to its detail page.
 */
export function VariationsGroup({ requestIds }: { requestIds: string[] }) {
  const { t } = useTranslation('videos');
  const queries = useQueries({ queries: requestIds.map((id) => videoRequestQueryOptions(id)) });
  return (
    <Card data-testid="variations-group">
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          {t('variations.groupTitle', { count: requestIds.length })}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t('variations.groupHint')}</p>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {requestIds.map((id, index) => {
            const request = queries[index]?.data;
            return (
              <li
                key={id}
                className="flex min-w-0 flex-col gap-2 rounded-lg border border-border p-2"
                data-testid="variation"
                data-id={id}
                data-status={request?.status}
              >
                <span className="text-xs font-medium">{t('variations.item', { index: index + 1 })}</span>
                {request ? (
                  <>
                    <VideoThumbnail url={request.thumbnailUrl} className="w-full" />
                    <VideoStatusBadge status={request.status} />
                  </>
                ) : (
                  <Skeleton className="aspect-video w-full" aria-label={t('variations.loading')} />
                )}
                <Button asChild variant="outline" size="sm" className="w-full">
                  <Link
                    to={`/dashboard/request/${encodeURIComponent(id)}`}
                    aria-label={t('variations.view', { index: index + 1 })}
                  >
                    <Eye aria-hidden="true" />
                    {t('variations.item', { index: index + 1 })}
                  </Link>
                </Button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

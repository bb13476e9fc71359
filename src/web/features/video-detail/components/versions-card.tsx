import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatVideoLength } from '#shared/format';
import type { VideoVersion } from '#shared/video-directing';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { VideoStatusBadge } from '#web/features/videos';
import { cn } from '#web/lib/cn';
import { useVersions } from '../api/derivations';

/**
 * The scene's versions as one timeline (ADR 0011): the original, then every edit and extension in creation order,
 * each with its prompt or instruction, its length and what it was made from. Shown only once a video has more
 * than one version; live through the SSE `video_request` event.
 */
export function VersionsCard({ requestId }: { requestId: string }) {
  const { t } = useTranslation('videoDetail');
  const { data: versions } = useVersions(requestId);
  if (!versions || versions.length < 2) return null;
  const position = new Map(versions.map((version, index) => [version.id, index + 1]));
  const label = (version: VideoVersion) => t(`versions.kind.${version.kind}`);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          {t('versions.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col gap-3" data-testid="versions">
          {versions.map((version, index) => {
            const current = version.id === requestId;
            const source = version.sourceRequestId ? position.get(version.sourceRequestId) : undefined;
            return (
              <li
                key={version.id}
                className={cn(
                  'flex flex-col gap-1 rounded-lg border p-3',
                  current ? 'border-primary bg-primary-soft' : 'border-border',
                )}
                aria-current={current ? 'page' : undefined}
                data-testid="version"
                data-kind={version.kind}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={`/dashboard/request/${version.id}`}
                    className="text-sm font-semibold underline-offset-4 hover:underline"
                  >
                    {t('versions.name', { number: index + 1, kind: label(version) })}
                  </Link>
                  <VideoStatusBadge status={version.status} />
                </div>
                <p className="line-clamp-2 text-sm break-words text-muted-foreground">{version.prompt}</p>
                <p className="text-xs text-muted-foreground" data-testid="version-length">
                  {version.deliveredSeconds === null
                    ? t('versions.lengthPending')
                    : t('versions.length', { value: formatVideoLength(version.deliveredSeconds) })}
                  {source
                    ? ` · ${t(`versions.from.${version.kind === 'edit' || version.kind === 'finish' ? version.kind : 'extension'}`, { number: source })}`
                    : ''}
                </p>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}

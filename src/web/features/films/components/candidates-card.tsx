import { useTranslation } from 'react-i18next';
import type { AspectRatio } from '#shared/catalogue';
import type { FilmCandidate, FilmCandidateRow } from '#shared/films';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { CandidateList, CandidatesSkeleton } from './candidate-list';

/** The board's left side: the completed videos to add, while they load, or why they could not be read. */
export function CandidatesCard({
  candidates,
  ratio,
  onAdd,
}: {
  candidates: {
    data: readonly FilmCandidateRow[] | undefined;
    isLoading: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  ratio: AspectRatio | null;
  onAdd: (video: FilmCandidate) => void;
}) {
  const { t } = useTranslation('films');
  return (
    <Card className="min-w-0 lg:col-span-2">
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          {t('candidates.title')}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t('candidates.hint')}</p>
      </CardHeader>
      <CardContent aria-busy={candidates.isLoading}>
        {candidates.data ? (
          <CandidateList candidates={candidates.data} ratio={ratio} onAdd={onAdd} />
        ) : candidates.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2">
            <p className="font-semibold">{t('candidates.loadError')}</p>
            <Button
              variant="outline"
              loading={candidates.isFetching}
              onClick={() => void candidates.refetch()}
            >
              {t('candidates.retry')}
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-3">
            <Spinner label={t('candidates.loading')} className="text-primary" />
            <CandidatesSkeleton />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

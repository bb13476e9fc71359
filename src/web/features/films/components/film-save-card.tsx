import { Play, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FILM_TITLE_MAX_LENGTH } from '#shared/films';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { Input, Label } from '#web/components/ui/input';

/** The board's end: the film's title, what stops the save, the preview toggle and 'Salvar filme' (free). */
export function FilmSaveCard({
  title,
  onTitle,
  problem,
  previewing,
  canPreview,
  onTogglePreview,
  saving,
}: {
  title: string;
  onTitle: (title: string) => void;
  problem: string | null;
  previewing: boolean;
  canPreview: boolean;
  onTogglePreview: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation('films');
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-6">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="film-title">{t('form.title')}</Label>
          <Input
            id="film-title"
            value={title}
            maxLength={FILM_TITLE_MAX_LENGTH}
            placeholder={t('form.titlePlaceholder')}
            onChange={(event) => onTitle(event.target.value)}
            data-testid="film-title"
          />
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-destructive" data-testid="film-problem">
            {problem}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Button
            type="button"
            variant="outline"
            disabled={!canPreview}
            onClick={onTogglePreview}
            aria-pressed={previewing}
            data-testid="film-preview-toggle"
          >
            {previewing ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
            {previewing ? t('form.stopPreview') : t('form.preview')}
          </Button>
          <Button type="submit" loading={saving} disabled={saving} data-testid="film-save">
            {saving ? t('form.saving') : t('form.save')}
          </Button>
          <p className="text-sm text-muted-foreground">{t('form.free')}</p>
        </div>
      </CardContent>
    </Card>
  );
}

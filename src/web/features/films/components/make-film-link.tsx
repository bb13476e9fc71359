import { Clapperboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, type ButtonVariant } from '#web/components/ui/button';

const FILM_BOARD_PATH = '/dashboard/films/new';

/** 'Montar filme': the scene board, starting with `sceneId` when given (a video's detail page). */
export function MakeFilmLink({
  sceneId,
  variant = 'outline',
  className,
}: {
  sceneId?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const { t } = useTranslation('films');
  const to = sceneId ? `${FILM_BOARD_PATH}?scene=${encodeURIComponent(sceneId)}` : FILM_BOARD_PATH;
  return (
    <Button asChild variant={variant} className={className}>
      <Link to={to} data-testid="make-film">
        <Clapperboard aria-hidden="true" />
        {sceneId ? t('openWith') : t('open')}
      </Link>
    </Button>
  );
}

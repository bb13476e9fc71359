import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';

export const HISTORY_PATH = '/dashboard/history';

/** 'Voltar ao histórico' above the request. */
export function BackToHistoryLink() {
  const { t } = useTranslation('videoDetail');
  return (
    <Button asChild variant="link" className="w-fit">
      <Link to={HISTORY_PATH} data-testid="back-to-history">
        <ArrowLeft aria-hidden="true" />
        {t('back')}
      </Link>
    </Button>
  );
}

import { useTranslation } from 'react-i18next';
import type { Plan } from '#shared/catalogue';
import { Badge } from '#web/components/ui/badge';
import { CardRibbon } from '#web/components/ui/card';
import { SuccessBadge } from './success-badge';

/** "Mais popular" or "Melhor custo-benefício" on the top edge of a plan card; nothing for other plans. */
export function PlanRibbon({ plan }: { plan: Plan }) {
  const { t } = useTranslation('public');
  if (!plan.isPopular && !plan.isBestValue) return null;
  return (
    <CardRibbon>
      {plan.isPopular ? (
        <Badge className="px-3 py-1 shadow-sm">{t('shared.badges.popular')}</Badge>
      ) : (
        <SuccessBadge className="bg-card px-3 py-1 shadow-sm">{t('shared.badges.bestValue')}</SuccessBadge>
      )}
    </CardRibbon>
  );
}

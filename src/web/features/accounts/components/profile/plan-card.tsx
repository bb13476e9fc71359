import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';

/** Room for the subscription and payment history (they come with billing) and the link to /pricing. */
export function PlanCard() {
  const { t } = useTranslation('accounts');
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} data-testid="profile-plan">
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          {t('profile.plan.title')}
        </CardTitle>
        <CardDescription>{t('profile.plan.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline">
          <Link to="/pricing">
            {t('profile.plan.seePlans')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

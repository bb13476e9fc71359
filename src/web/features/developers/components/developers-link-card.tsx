import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';

/** The profile's way into Desenvolvedores (Perfil → Desenvolvedores, ADR 0063). */
export function DevelopersLinkCard() {
  const { t } = useTranslation('developers');
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('title')}</CardTitle>
        <CardDescription>{t('link.body')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Link
          to="/dashboard/developers"
          data-testid="profile-developers-link"
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          {t('link.open')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </CardContent>
    </Card>
  );
}

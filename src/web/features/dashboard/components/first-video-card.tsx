import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';

/**
 * A first dashboard (no video yet) leads with making one: a sample prompt the user can read, and a link that opens
 * the create page with it filled in (`?prompt=`, the same prefill 'Duplicar Solicitação' uses) — not four zeros.
 */
export function FirstVideoCard() {
  const { t } = useTranslation('dashboard');
  const sample = t('firstVideo.samplePrompt');
  return (
    <Card className="border-primary/40 bg-primary-soft/40" data-testid="first-video">
      <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
        <div className="flex flex-col gap-1">
          <h2 className="text-xl font-semibold tracking-tight">{t('firstVideo.title')}</h2>
          <p className="text-muted-foreground">{t('firstVideo.body')}</p>
        </div>
        <figure className="flex flex-col gap-1 rounded-lg border border-border bg-card p-4">
          <figcaption className="text-xs font-medium text-muted-foreground">
            {t('firstVideo.sampleLabel')}
          </figcaption>
          <blockquote className="text-sm">{sample}</blockquote>
        </figure>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link
              to={`/dashboard/create?${new URLSearchParams({ prompt: sample }).toString()}`}
              data-testid="first-video-sample"
            >
              <Sparkles aria-hidden="true" />
              {t('firstVideo.useSample')}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/dashboard/create">{t('firstVideo.ownIdea')}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

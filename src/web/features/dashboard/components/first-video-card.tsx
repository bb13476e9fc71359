import { Gift, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MODE_RESOLUTION } from '#shared/catalogue';
import { formatDate } from '#shared/format';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';

/** The trial grant still unspent: its credits and when they expire. */
export interface TrialGift {
  credits: number;
  expiresAt: string;
}

/**
 * A first dashboard (no video yet) leads with making one: a sample prompt the user can read, and a link that opens
 * the create page with it filled in (`?prompt=`, the same prefill 'Duplicar Solicitação' uses) — not four zeros.
 */
export function FirstVideoCard({ gift, timeZone }: { gift?: TrialGift | null; timeZone: string }) {
  const { t } = useTranslation('dashboard');
  const sample = t('firstVideo.samplePrompt');
  return (
    <Card className="border-primary/40 bg-primary-soft/40" data-testid="first-video">
      <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
        {gift ? (
          // The free first video (ADR 0040), celebrated where it is spent: a gift with its date, not a warning.
          <div className="flex items-start gap-3" data-testid="first-video-gift">
            <Gift aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
            <div className="flex flex-col gap-1">
              <h2 className="text-xl font-semibold tracking-tight">{t('gift.title')}</h2>
              <p className="text-muted-foreground">
                {t('gift.body', {
                  credits: gift.credits,
                  resolution: MODE_RESOLUTION.fast,
                  date: formatDate(new Date(gift.expiresAt), timeZone),
                })}
              </p>
            </div>
          </div>
        ) : null}
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

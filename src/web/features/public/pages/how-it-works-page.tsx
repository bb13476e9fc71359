import { Clock, Coins, Lightbulb } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  MODE_RESOLUTION,
  NATIVE_ASPECT_RATIO,
  PROMPT_MIN_LENGTH,
  VIDEO_COST_CREDITS,
  VIDEO_DURATION_MINUTES,
  VIDEO_QUALITIES,
} from '#shared/catalogue';
import { PageHeader } from '#web/components/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { CtaBand } from '../components/cta-band';
import { DotList } from '../components/dot-list';
import { HowItWorksSteps } from '../components/how-it-works-steps';
import { SectionHeading } from '../components/section-heading';
import { useFormatters } from '../lib/format';

const TIPS = ['subject', 'place', 'camera', 'audio'] as const;

/** `/how-it-works`: the four steps, Fast vs Quality, prompt tips and a button to /pricing. */
export default function HowItWorksPage() {
  const { t } = useTranslation('public');
  const { n, lengths } = useFormatters();
  useDocumentTitle(t('howItWorks.documentTitle'));

  return (
    <>
      <PageHeader title={t('howItWorks.title')} subtitle={t('howItWorks.subtitle')} />
      <div className="container-page flex flex-col gap-16 py-12 sm:gap-20 sm:py-16">
        <section aria-labelledby="steps-title" className="flex flex-col gap-6">
          <h2 id="steps-title" className="sr-only">
            {t('howItWorks.stepsLabel')}
          </h2>
          <HowItWorksSteps />
        </section>

        <section aria-labelledby="modes-title" className="flex flex-col gap-8">
          <SectionHeading
            id="modes-title"
            title={t('howItWorks.modes.title')}
            subtitle={t('howItWorks.modes.subtitle', { seconds: lengths })}
          />
          <ul className="mx-auto grid w-full max-w-4xl gap-4 md:grid-cols-2">
            {VIDEO_QUALITIES.map((quality) => (
              <li key={quality}>
                <Card className="h-full">
                  <CardHeader>
                    <CardTitle>{t(`howItWorks.modes.${quality}.title`)}</CardTitle>
                    <CardDescription className="text-base">
                      {t(`howItWorks.modes.${quality}.body`, {
                        ratio: NATIVE_ASPECT_RATIO,
                        resolution: MODE_RESOLUTION[quality],
                      })}
                    </CardDescription>
                  </CardHeader>
                  <CardContent>
                    <ul className="flex flex-col gap-2 text-sm">
                      <li className="flex items-center gap-2">
                        <Coins aria-hidden="true" className="size-4 text-primary" />
                        {t('howItWorks.modes.cost', { credits: n(VIDEO_COST_CREDITS[quality]) })}
                      </li>
                      <li className="flex items-center gap-2">
                        <Clock aria-hidden="true" className="size-4 text-primary" />
                        {t('howItWorks.modes.time', {
                          min: n(VIDEO_DURATION_MINUTES[quality].min),
                          max: n(VIDEO_DURATION_MINUTES[quality].max),
                        })}
                      </li>
                    </ul>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="tips-title"
          className="mx-auto flex w-full max-w-4xl flex-col gap-5 rounded-(--radius-card) border border-border bg-card p-6 shadow-xs sm:p-8"
        >
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-xl bg-warning-soft text-warning">
              <Lightbulb aria-hidden="true" className="size-5" />
            </span>
            <h2 id="tips-title" className="text-xl font-semibold tracking-tight">
              {t('howItWorks.tips.title')}
            </h2>
          </div>
          <DotList
            items={TIPS.map((tip) => t(`howItWorks.tips.${tip}`))}
            className="grid gap-3 text-sm sm:grid-cols-2"
          />
          <p className="text-sm text-muted-foreground">
            {t('howItWorks.tips.minLength', { chars: n(PROMPT_MIN_LENGTH) })}
          </p>
        </section>

        <CtaBand
          titleId="how-cta-title"
          title={t('howItWorks.cta.title')}
          subtitle={t('howItWorks.cta.subtitle')}
          to="/pricing"
          cta={t('howItWorks.cta.button')}
          className="gap-4"
        />
      </div>
    </>
  );
}

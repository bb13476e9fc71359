import { CreditCard, Download, type LucideIcon, PenLine, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RETENTION, VIDEO_COST_CREDITS, VIDEO_ESTIMATE_MINUTES } from '#shared/catalogue';
import { cn } from '#web/lib/cn';
import { useFormatters } from '../lib/format';

const STEPS: readonly { key: 'signup' | 'plan' | 'create' | 'download'; icon: LucideIcon }[] = [
  { key: 'signup', icon: UserPlus },
  { key: 'plan', icon: CreditCard },
  { key: 'create', icon: PenLine },
  { key: 'download', icon: Download },
];

/** The four steps (sign up, choose a plan, describe the scene, follow and download) as an ordered list. */
export function HowItWorksSteps({
  headingLevel = 'h3',
  className,
}: {
  headingLevel?: 'h2' | 'h3';
  className?: string;
}) {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const Heading = headingLevel;
  const values = {
    age: n(RETENTION.minimumAge),
    fast: n(VIDEO_COST_CREDITS.fast),
    quality: n(VIDEO_COST_CREDITS.quality),
    min: n(VIDEO_ESTIMATE_MINUTES.min),
    max: n(VIDEO_ESTIMATE_MINUTES.max),
  };
  return (
    <ol className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-4', className)}>
      {STEPS.map(({ key, icon: Icon }, index) => (
        <li
          key={key}
          className="relative flex flex-col gap-3 rounded-(--radius-card) border border-border bg-card p-5 shadow-xs sm:p-6"
        >
          <div className="flex items-center justify-between">
            <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <span className="text-sm font-semibold text-muted-foreground">
              {t('howItWorks.stepLabel', { n: n(index + 1) })}
            </span>
          </div>
          <Heading className="text-lg font-semibold tracking-tight">
            {t(`howItWorks.steps.${key}.title`)}
          </Heading>
          <p className="text-sm leading-relaxed text-muted-foreground">
            {t(`howItWorks.steps.${key}.body`, values)}
          </p>
        </li>
      ))}
    </ol>
  );
}

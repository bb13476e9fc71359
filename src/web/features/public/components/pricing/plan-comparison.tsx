import { useTranslation } from 'react-i18next';
import {
  MODE_RESOLUTION,
  PLANS,
  type Plan,
  periodPricePerVideoCents,
  planVideosPerInvoice,
  VIDEO_COST_CREDITS,
} from '#shared/catalogue';
import { formatBRL } from '#shared/format';
import {
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table';
import { cn } from '#web/lib/cn';
import { useFormatters } from '../../lib/format';
import { ScrollTable } from '../scroll-table';
import { SectionHeading } from '../section-heading';
import { ByPeriod } from './by-period';

/** 'Compare os planos': credits, videos and price per video of every plan, side by side. */
export function PlanComparison() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const byPeriod = (text: (period: string) => string) => (
    <ByPeriod
      monthly={text(t('pricing.comparison.periodMonthly'))}
      yearly={text(t('pricing.comparison.periodYearly'))}
    />
  );
  const pricePerVideo = (plan: Plan, quality: 'fast' | 'quality') => (
    <ByPeriod
      monthly={formatBRL(periodPricePerVideoCents(plan, quality, 'monthly'))}
      yearly={formatBRL(periodPricePerVideoCents(plan, quality, 'yearly'))}
    />
  );
  const rows = [
    { label: t('pricing.comparison.monthlyCredits'), value: (plan: Plan) => n(plan.credits) },
    {
      label: t('pricing.comparison.fastVideos', { resolution: MODE_RESOLUTION.fast }),
      value: (plan: Plan) => n(planVideosPerInvoice(plan, 'monthly', 'fast')),
    },
    {
      label: t('pricing.comparison.qualityVideos', { resolution: MODE_RESOLUTION.quality }),
      value: (plan: Plan) => n(planVideosPerInvoice(plan, 'monthly', 'quality')),
    },
    {
      label: t('pricing.comparison.draftVideos', { resolution: MODE_RESOLUTION.draft }),
      value: (plan: Plan) => n(planVideosPerInvoice(plan, 'monthly', 'draft')),
    },
    {
      label: t('pricing.comparison.pricePerFast'),
      value: (plan: Plan) => pricePerVideo(plan, 'fast'),
    },
    {
      label: t('pricing.comparison.pricePerQuality'),
      value: (plan: Plan) => pricePerVideo(plan, 'quality'),
    },
  ];
  return (
    <section aria-labelledby="comparison-title" className="flex flex-col gap-6">
      <SectionHeading id="comparison-title" title={t('pricing.comparison.title')} />
      <ScrollTable
        label={t('pricing.comparison.title')}
        tableClassName="min-w-[36rem]"
        data-testid="plan-comparison"
      >
        <TableCaption className="sr-only">
          {byPeriod((period) => t('pricing.comparison.caption', { period }))}
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead className="sticky left-0 z-10 bg-card pl-4 sm:pl-6">
              {t('pricing.comparison.feature')}
            </TableHead>
            {PLANS.map((plan) => (
              <TableHead
                key={plan.id}
                className={cn(
                  'text-right last:pr-4 sm:last:pr-6',
                  plan.isPopular ? 'text-primary' : 'text-foreground',
                )}
              >
                {plan.name}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableHead
                scope="row"
                className="sticky left-0 z-10 bg-card pl-4 font-medium text-foreground sm:pl-6"
              >
                {row.label}
              </TableHead>
              {PLANS.map((plan) => (
                <TableCell
                  key={plan.id}
                  className="text-right whitespace-nowrap tabular-nums last:pr-4 sm:last:pr-6"
                >
                  {row.value(plan)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </ScrollTable>
      <p className="text-center text-sm text-muted-foreground">
        {byPeriod((period) => t('pricing.comparison.perMonthNote', { period }))}{' '}
        {t('pricing.costNote', { fast: n(VIDEO_COST_CREDITS.fast), quality: n(VIDEO_COST_CREDITS.quality) })}
      </p>
    </section>
  );
}

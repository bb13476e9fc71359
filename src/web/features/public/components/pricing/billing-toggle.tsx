import { useTranslation } from 'react-i18next';
import {
  type BillingPeriod,
  catalogueYearlyDiscountPercent,
  catalogueYearlyFreeMonths,
} from '#shared/catalogue';
import { Badge } from '#web/components/ui/badge';
import { cn } from '#web/lib/cn';
import { useFormatters } from '../../lib/format';
import { SuccessBadge } from '../success-badge';

/** The monthly/yearly switch; the pricing island flips `data-period` on the page's root when it is used. */
export function BillingToggle() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const label = (period: BillingPeriod) =>
    cn(
      'cursor-pointer rounded-md px-1 text-sm font-medium text-muted-foreground transition-colors select-none hover:text-foreground',
      period === 'monthly'
        ? 'group-data-[period=monthly]/pricing:text-foreground'
        : 'group-data-[period=yearly]/pricing:text-foreground',
    );
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="flex items-center gap-3">
        {/* The words also set the period on click; the switch is the one control for keyboards and readers. */}
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className={label('monthly')}
          data-period-choice="monthly"
        >
          {t('pricing.billing.monthly')}
        </button>
        <button
          type="button"
          role="switch"
          aria-checked={false}
          aria-label={t('pricing.billing.toggle')}
          data-testid="billing-toggle"
          data-billing-toggle
          data-period="monthly"
          className={cn(
            'group relative inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors aria-checked:bg-primary',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          )}
        >
          <span
            aria-hidden="true"
            className="block size-7 translate-x-0 rounded-full bg-white shadow-sm transition-transform group-aria-checked:translate-x-6"
          />
        </button>
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          className={label('yearly')}
          data-period-choice="yearly"
        >
          {t('pricing.billing.yearly')}
        </button>
      </div>
      <p className="flex items-center gap-2 text-sm">
        <SuccessBadge>
          {t('pricing.billing.freeMonths', { months: n(catalogueYearlyFreeMonths()) })}
        </SuccessBadge>
        <Badge variant="secondary">
          {t('pricing.billing.discount', { percent: n(catalogueYearlyDiscountPercent()) })}
        </Badge>
      </p>
    </div>
  );
}

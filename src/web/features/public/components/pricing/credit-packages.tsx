import { useTranslation } from 'react-i18next';
import {
  CREDIT_PACKAGES,
  discountBasePackage,
  PACKAGE_CREDIT_VALIDITY_DAYS,
  packageDiscountPercent,
  pricePerCreditCents,
} from '#shared/catalogue';
import { formatBRL, formatDecimal2 } from '#shared/format';
import { Badge } from '#web/components/ui/badge';
import { cn } from '#web/lib/cn';
import { useFormatters } from '../../lib/format';
import { ArrowLink } from '../arrow-link';
import { SectionHeading } from '../section-heading';
import { SuccessBadge } from '../success-badge';
import { BalanceSlot, signedInOnly, signedOutOnly } from '../viewer-slots';

/** Says what the discounts are measured against: the smallest package's per-credit price (ADR 0029). */
function DiscountBasis() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const base = discountBasePackage();
  return (
    <p className="text-center text-sm text-muted-foreground">
      {t('pricing.packages.discountBasis', {
        credits: n(base.credits),
        price: formatDecimal2(pricePerCreditCents(base)),
      })}
    </p>
  );
}

/** 'Precisa de mais créditos?': the one-off packages, bought in the app. */
export function CreditPackages() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const days = n(PACKAGE_CREDIT_VALIDITY_DAYS);
  return (
    <section aria-labelledby="packages-title" className="flex flex-col gap-6">
      <SectionHeading
        id="packages-title"
        title={t('pricing.packages.title')}
        subtitle={t('pricing.packages.subtitle', { days })}
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {CREDIT_PACKAGES.map((pkg) => (
          <li
            key={pkg.id}
            className={cn(
              'flex flex-col gap-2 rounded-(--radius-card) border bg-card p-5 shadow-xs',
              pkg.isPopular ? 'border-primary ring-1 ring-primary' : 'border-border',
            )}
          >
            <div className="flex min-h-6 flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{t('pricing.packages.credits', { credits: n(pkg.credits) })}</h3>
              {pkg.isPopular ? <Badge>{t('shared.badges.popular')}</Badge> : null}
            </div>
            <p className="text-2xl font-bold tracking-tight whitespace-nowrap">{formatBRL(pkg.priceCents)}</p>
            <p className="text-sm text-muted-foreground">
              {t('pricing.packages.perCredit', { price: formatDecimal2(pricePerCreditCents(pkg)) })}
            </p>
            <div className="mt-auto flex flex-wrap gap-2 pt-1">
              {packageDiscountPercent(pkg) > 0 ? (
                <SuccessBadge>
                  {t('pricing.packages.discount', { percent: n(packageDiscountPercent(pkg)) })}
                </SuccessBadge>
              ) : null}
              <Badge variant="outline">{t('pricing.packages.validity', { days })}</Badge>
            </div>
          </li>
        ))}
      </ul>
      <DiscountBasis />
      <div className="flex flex-col items-center gap-2 text-center">
        <ArrowLink to="/dashboard/buy-credits" variant="outline">
          {t('pricing.packages.cta')}
        </ArrowLink>
        <p className="text-sm text-muted-foreground" {...signedOutOnly}>
          {t('pricing.packages.note')}
        </p>
        <SignedInPackagesNote />
      </div>
    </section>
  );
}

/** For a signed-in viewer the sign-in hint makes no sense: their balance, which a package adds to. */
function SignedInPackagesNote() {
  const { t } = useTranslation('public');
  const BALANCE = '\u0000';
  const [before, after] = t('pricing.packages.noteSignedIn', { balance: BALANCE }).split(BALANCE);
  return (
    <p className="text-sm text-muted-foreground" {...signedInOnly}>
      {before}
      <BalanceSlot className="font-medium text-foreground" />
      {after}
    </p>
  );
}

import { ArrowLeft, ArrowRight, Coins, Info } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  CREDIT_PACKAGES,
  type CreditPackage,
  discountBasePackage,
  MODE_RESOLUTION,
  PACKAGE_CREDIT_VALIDITY_DAYS,
  type PackageId,
  packageDiscountPercent,
  pricePerCreditCents,
  VIDEO_COST_CREDITS,
} from '#shared/catalogue';
import { formatBRL, formatDecimal2 } from '#shared/format';
import { PAYMENT_METHODS, type PaymentMethod } from '#shared/payment-methods';
import { CheckList } from '#web/components/check-list';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardRibbon,
  CardTitle,
} from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatCredits, useCredits } from '#web/features/credits';
import { cn } from '#web/lib/cn';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { CheckoutWaitingNotice } from '../components/checkout-waiting-notice';
import { TaxIdField } from '../components/tax-id-field';
import { useBuyPackage } from '../hooks/use-buy-package';
import { announceCheckoutCanceled } from '../lib/checkout-waiting';
import { checkTaxId } from '../lib/tax-id-input';

/** Back from a cancelled checkout (`?canceled=1`): says nothing was charged, and tells the tab that opened it. */
function CanceledNotice() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const canceled = params.get('canceled') === '1';
  useEffect(() => {
    if (canceled) announceCheckoutCanceled();
  }, [canceled]);
  if (!canceled) return null;
  return (
    <p
      role="status"
      data-testid="checkout-canceled"
      className="rounded-(--radius-card) border border-border bg-muted/50 p-4 font-medium"
    >
      {t('waiting.canceled')}
    </p>
  );
}

function CurrentBalance() {
  const { t } = useTranslation('billing');
  const credits = useCredits();
  const balance = credits.data?.balance;
  return (
    <div
      className="flex items-center gap-3 rounded-(--radius-card) border border-border bg-card px-4 py-3 shadow-xs"
      data-testid="buy-credits-balance"
    >
      <Coins aria-hidden="true" className="size-5 text-primary" />
      <div className="flex flex-col">
        <span className="text-xs text-muted-foreground">{t('buyCredits.balance')}</span>
        <span className="text-lg font-semibold tabular-nums" aria-live="polite">
          {balance !== undefined ? (
            <span data-testid="buy-credits-balance-value" data-value={balance}>
              {t('buyCredits.balanceValue', { count: balance, value: formatCredits(balance) })}
            </span>
          ) : credits.isError ? (
            t('buyCredits.balanceError')
          ) : (
            <Skeleton className="h-6 w-24" />
          )}
        </span>
      </div>
    </div>
  );
}

/** How the package is paid: the plans' three methods (ADR 0059), native radios that work with the keyboard. */
function PackageMethodChoice({
  value,
  onChange,
}: {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation('billing');
  return (
    <fieldset className="flex flex-col gap-2 text-sm" data-testid="package-payment-method">
      <legend className="mb-2 font-medium">{t('buyCredits.payment.legend')}</legend>
      <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-4">
        {PAYMENT_METHODS.map((method) => (
          <label key={method} className="flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="radio"
              name="package-payment-method"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              data-testid={`package-method-${method}`}
              className="size-4 accent-primary"
            />
            <span>{t(`buyCredits.payment.${method}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The catalogue's packages as cards, one buy at a time, under the payment method and the optional CPF/CNPJ for
 * the nota fiscal: the purchase page's and the create page's sheet (through this feature's index). A CPF/CNPJ
 * that fails its check digits stops the purchase before a checkout tab opens, with the schema's message.
 */
export function PackageList({
  label,
  pendingId,
  onBuy,
}: {
  label: string;
  pendingId: PackageId | null;
  onBuy: (id: PackageId, taxId: string | undefined, method: PaymentMethod) => void;
}) {
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [taxIdText, setTaxIdText] = useState('');
  const [taxIdError, setTaxIdError] = useState<string | undefined>();
  const taxIdInput = useRef<HTMLInputElement>(null);
  const buy = (id: PackageId) => {
    const checked = checkTaxId(taxIdText);
    if ('error' in checked) {
      setTaxIdError(checked.error);
      taxIdInput.current?.focus();
      return;
    }
    onBuy(id, checked.taxId, method);
  };
  return (
    <>
      <CheckoutWaitingNotice />
      <PackageMethodChoice value={method} onChange={setMethod} />
      <TaxIdField
        ref={taxIdInput}
        value={taxIdText}
        error={taxIdError}
        onChange={(value) => {
          setTaxIdText(value);
          if (taxIdError && !('error' in checkTaxId(value))) setTaxIdError(undefined);
        }}
        onBlur={() => {
          const checked = checkTaxId(taxIdText);
          setTaxIdError('error' in checked ? checked.error : undefined);
        }}
      />
      <ul aria-label={label} className="grid gap-5 pt-3 sm:grid-cols-2 xl:grid-cols-4">
        {CREDIT_PACKAGES.map((pkg) => (
          <li key={pkg.id}>
            <PackageCard
              pkg={pkg}
              pending={pendingId === pkg.id}
              disabled={pendingId !== null && pendingId !== pkg.id}
              onBuy={buy}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

function PackageCard({
  pkg,
  pending,
  disabled,
  onBuy,
}: {
  pkg: CreditPackage;
  pending: boolean;
  disabled: boolean;
  onBuy: (id: PackageId) => void;
}) {
  const { t } = useTranslation('billing');
  const name = t(`buyCredits.names.${pkg.id}`);
  const price = formatBRL(pkg.priceCents);
  const titleId = `package-${pkg.id}-title`;
  const features = [
    t('buyCredits.features.videos', {
      fast: formatCredits(Math.floor(pkg.credits / VIDEO_COST_CREDITS.fast)),
      quality: formatCredits(Math.floor(pkg.credits / VIDEO_COST_CREDITS.quality)),
      fastResolution: MODE_RESOLUTION.fast,
      qualityResolution: MODE_RESOLUTION.quality,
    }),
    t('buyCredits.features.validity', { days: formatCredits(PACKAGE_CREDIT_VALIDITY_DAYS) }),
    t('buyCredits.features.support'),
    t('buyCredits.features.refund'),
  ];
  return (
    <Card
      aria-labelledby={titleId}
      data-testid={`package-${pkg.id}`}
      className={cn('relative h-full', pkg.isPopular && 'border-primary shadow-lg ring-1 ring-primary')}
    >
      {pkg.isPopular ? (
        <CardRibbon>
          <Badge className="px-3 py-1 shadow-sm">{t('buyCredits.popular')}</Badge>
        </CardRibbon>
      ) : null}
      <CardHeader className="gap-1 pt-7">
        <CardTitle as="h2" id={titleId} className="text-base">
          {name}
        </CardTitle>
        <CardDescription>{t(`buyCredits.descriptions.${pkg.id}`)}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <p className="text-3xl font-bold tracking-tight tabular-nums">
            {t('buyCredits.credits', { credits: formatCredits(pkg.credits) })}
          </p>
          <p className="text-xl font-semibold tabular-nums">{price}</p>
          <p className="text-sm text-muted-foreground tabular-nums">
            {t('buyCredits.perCredit', { price: formatDecimal2(pricePerCreditCents(pkg)) })}
          </p>
          <div className="min-h-6 pt-1">
            {packageDiscountPercent(pkg) > 0 ? (
              <Badge variant="success">
                {t('buyCredits.discount', { percent: formatCredits(packageDiscountPercent(pkg)) })}
              </Badge>
            ) : null}
          </div>
        </div>
        <CheckList items={features} className="gap-2" />
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          size="lg"
          variant={pkg.isPopular ? 'primary' : 'outline'}
          loading={pending}
          disabled={disabled}
          aria-label={pending ? undefined : t('buyCredits.buyLabel', { name, price })}
          data-testid={`buy-${pkg.id}`}
          onClick={() => onBuy(pkg.id)}
        >
          {pending ? t('processing') : t('buyCredits.buy')}
        </Button>
      </CardFooter>
    </Card>
  );
}

/** /dashboard/buy-credits: back, balance, the four packages (checkout in a new tab), how package credits work. */
export default function BuyCreditsPage() {
  const { t } = useTranslation('billing');
  useDocumentTitle(t('buyCredits.documentTitle'));
  const { pendingId, buy: onBuy } = useBuyPackage();

  const days = formatCredits(PACKAGE_CREDIT_VALIDITY_DAYS);
  return (
    <div className="container-page flex flex-col gap-6 py-8 sm:py-10">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-3">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            {t('buyCredits.back')}
          </Link>
        </Button>
      </div>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('buyCredits.title')}</h1>
          <p className="text-muted-foreground">{t('buyCredits.subtitle')}</p>
        </div>
        <CurrentBalance />
      </header>
      <CanceledNotice />
      <PackageList
        label={t('buyCredits.packagesLabel')}
        pendingId={pendingId}
        onBuy={(id, taxId, method) => void onBuy(id, taxId, method)}
      />
      <aside
        aria-labelledby="buy-credits-info"
        className="flex gap-3 rounded-(--radius-card) border border-border bg-muted/50 p-4 sm:p-5"
      >
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex flex-col gap-2">
          <h2 id="buy-credits-info" className="font-semibold">
            {t('buyCredits.infoTitle')}
          </h2>
          <ul className="flex list-disc flex-col gap-1 pl-4 text-sm text-muted-foreground">
            <li>{t('buyCredits.info.expiry', { days })}</li>
            <li>{t('buyCredits.info.order')}</li>
            <li>
              {t('buyCredits.info.discountBasis', {
                credits: formatCredits(discountBasePackage().credits),
                price: formatDecimal2(pricePerCreditCents(discountBasePackage())),
              })}
            </li>
            <li>
              {t('buyCredits.info.cost', {
                fast: formatCredits(VIDEO_COST_CREDITS.fast),
                quality: formatCredits(VIDEO_COST_CREDITS.quality),
                draft: formatCredits(VIDEO_COST_CREDITS.draft),
                fastResolution: MODE_RESOLUTION.fast,
                qualityResolution: MODE_RESOLUTION.quality,
                draftResolution: MODE_RESOLUTION.draft,
              })}
            </li>
            <li>{t('buyCredits.info.tab')}</li>
          </ul>
          <p className="flex flex-wrap items-center gap-x-2 text-sm">
            {t('buyCredits.plansHint')}
            <Button asChild variant="link" className="gap-1">
              <Link to="/pricing">
                {t('buyCredits.seePlans')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </p>
        </div>
      </aside>
    </div>
  );
}

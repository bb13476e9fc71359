import { cn } from '#web/lib/cn';
import { splitCurrency } from '../lib/format';

export interface PriceTagProps {
  /** A formatted BRL amount, "R$ 1.099,90". */
  price: string;
  /** Shown after the amount, e.g. "/mês". */
  suffix?: string;
  size?: 'md' | 'lg';
  className?: string;
  'data-testid'?: string;
  /** On the pricing page: the billing period this price belongs to (the other one is hidden). */
  'data-show-period'?: 'monthly' | 'yearly';
}

/**
 * A price with a smaller currency sign, never broken across lines. Its text reads as the formatted price plus the
 * suffix ("R$ 1.099,90/mês"): the space is kept in the DOM while the layout uses a margin.
 */
export function PriceTag({ price, suffix, size = 'lg', className, ...props }: PriceTagProps) {
  const { symbol, amount } = splitCurrency(price);
  return (
    <p className={cn('flex flex-wrap items-baseline', className)} {...props}>
      {/* "R$" and the amount are one unit: only the suffix may wrap to the next line. */}
      <span className="inline-flex items-baseline whitespace-nowrap">
        {symbol ? (
          <span className={cn('mr-1 font-semibold', size === 'lg' ? 'text-xl' : 'text-base')}>{symbol}</span>
        ) : null}
        <span
          className={cn(
            'font-bold tracking-tight',
            size === 'lg' ? 'text-4xl xl:text-3xl' : 'text-3xl lg:text-[1.75rem]',
          )}
        >
          {amount}
        </span>
      </span>
      {suffix ? (
        <span className={cn('text-muted-foreground', size === 'lg' ? 'text-base xl:text-sm' : 'text-sm')}>
          {suffix}
        </span>
      ) : null}
    </p>
  );
}

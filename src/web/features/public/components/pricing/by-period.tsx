import type { ReactNode } from 'react';

/**
 * Both billing periods are prerendered; `data-period` on the pricing page's root (set by the pricing island) shows
 * one of them (styles.css). Without JavaScript the monthly prices show.
 */
export function ByPeriod({ monthly, yearly }: { monthly: ReactNode; yearly: ReactNode }) {
  return (
    <>
      <span data-show-period="monthly">{monthly}</span>
      <span data-show-period="yearly">{yearly}</span>
    </>
  );
}

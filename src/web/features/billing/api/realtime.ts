import type { QueryClient } from '@tanstack/react-query';
import {
  SUBSCRIPTION_QUERY_KEY,
  type Subscription,
  type SubscriptionResponse,
  TRANSACTIONS_QUERY_KEY,
} from './billing-calls';

/**
 * A `subscription` realtime event (`{ subscription }` or null): show the new state at once, then refetch the
 * subscription and the payment history (a payment finished in another tab shows without a reload).
 */
export function applySubscriptionEvent(queryClient: QueryClient, data: unknown): void {
  if (data === null) {
    queryClient.setQueryData<SubscriptionResponse>(SUBSCRIPTION_QUERY_KEY, { subscription: null });
  } else if (data && typeof data === 'object' && 'subscription' in data) {
    const subscription = (data as { subscription: unknown }).subscription;
    if (subscription === null || (typeof subscription === 'object' && 'planId' in subscription)) {
      queryClient.setQueryData<SubscriptionResponse>(SUBSCRIPTION_QUERY_KEY, {
        subscription: subscription as Subscription | null,
      });
    }
  }
  void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_KEY });
}

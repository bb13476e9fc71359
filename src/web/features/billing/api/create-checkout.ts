import { useMutation } from '@tanstack/react-query';
import { createCheckout } from './billing-calls';

/** `POST /api/billing/checkout` → `{ url }` of the plan checkout (opened in a new tab). 409 `subscription_exists`. */
export function useCreateCheckout() {
  return useMutation({ mutationFn: createCheckout });
}

import { useMutation } from '@tanstack/react-query';
import { createCreditCheckout } from './billing-calls';

/** `POST /api/billing/credit-checkout` → `{ url }` of a credit package checkout (opened in a new tab). */
export function useCreateCreditCheckout() {
  return useMutation({ mutationFn: createCreditCheckout });
}

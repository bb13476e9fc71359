import { useMutation } from '@tanstack/react-query';
import { openPortal } from './billing-calls';

/** `POST /api/billing/portal` → `{ url }` of the billing portal (opened in a new tab). */
export function useOpenPortal() {
  return useMutation({ mutationFn: openPortal });
}

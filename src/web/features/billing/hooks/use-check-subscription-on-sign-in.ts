import { useEffect } from 'react';
import { useCheckSubscription } from '../api/check-subscription';

/** Users whose subscription this tab has already checked since it loaded (one check per sign-in / page load). */
const checked = new Set<string>();

/**
 * Spec §4: the subscription check runs on login (`POST /api/billing/check-subscription`, throttled to once per 30 s
 * per user on the server). Called by the signed-in shell: once per user per page load, so a fresh sign-in, a
 * confirmation link or Google all trigger it, and navigating inside the app does not.
 */
export function useCheckSubscriptionOnSignIn(userId: string | undefined): void {
  const check = useCheckSubscription();
  const { mutate } = check;
  useEffect(() => {
    if (!userId || checked.has(userId)) return;
    checked.add(userId);
    mutate(undefined, { onError: (error) => console.warn('[billing] check-subscription failed', error) });
  }, [userId, mutate]);
}

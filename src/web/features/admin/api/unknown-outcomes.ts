import { useQuery } from '@tanstack/react-query';
import { adminContract } from '#shared/admin.contract';
import { callApi } from '#web/lib/api';
import { ADMIN_UNKNOWN_OUTCOMES_KEY } from './keys';

/** `GET /api/admin/unknown-outcomes` → requests refunded with the provider's outcome unknown (ADR 0015). */
export function useUnknownOutcomes() {
  return useQuery({
    queryKey: ADMIN_UNKNOWN_OUTCOMES_KEY,
    queryFn: async ({ signal }) => (await callApi(adminContract.listUnknownOutcomes, { signal })).items,
    staleTime: 30_000,
    retry: 1,
  });
}

import { useMutation } from '@tanstack/react-query';
import { adminContract } from '#shared/admin.contract';
import { callApi } from '#web/lib/api';

/** `POST /api/admin/environment`: which services are configured (never a secret). */
export function useEnvironmentCheck() {
  return useMutation({
    mutationFn: () => callApi(adminContract.checkEnvironment, {}),
  });
}

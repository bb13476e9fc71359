import { useMutation } from '@tanstack/react-query';
import type { EnvironmentCheck } from '../../../../shared/admin';
import { api } from '../../../lib/api';

/** `POST /api/admin/environment`: which services are configured (never a secret). */
export function useEnvironmentCheck() {
  return useMutation({
    mutationFn: () => api.post<EnvironmentCheck>('/api/admin/environment'),
  });
}

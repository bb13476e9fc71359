import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ME_QUERY_KEY, type Me, type ProfileLanguage, type TimeZone } from './me';

export interface UpdateProfileInput {
  name?: string;
  language?: ProfileLanguage;
  timezone?: TimeZone;
}

export function updateProfile(input: UpdateProfileInput): Promise<Me> {
  return api.patch<Me>('/api/me/profile', input);
}

/** `PATCH /api/me/profile`; the answer (the new `GET /api/me`) replaces the cached user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(ME_QUERY_KEY, me),
  });
}

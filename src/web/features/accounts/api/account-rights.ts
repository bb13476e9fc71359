import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  type DeleteAccountBody,
  type DeleteAccountResponse,
  exportFileName,
} from '../../../../shared/account-rights';
import { apiRequest } from '../../../lib/api';
import { downloadAttachment } from '../../../lib/download';
import { clearSignedInUser } from './session';

/** "Exportar meus dados": `GET /api/me/export`, saved as cena-meus-dados-{date}.json. */
export function useExportMyData() {
  return useMutation({
    mutationFn: () =>
      downloadAttachment(
        '/api/me/export',
        'application/json',
        exportFileName(new Date().toISOString().slice(0, 10)),
      ),
  });
}

/**
 * "Excluir minha conta": `DELETE /api/me` with the password (and the two-factor code). The server has signed every
 * device out; the cached user goes too, and the visitor lands on the home page.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      apiRequest<DeleteAccountResponse>('/api/me', { method: 'DELETE', body }),
    onSuccess: () => {
      navigate('/', { replace: true });
      clearSignedInUser(queryClient);
    },
  });
}

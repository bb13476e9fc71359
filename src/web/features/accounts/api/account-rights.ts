import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type DeleteAccountBody, exportFileName } from '#shared/account-rights';
import { accountRightsContract } from '#shared/account-rights.contract';
import { callApi } from '#web/lib/api';
import { downloadAttachment } from '#web/lib/download';
import { clearSignedInUser } from './session';

/** "Exportar meus dados": `GET /api/me/export`, saved as cena-meus-dados-{date}.json. */
export function useExportMyData() {
  return useMutation({
    mutationFn: () =>
      downloadAttachment(
        accountRightsContract.exportMyData.path,
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
    mutationFn: (body: DeleteAccountBody) => callApi(accountRightsContract.deleteAccount, { body }),
    onSuccess: () => {
      navigate('/', { replace: true });
      clearSignedInUser(queryClient);
    },
  });
}

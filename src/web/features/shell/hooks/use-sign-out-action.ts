import { useTranslation } from 'react-i18next';
import { toast } from '#web/components/ui/toaster';
import { authErrorMessage, useSignOut } from '#web/features/accounts';

/** 'Sair' with the spec's toasts ('Logout realizado' / 'Erro no logout'). */
export function useSignOutAction() {
  const { t } = useTranslation('accounts');
  const signOut = useSignOut();
  const run = async () => {
    if (signOut.isPending) return;
    try {
      // mutateAsync (not mutate callbacks): the shell unmounts as soon as the user is signed out.
      await signOut.mutateAsync();
      toast.success(t('signOut.success'), { description: t('signOut.successDescription') });
    } catch (error) {
      toast.error(t('signOut.error'), { description: authErrorMessage(error, t, '') || undefined });
    }
  };
  return { run, isPending: signOut.isPending };
}

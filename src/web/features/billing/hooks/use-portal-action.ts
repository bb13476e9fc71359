import { useTranslation } from 'react-i18next';
import { toast } from '#web/components/ui/toaster';
import { openPendingTab } from '#web/lib/new-tab';
import { useOpenPortal } from '../api/open-portal';

/** Opens the billing portal in a new tab; 'Erro' — 'Não foi possível abrir o portal. Tente novamente.' on failure. */
export function usePortalAction() {
  const { t } = useTranslation('billing');
  const portal = useOpenPortal();
  const run = async () => {
    if (portal.isPending) return;
    const tab = openPendingTab();
    try {
      const { url } = await portal.mutateAsync();
      tab.go(url);
    } catch (error) {
      tab.cancel();
      console.warn('[billing] portal failed', error);
      toast.error(t('toasts.error'), { description: t('toasts.portalError') });
    }
  };
  return { run, isPending: portal.isPending };
}

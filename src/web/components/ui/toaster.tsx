import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner, toast } from 'sonner';
import { announceToaster } from '#web/lib/toaster-bus';

export { toast };

// Importing this module (to call `toast`) is what makes <App> mount the <Toaster>.
announceToaster();

/**
 * Mounted once by <App> (lazily). Use `toast.success('…')`, `toast.error('…')` anywhere. At the bottom, never over
 * the header (logo, balance, menu), and lifted above the create page's fixed bottom bar with the cost and "Gerar
 * vídeo" (sonner's `offset` / `mobileOffset`; under 600 px it spans the width).
 */
/** Clears the create page's fixed bottom bar (one row of a 44 px button and its padding). */
const TOAST_BOTTOM_OFFSET = '5.5rem';

export function Toaster({ toastOptions, ...props }: ComponentProps<typeof Sonner>) {
  const { t } = useTranslation('common');
  return (
    <Sonner
      theme="light"
      position="bottom-center"
      offset={{ bottom: TOAST_BOTTOM_OFFSET }}
      mobileOffset={{ bottom: TOAST_BOTTOM_OFFSET }}
      closeButton
      richColors
      containerAriaLabel={t('notifications')}
      toastOptions={{
        closeButtonAriaLabel: t('close'),
        classNames: { toast: 'font-sans rounded-lg', description: 'text-muted-foreground' },
        ...toastOptions,
      }}
      {...props}
    />
  );
}

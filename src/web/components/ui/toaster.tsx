import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as Sonner, toast } from 'sonner';
import { announceToaster } from '#web/lib/toaster-bus';

export { toast };

// Importing this module (to call `toast`) is what makes <App> mount the <Toaster>.
announceToaster();

/** Mounted once by <App> (lazily). Use `toast.success('…')`, `toast.error('…')` anywhere. */
export function Toaster({ toastOptions, ...props }: ComponentProps<typeof Sonner>) {
  const { t } = useTranslation('common');
  return (
    <Sonner
      theme="light"
      position="top-center"
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
